import { describe, expect, it } from 'vitest';
import { RESTORABLE_KINDS } from '../../shared/contracts/activity';
import { WIDGET_TYPES } from '../../shared/contracts/board';
import { COMMENT_SUBJECTS } from '../../shared/contracts/comments';
import { commentSubjectOf, restorerOf, widgetPolicyOf } from './featureLookup';
import { SERVER_FEATURES } from './registry';

describe('the server registry', () => {
  it('names each feature once', () => {
    const names = SERVER_FEATURES.map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has a feature restoring every deletion the history offers to undo', async () => {
    for (const kind of RESTORABLE_KINDS) {
      const { restorer, restored } = await restorerOf(kind);
      expect(restorer.table, kind).toBeDefined();
      expect(restored.split('.')[0], kind).toBe(kind.split('.')[0]);
    }
  });

  it('has a feature owning every kind of comment subject', async () => {
    for (const type of COMMENT_SUBJECTS) {
      expect((await commentSubjectOf(type)).table, type).toBeDefined();
    }
  });

  it('gives every widget type a policy, the plan-bound whiteboard a check', async () => {
    for (const type of WIDGET_TYPES) expect(await widgetPolicyOf(type)).toBeTypeOf('object');
    expect((await widgetPolicyOf('whiteboard')).assertAllowed).toBeTypeOf('function');
    expect((await widgetPolicyOf('poll')).defaultTitle).toBe('Polls');
  });
});
