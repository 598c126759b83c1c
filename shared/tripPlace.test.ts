import { describe, expect, it } from 'vitest';
import { readTripPlace, tripPlacePath, withoutTripPlace } from './clientRoutes';
import { notificationPath, notificationPlace } from './contracts/notifications';

const TRIP = '0b8e9c1e-5a0e-4a53-9d63-2f4b2f6f9a10';
const ITEM = '5f0c2a7e-1d0b-4c4b-8b7e-6a2d3c4e5f60';

describe('a place in a trip, in its address (issue #38)', () => {
  it('is written and read back, an item or its thread', () => {
    const item = { type: 'todo', id: ITEM };
    const thread = { type: 'poll', id: ITEM, comments: true };
    expect(tripPlacePath(TRIP, item)).toBe(`/trips/${TRIP}?item=todo%3A${ITEM}`);
    expect(readTripPlace(tripPlacePath(TRIP, item).split('?')[1]!)).toEqual(item);
    expect(readTripPlace(`?${tripPlacePath(TRIP, thread).split('?')[1]}`)).toEqual(thread);
    expect(tripPlacePath(TRIP, null)).toBe(`/trips/${TRIP}`);
  });

  it('ignores what is not a place', () => {
    for (const search of [
      '',
      '?item=',
      '?item=todo',
      '?item=:abc',
      '?item=Todo:abc',
      '?item=todo:a:b',
      '?item=todo:<script>',
      `?item=todo:${'x'.repeat(101)}`,
    ]) {
      expect(readTripPlace(search), search).toBeNull();
    }
  });

  it('is dropped from an address, the rest kept', () => {
    expect(withoutTripPlace(`?item=todo:${ITEM}`)).toBe('');
    expect(withoutTripPlace(`?tab=x&comments=todo:${ITEM}`)).toBe('?tab=x');
  });
});

describe('what a notification opens', () => {
  const entry = (kind: Parameters<typeof notificationPlace>[0]['kind'], data = {}) => ({
    kind,
    subjectId: ITEM,
    data,
  });

  it('a mention: the thread on the item its comment is on', () => {
    expect(notificationPlace(entry('mentioned', { on: 'todo' }))).toEqual({
      type: 'todo',
      id: ITEM,
      comments: true,
    });
    // Older entries do not say what the comment was on: the trip opens.
    expect(notificationPlace(entry('mentioned'))).toBeNull();
  });

  it('a chat mention, an assignment, a due to-do, a closed poll: the item', () => {
    expect(notificationPlace(entry('chatMentioned'))).toEqual({ type: 'chat', id: ITEM });
    expect(notificationPlace(entry('assigned'))).toEqual({ type: 'todo', id: ITEM });
    expect(notificationPlace(entry('dueTomorrow'))).toEqual({ type: 'todo', id: ITEM });
    expect(notificationPlace(entry('pollClosed'))).toEqual({ type: 'poll', id: ITEM });
  });

  it('leads to its own page, the place in its trip, or the dashboard', () => {
    expect(notificationPath(entry('invited', { path: '/join/abc' }), TRIP)).toBe('/join/abc');
    expect(notificationPath(entry('assigned'), TRIP)).toBe(`/trips/${TRIP}?item=todo%3A${ITEM}`);
    expect(notificationPath(entry('callStarted'), TRIP)).toBe(`/trips/${TRIP}`);
    expect(notificationPath(entry('assigned'), null)).toBe('/dashboard');
    expect(notificationPath({ kind: 'tripReminder', subjectId: null, data: {} }, TRIP)).toBe(
      `/trips/${TRIP}`,
    );
  });
});
