import { describe, expect, it } from 'vitest';
import { describeGroup, groupActivity } from './activityText';
import type { ActivityEntry } from './contracts/activity';

const ana = { id: 'u-ana', name: 'Ana Lima', image: null };
const ben = { id: 'u-ben', name: 'Ben Ode', image: null };
const NOW = new Date(2030, 5, 10, 15, 0);

let serial = 0;
function entry(
  kind: ActivityEntry['kind'],
  overrides: Partial<ActivityEntry> & { hoursAgo?: number } = {},
): ActivityEntry {
  const { hoursAgo = 1, ...rest } = overrides;
  serial += 1;
  return {
    id: `e${serial}`,
    kind,
    at: new Date(NOW.getTime() - hoursAgo * 3600_000).toISOString(),
    actor: ana,
    subjectId: `s${serial}`,
    data: {},
    restorable: false,
    restoredAt: null,
    ...rest,
  };
}

const sentences = (entries: ActivityEntry[]) =>
  groupActivity(entries, NOW).map((day) => [day.label, day.groups.map(describeGroup)]);

describe('the trip’s history in sentences', () => {
  it('one person doing one thing in a row is one sentence, by day', () => {
    expect(
      sentences([
        entry('todo.added', { data: { label: 'Rent scooters' } }),
        entry('todo.added', { data: { label: 'Book the ferry' } }),
        entry('todo.added', { data: { label: 'Pack' } }),
        entry('widget.moved', { actor: ben, subjectId: 'weather', data: { label: 'Weather' } }),
        entry('widget.moved', { actor: ben, subjectId: 'weather', data: { label: 'Weather' } }),
        entry('option.voted', {
          actor: { ...ben, name: 'Cleo Park' },
          data: { label: 'Villa Sayang', detail: 'yes' },
          hoursAgo: 20,
        }),
        entry('call.ended', {
          actor: null,
          data: { people: ['Ana Lima', 'Ben Ode'], minutes: 12 },
          hoursAgo: 50,
        }),
      ]),
    ).toEqual([
      ['Today', ['Ana Lima added 3 to-dos', 'Ben Ode moved the Weather widget']],
      ['Yesterday', ['Cleo Park voted for Villa Sayang']],
      ['Saturday, Jun 8, 2030', ['Call with Ana Lima and Ben Ode, 12 minutes']],
    ]);
  });

  it('a deletion stays alone (it has its own Restore); different people are not merged', () => {
    const days = groupActivity(
      [
        entry('todo.deleted', { data: { label: 'A' }, restorable: true }),
        entry('todo.deleted', { data: { label: 'B' }, restorable: true }),
        entry('todo.added', { data: { label: 'C' } }),
        entry('todo.added', { actor: ben, data: { label: 'D' } }),
      ],
      NOW,
    );
    expect(days[0]!.groups.map(describeGroup)).toEqual([
      'Ana Lima deleted the to-do “A”',
      'Ana Lima deleted the to-do “B”',
      'Ana Lima added the to-do “C”',
      'Ben Ode added the to-do “D”',
    ]);
  });

  it('words each kind, a former member and a short call included', () => {
    const one = (item: ActivityEntry) => describeGroup(groupActivity([item], NOW)[0]!.groups[0]!);
    expect(one(entry('widget.renamed', { data: { label: 'Ubud', detail: 'Weather' } }))).toBe(
      'Ana Lima renamed the Weather widget to “Ubud”',
    );
    expect(one(entry('widget.added', { data: { label: 'New weather Widget' } }))).toBe(
      'Ana Lima added the New weather Widget',
    );
    expect(one(entry('poll.voted', { data: { label: 'Who drives?' } }))).toBe(
      'Ana Lima voted in “Who drives?”',
    );
    expect(one(entry('todo.assigned', { data: { label: 'Pack', detail: 'Ben Ode' } }))).toBe(
      'Ana Lima assigned “Pack” to Ben Ode',
    );
    expect(one(entry('member.joined', { actor: null }))).toBe('A former member joined the trip');
    expect(one(entry('call.ended', { actor: null, data: { people: [], minutes: 0 } }))).toBe(
      'A call, less than a minute',
    );
    expect(one(entry('trip.dates', { data: { label: '2030-06-01/2030-06-14' } }))).toBe(
      'Ana Lima moved the trip to Jun 1, 2030 – Jun 14, 2030',
    );
  });
});
