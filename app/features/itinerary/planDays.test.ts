import { generateKeyBetween } from 'fractional-indexing';
import { describe, expect, it } from 'vitest';
import { MAX_PLAN_DAYS } from '../../../shared/contracts/itinerary';
import {
  groupPlan,
  moveOver,
  overlapsIn,
  type PlanEntry,
  planDaysOf,
  rankAt,
  sectionsOf,
} from './planDays';

const entry = (overrides: Partial<PlanEntry> & { id: string }): PlanEntry => ({
  rank: 'a0',
  day: null,
  startTime: null,
  endTime: null,
  title: overrides.id,
  goers: null,
  ...overrides,
});

const DAYS = ['2027-01-12', '2027-01-13', '2027-01-14'];

describe('planDaysOf', () => {
  it('is the trip’s days, first to last, at most the plan’s limit', () => {
    expect(planDaysOf({ startDate: '2027-01-30', endDate: '2027-02-02' })).toEqual([
      '2027-01-30',
      '2027-01-31',
      '2027-02-01',
      '2027-02-02',
    ]);
    const long = planDaysOf({ startDate: '2027-01-01', endDate: '2027-12-31' });
    expect(long).toHaveLength(MAX_PLAN_DAYS);
    expect(long.at(-1)).toBe('2027-03-01');
  });
});

describe('groupPlan', () => {
  it('puts each item in its day by rank then id, the ideas apart, and strays outside', () => {
    const items = [
      entry({ id: 'lunch', day: '2027-01-13', rank: 'a1' }),
      entry({ id: 'boat', day: '2027-01-13', rank: 'a0' }),
      // Two moves that chose the same key: by id, the same on every screen.
      entry({ id: 'b-dinner', day: '2027-01-13', rank: 'a2' }),
      entry({ id: 'a-dinner', day: '2027-01-13', rank: 'a2' }),
      entry({ id: 'temple', day: null, rank: 'a1' }),
      entry({ id: 'spa', day: null, rank: 'a0' }),
      entry({ id: 'late', day: '2027-02-01', rank: 'a0' }),
      entry({ id: 'early', day: '2027-01-02', rank: 'a5' }),
    ];
    const plan = groupPlan(items, DAYS);
    expect(plan.days.map((day) => [day.number, day.day, day.items.map((item) => item.id)])).toEqual(
      [
        [1, '2027-01-12', []],
        [2, '2027-01-13', ['boat', 'lunch', 'a-dinner', 'b-dinner']],
        [3, '2027-01-14', []],
      ],
    );
    expect(plan.ideas.map((item) => item.id)).toEqual(['spa', 'temple']);
    expect(plan.outside.map((item) => item.id)).toEqual(['early', 'late']);
    expect([...sectionsOf(plan).keys()]).toEqual([
      'day:2027-01-12',
      'day:2027-01-13',
      'day:2027-01-14',
      'outside',
      'ideas',
    ]);
  });

  it('warns of a day’s overlapping times', () => {
    const plan = groupPlan(
      [
        entry({ id: 'boat', day: DAYS[0], rank: 'a0', startTime: '09:00', endTime: '12:00' }),
        entry({ id: 'lunch', day: DAYS[0], rank: 'a1', startTime: '11:30', endTime: '13:00' }),
        entry({ id: 'nap', day: DAYS[0], rank: 'a2', startTime: '13:00', endTime: '14:00' }),
        // The same times on another day are no clash.
        entry({ id: 'other', day: DAYS[1], rank: 'a0', startTime: '11:30', endTime: '13:00' }),
      ],
      DAYS,
    );
    const pairs = plan.days.map((day) =>
      day.overlaps.map(({ first, second }) => [first.id, second.id]),
    );
    expect(pairs).toEqual([[['boat', 'lunch']], [], []]);
  });
});

describe('overlapsIn', () => {
  const pairs = (items: PlanEntry[]) =>
    overlapsIn(items).map(({ first, second }) => `${first.id}+${second.id}`);

  it('finds items whose times cross; one ending as the next starts does not', () => {
    expect(
      pairs([
        entry({ id: 'a', startTime: '09:00', endTime: '10:00' }),
        entry({ id: 'b', startTime: '10:00', endTime: '11:00' }),
        entry({ id: 'c', startTime: '10:30', endTime: '10:45' }),
      ]),
    ).toEqual(['b+c']);
  });

  it('reads an item without an end as its start: two at once, or one inside another, overlap', () => {
    expect(
      pairs([
        entry({ id: 'tour', startTime: '09:00', endTime: '12:00' }),
        entry({ id: 'call', startTime: '10:00' }),
        entry({ id: 'taxi', startTime: '10:00' }),
        entry({ id: 'after', startTime: '12:00' }),
        entry({ id: 'untimed' }),
      ]),
    ).toEqual(['tour+call', 'tour+taxi', 'call+taxi']);
  });

  it('ignores two groups with nobody in common at once', () => {
    const ana = { id: 'u1', name: 'Ana' };
    const ben = { id: 'u2', name: 'Ben' };
    expect(
      pairs([
        entry({ id: 'surf', startTime: '09:00', endTime: '11:00', goers: [ana] }),
        entry({ id: 'yoga', startTime: '09:00', endTime: '10:00', goers: [ben] }),
        entry({ id: 'all', startTime: '10:30', endTime: '12:00', goers: null }),
      ]),
    ).toEqual(['surf+all']);
  });
});

describe('rankAt', () => {
  const ranks = (...keys: string[]) => keys.map((rank) => ({ rank }));

  it('is a key between the new neighbours, first and last included', () => {
    const list = ranks('a0', 'a1', 'a2');
    const between = rankAt(list, 1)!;
    expect(between > 'a0' && between < 'a1').toBe(true);
    expect(rankAt(list, 0)! < 'a0').toBe(true);
    expect(rankAt(list, 3)! > 'a2').toBe(true);
    expect(rankAt([], 0)).toBe(generateKeyBetween(null, null));
  });

  it('goes after two equal keys, before the next greater one', () => {
    const key = rankAt(ranks('a0', 'a1', 'a1', 'a2'), 2)!;
    expect(key > 'a1' && key < 'a2').toBe(true);
  });

  it('is null next to a key the library cannot read (the server then puts it last)', () => {
    expect(rankAt(ranks('zzz'), 1)).toBeNull();
  });
});

describe('moveOver', () => {
  const columns = new Map([
    ['day:1', ['a', 'b', 'c']],
    ['day:2', ['d']],
    ['outside', ['x']],
    ['ideas', []],
  ] as const);
  const lists = (next: ReturnType<typeof moveOver>) => next && Object.fromEntries(next);

  it('moves within a list to the place of the item it is over', () => {
    expect(lists(moveOver(columns, 'a', 'c'))?.['day:1']).toEqual(['b', 'c', 'a']);
    expect(moveOver(columns, 'a', 'day:1')).toBeNull();
  });

  it('moves to another list before (or after) the item it is over, or to its end', () => {
    expect(lists(moveOver(columns, 'b', 'd'))).toMatchObject({
      'day:1': ['a', 'c'],
      'day:2': ['b', 'd'],
    });
    expect(lists(moveOver(columns, 'b', 'd', true))?.['day:2']).toEqual(['d', 'b']);
    expect(lists(moveOver(columns, 'x', 'ideas'))).toMatchObject({ outside: [], ideas: ['x'] });
  });

  it('drops nothing among the items outside the trip’s dates', () => {
    expect(moveOver(columns, 'a', 'x')).toBeNull();
    expect(moveOver(columns, 'a', 'outside')).toBeNull();
  });
});
