import { describe, expect, it } from 'vitest';
import { describeGroup } from '../activityText';
import { ACTIVITY_KINDS } from './activity';
import { WIDGET_TYPES } from './board';
import { COMMENT_SUBJECTS } from './comments';
import { describeNotification, NOTIFICATION_KINDS } from './notifications';

const unique = (list: readonly string[]) => new Set(list).size === list.length;

describe('the lists features add to', () => {
  it('hold each widget type, comment subject, history kind and notification once', () => {
    expect(unique(WIDGET_TYPES)).toBe(true);
    expect(unique(COMMENT_SUBJECTS)).toBe(true);
    expect(unique(ACTIVITY_KINDS)).toBe(true);
    expect(unique(NOTIFICATION_KINDS)).toBe(true);
    expect([...WIDGET_TYPES].sort()).toEqual([
      'countdown',
      'flight',
      'flightSearch',
      'itinerary',
      'photo',
      'poll',
      'stays',
      'todo',
      'weather',
      'whiteboard',
    ]);
  });

  it('keep the notification settings in their order: the core, the features, the reminders', () => {
    expect(NOTIFICATION_KINDS).toEqual([
      'invited',
      'mentioned',
      'chatMentioned',
      'assigned',
      'dueTomorrow',
      'callStarted',
      'pollClosed',
      'tripReminder',
      'summary',
    ]);
  });

  it('word every kind of history entry, a feature’s as the core’s', () => {
    for (const kind of ACTIVITY_KINDS) {
      const entry = {
        id: kind,
        kind,
        at: '2026-11-28T10:00:00Z',
        actor: { id: 'a', name: 'Ana Lima', image: null },
        subjectId: null,
        data: { label: 'Villa or hostel?' },
        restorable: false,
        restoredAt: null,
      };
      const sentence = describeGroup({ key: kind, kind, actor: entry.actor, entries: [entry] });
      expect(sentence, kind).toMatch(/\w/);
      expect(sentence, kind).not.toContain('undefined');
    }
  });

  it('words a feature’s notification from its contract', () => {
    expect(
      describeNotification(
        { kind: 'pollClosed', data: { label: 'Villa or hostel?', result: 'Villa' } },
        { actor: null, trip: 'Bali' },
      ),
    ).toBe('The poll “Villa or hostel?” closed: Villa (Bali)');
    expect(describeNotification({ kind: 'assigned', data: {} }, { actor: 'Ana', trip: null })).toBe(
      'Ana gave you a to-do in a trip',
    );
    expect(
      describeNotification({ kind: 'chatMentioned', data: {} }, { actor: 'Ana', trip: 'Bali' }),
    ).toBe('Ana mentioned you in the chat of Bali');
  });
});
