import { describe, expect, it } from 'vitest';
import { canChangeItem } from './itemPolicy';

describe('who may change an item a member made', () => {
  const made = { creatorId: 'ana' };

  it('lets its creator and the trip owner, and nobody else', () => {
    expect(canChangeItem(made, { userId: 'ana', role: 'member' })).toBe(true);
    expect(canChangeItem(made, { userId: 'owen', role: 'owner' })).toBe(true);
    expect(canChangeItem(made, { userId: 'bo', role: 'member' })).toBe(false);
  });

  it('leaves an item whose creator deleted their account to the owner', () => {
    expect(canChangeItem({ creatorId: null }, { userId: 'bo', role: 'member' })).toBe(false);
    expect(canChangeItem({ creatorId: undefined }, { userId: 'owen', role: 'owner' })).toBe(true);
  });

  it('lets no one who is not signed in', () => {
    expect(canChangeItem(made, null)).toBe(false);
  });
});
