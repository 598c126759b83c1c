import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/contracts/chat';
import { groupMessages } from './messageGroups';

const ana = { id: 'u1', name: 'Ana Lima', image: null };
const ben = { id: 'u2', name: 'Ben Ode', image: null };

let next = 0;
/** A message written at the local time `at` ("YYYY-MM-DDTHH:MM"). */
function written(author: typeof ana, at: string): ChatMessage {
  next += 1;
  const id = `m${next}`;
  const createdAt = new Date(at).toISOString();
  return { id, tripId: 't1', body: id, author, mentions: [], createdAt, editedAt: null };
}

describe('groupMessages', () => {
  it('puts a person’s messages a few minutes apart in one run, and starts a day anew', () => {
    const now = new Date('2026-12-02T12:00');
    const days = groupMessages(
      [
        written(ana, '2026-12-01T09:00'),
        written(ana, '2026-12-01T09:03'),
        written(ben, '2026-12-01T09:04'),
        written(ben, '2026-12-01T09:20'), // a pause: a new run
        written(ben, '2026-12-02T08:00'), // the next day: a new day
      ],
      now,
    );
    expect(days.map((day) => day.label)).toEqual(['Yesterday', 'Today']);
    expect(
      days.map((day) =>
        day.runs.map((run) => `${run.author.name}: ${run.messages.map((m) => m.body).join(' ')}`),
      ),
    ).toEqual([['Ana Lima: m1 m2', 'Ben Ode: m3', 'Ben Ode: m4'], ['Ben Ode: m5']]);
    expect(groupMessages([], now)).toEqual([]);
  });
});
