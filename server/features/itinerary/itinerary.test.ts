import { sql } from 'drizzle-orm';
import { generateKeyBetween } from 'fractional-indexing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/contracts/activity';
import type { Comment } from '../../../shared/contracts/comments';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import {
  byPlanOrder,
  COST_MAX,
  ITINERARY_LINK_MAX,
  ITINERARY_NOTES_MAX,
  ITINERARY_TITLE_MAX,
  type ItineraryItem,
  ITINERARY_MESSAGES as M,
  MAX_ITINERARY_ITEMS_PER_TRIP,
  MAX_PLAN_DAYS,
} from '../../../shared/contracts/itinerary';
import { itTakesClientIds } from '../../test/clientIds';
import { type Account, createAccount, createTrip } from '../../test/factories';
import {
  connectLive,
  joinTrip,
  type LiveClient,
  nextEvent,
  removedFrom,
  savedIn,
} from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { itineraryItems } from './tables';

let t: TestApp;
let owner: Account;
let member: Account;
let other: Account;
let outsider: Account;
/** 2030-06-01 – 2030-06-14, with all three on it. */
let tripId: string;
const tabs: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  owner = await createAccount(t, { firstName: 'Ana', lastName: 'Lima' });
  member = await createAccount(t, { firstName: 'Bruno', lastName: 'Costa' });
  other = await createAccount(t, { firstName: 'Chen', lastName: 'Wei' });
  outsider = await createAccount(t, { firstName: 'Olga', lastName: 'Outside' });
  tripId = await newTrip();
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.disconnect();
});
afterAll(() => t.close());

/** A trip of Ana's with Bruno and Chen on it (2030-06-01 – 2030-06-14 unless said). */
async function newTrip(dates: { startDate?: string; endDate?: string } = {}) {
  return (await createTrip(t.database.db, owner.id, { memberIds: [member.id, other.id], ...dates }))
    .id;
}

const listPath = (trip = tripId) => `/api/trips/${trip}/itinerary`;
const itemPath = (id: string) => `/api/itinerary/${id}`;

async function add(body: Record<string, unknown>, who: Account = member, trip = tripId) {
  const res = await who.client.post<ItineraryItem>(listPath(trip), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function edit(item: { id: string }, body: Record<string, unknown>, who: Account = member) {
  const res = await who.client.patch<ItineraryItem>(itemPath(item.id), body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function plan(trip = tripId, who: Account = owner) {
  const res = await who.client.get<ItineraryItem[]>(listPath(trip));
  expect(res.status).toBe(200);
  return res.body;
}

/** The plan as titles by day (`idea` for the ideas), in the order the server answers. */
async function titlesByDay(trip: string, who: Account = owner) {
  return (await plan(trip, who)).map((item) => `${item.day ?? 'idea'} ${item.title}`);
}

async function history(trip = tripId) {
  const res = await owner.client.get<ActivityEntry[]>(`/api/trips/${trip}/activity?limit=100`);
  expect(res.status).toBe(200);
  return res.body;
}

function expectRefused(res: { status: number; body: unknown }, message: string, status = 400) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect((res.body as ErrorResponse).message).toContain(message);
}

describe('POST /api/trips/:tripId/itinerary', () => {
  it('adds an item with everything and answers 201 with it, names included', async () => {
    const item = await add({
      kind: 'meal',
      title: '  Dinner at Locavore  ',
      day: '2030-06-02',
      startTime: '19:30',
      endTime: '21:45',
      place: { name: 'Locavore', address: 'Jl. Dewisita, Ubud', lat: -8.507, lon: 115.263 },
      link: 'https://locavore.co.id',
      notes: 'Tasting menu; book two weeks ahead',
      cost: { amount: 85.499, currency: 'eur' },
      goers: [member.id, other.id, member.id],
    });
    expect(item).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tripId,
      kind: 'meal',
      title: 'Dinner at Locavore',
      day: '2030-06-02',
      rank: expect.any(String),
      startTime: '19:30',
      endTime: '21:45',
      place: { name: 'Locavore', address: 'Jl. Dewisita, Ubud', lat: -8.507, lon: 115.263 },
      link: 'https://locavore.co.id',
      notes: 'Tasting menu; book two weeks ahead',
      cost: { amount: 85.5, currency: 'EUR' },
      goers: [
        { id: member.id, name: 'Bruno Costa' },
        { id: other.id, name: 'Chen Wei' },
      ],
      createdBy: { id: member.id, name: 'Bruno Costa' },
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
    expect((await plan()).find((listed) => listed.id === item.id)).toEqual(item);
  });

  it('with a title alone, adds an activity to the ideas, for everyone', async () => {
    const item = await add({ title: 'Try the night market' });
    expect(item).toMatchObject({
      kind: 'activity',
      day: null,
      startTime: null,
      endTime: null,
      place: null,
      link: null,
      notes: null,
      cost: null,
      goers: null,
    });
  });

  it.each([
    [{}, M.missingTitle],
    [{ title: '   ' }, M.missingTitle],
    [{ title: 'x'.repeat(ITINERARY_TITLE_MAX + 1) }, M.titleTooLong],
    [{ title: 'T', kind: 'party' }, M.kind],
    [{ title: 'T', day: 'tomorrow' }, M.day],
    [{ title: 'T', day: '2030-02-30' }, M.day],
    [{ title: 'T', day: '2030-06-02', startTime: '9:30' }, M.time],
    [{ title: 'T', day: '2030-06-02', startTime: '24:00' }, M.time],
    [{ title: 'T', startTime: '10:00', endTime: '09:59' }, M.endBeforeStart],
    [{ title: 'T', endTime: '10:00' }, M.endWithoutStart],
    [{ title: 'T', link: 'ftp://example.com/file' }, M.link],
    [{ title: 'T', link: `https://example.com/${'x'.repeat(ITINERARY_LINK_MAX)}` }, M.linkTooLong],
    [{ title: 'T', notes: 'x'.repeat(ITINERARY_NOTES_MAX + 1) }, M.notes],
    [{ title: 'T', place: { name: ' ' } }, M.placeName],
    [{ title: 'T', place: { name: 'Ubud', lat: 91, lon: 0 } }, M.coordinates],
    [{ title: 'T', cost: { amount: -1, currency: 'EUR' } }, M.cost],
    [{ title: 'T', cost: { amount: COST_MAX + 1, currency: 'EUR' } }, M.cost],
    [{ title: 'T', cost: { amount: 10, currency: 'EURO' } }, M.currency],
    [{ title: 'T', goers: [] }, M.goers],
    [{ title: 'T', goers: 'everyone' }, M.goers],
    [{ title: 'T', rank: 'a-1' }, M.rank],
    [{ title: 'T', rank: 'x'.repeat(101) }, M.rank],
  ])('refuses %j with 400 and its message', async (body, message) => {
    const res = await member.client.post<ErrorResponse>(listPath(), body);
    expectRefused(res, message);
    expect((res.body as ErrorResponse).code).toBe('invalid_input');
  });

  it('refuses a rank that is no fractional-indexing key (the scheme’s own check)', async () => {
    // Each has the contract's characters but is no key of the scheme: a head with too few
    // digits after it (twice), a trailing zero, the one key the scheme reserves (the smallest).
    for (const rank of ['a', 'b1', 'a10', `A${'0'.repeat(26)}`]) {
      const res = await member.client.post<ErrorResponse>(listPath(), { title: 'T', rank });
      expect(res.status, rank).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_input', message: M.rank });
    }
  });

  it(`holds at most ${MAX_ITINERARY_ITEMS_PER_TRIP} items a trip`, async () => {
    const full = await newTrip();
    const ranks: string[] = [];
    for (let index = 0, rank: string | null = null; index < MAX_ITINERARY_ITEMS_PER_TRIP; index++) {
      rank = generateKeyBetween(rank, null);
      ranks.push(rank);
    }
    await t.database.db
      .insert(itineraryItems)
      .values(ranks.map((rank, index) => ({ tripId: full, title: `Idea ${index}`, rank })));
    const res = await owner.client.post<ErrorResponse>(listPath(full), { title: 'One more' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'item_limit', message: M.tooMany });
  });
});

describe('days and the trip’s dates', () => {
  it('takes the trip’s first and last days, and refuses a day outside them', async () => {
    const trip = await newTrip();
    await add({ title: 'Arrive', day: '2030-06-01' }, member, trip);
    await add({ title: 'Fly home', day: '2030-06-14' }, member, trip);
    for (const day of ['2030-05-31', '2030-06-15', '2031-06-01']) {
      const res = await member.client.post<ErrorResponse>(listPath(trip), { title: 'T', day });
      expect(res.status, day).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_input', message: M.dayOutsideTrip });
    }
    const idea = await add({ title: 'Someday' }, member, trip);
    const moved = await member.client.patch<ErrorResponse>(itemPath(idea.id), {
      day: '2030-06-20',
    });
    expect(moved.body).toEqual({ code: 'invalid_input', message: M.dayOutsideTrip });
  });

  it(`plans a long trip’s first ${MAX_PLAN_DAYS} days only`, async () => {
    // 120 days; 2030 is no leap year: Jan 1 + 59 days is Mar 1, the 60th day.
    const trip = await newTrip({ startDate: '2030-01-01', endDate: '2030-04-30' });
    expect((await add({ title: 'Day 60', day: '2030-03-01' }, member, trip)).day).toBe(
      '2030-03-01',
    );
    const beyond = await member.client.post<ErrorResponse>(listPath(trip), {
      title: 'Day 61',
      day: '2030-03-02',
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toEqual({ code: 'invalid_input', message: M.dayBeyondPlan });
  });

  it('keeps an item’s day when the trip’s dates move away from it, and lets it be edited', async () => {
    const trip = await newTrip();
    const last = await add({ title: 'Farewell dinner', day: '2030-06-14' }, member, trip);
    const shortened = await owner.client.patch(`/api/trips/${trip}`, { endDate: '2030-06-10' });
    expect(shortened.status).toBe(200);
    expect((await plan(trip)).map((item) => item.day)).toEqual(['2030-06-14']);
    // Sending its day back unchanged (as an edit form does) is no move, and no refusal.
    const edited = await edit(last, { title: 'Farewell drinks', day: '2030-06-14' });
    expect(edited).toMatchObject({ day: '2030-06-14', rank: last.rank });
    const late = await add({ title: 'Late', day: '2030-06-10' }, member, trip);
    const res = await member.client.patch<ErrorResponse>(itemPath(late.id), {
      day: '2030-06-14',
    });
    expect(res.body).toEqual({ code: 'invalid_input', message: M.dayOutsideTrip });
    // Back into the dates, it moves as any other.
    expect((await edit(last, { day: '2030-06-10' })).day).toBe('2030-06-10');
  });
});

describe('the order of the plan', () => {
  it('lists days in order, each in its rank order, the ideas last', async () => {
    const trip = await newTrip();
    await add({ title: 'Idea', day: null }, member, trip);
    await add({ title: 'Beach', day: '2030-06-03' }, member, trip);
    await add({ title: 'Temple', day: '2030-06-02' }, member, trip);
    await add({ title: 'Lunch', day: '2030-06-02' }, owner, trip);
    await add({ title: 'Dinner', day: '2030-06-02' }, other, trip);
    await add({ title: 'Another idea' }, member, trip);
    expect(await titlesByDay(trip)).toEqual([
      '2030-06-02 Temple',
      '2030-06-02 Lunch',
      '2030-06-02 Dinner',
      '2030-06-03 Beach',
      'idea Idea',
      'idea Another idea',
    ]);
  });

  it('puts an item where its rank says, and keys compare by their bytes (Zz before a0)', async () => {
    const trip = await newTrip();
    const first = await add({ title: 'First', day: '2030-06-02' }, member, trip);
    const last = await add({ title: 'Last', day: '2030-06-02' }, member, trip);
    expect(first.rank < last.rank).toBe(true);
    const between = generateKeyBetween(first.rank, last.rank);
    await add({ title: 'Between', day: '2030-06-02', rank: between }, member, trip);
    // "Zz" sorts after "a0" in a language's collation (letters before case); by bytes, before.
    await add({ title: 'Upper', day: '2030-06-05', rank: 'a0' }, member, trip);
    await add({ title: 'Lower', day: '2030-06-05', rank: 'Zz' }, member, trip);
    expect(await titlesByDay(trip)).toEqual([
      '2030-06-02 First',
      '2030-06-02 Between',
      '2030-06-02 Last',
      '2030-06-05 Lower',
      '2030-06-05 Upper',
    ]);
    const items = await plan(trip);
    expect(
      [...items].sort((a, b) => (a.day ?? '~').localeCompare(b.day ?? '~') || byPlanOrder(a, b)),
    ).toEqual(items);
  });

  it('keeps ranks collated "C": compared by bytes whatever the database’s own collation', async () => {
    // Both drivers answer `{ rows }`; the shared Db type cannot say so.
    const { rows } = (await t.database.db.execute(
      sql`select collation_name as collation from information_schema.columns
          where table_name = 'itinerary_items' and column_name = 'rank'`,
    )) as unknown as { rows: { collation: string | null }[] };
    expect(rows).toEqual([{ collation: 'C' }]);
  });

  it('moves: day with rank places it; day alone puts it last; rank alone within its day', async () => {
    const trip = await newTrip();
    const a = await add({ title: 'A', day: '2030-06-02' }, member, trip);
    const b = await add({ title: 'B', day: '2030-06-02' }, member, trip);
    const c = await add({ title: 'C', day: '2030-06-03' }, member, trip);
    const idea = await add({ title: 'Idea' }, member, trip);

    // Before A on the 2nd.
    await edit(c, { day: '2030-06-02', rank: generateKeyBetween(null, a.rank) });
    expect(await titlesByDay(trip)).toEqual([
      '2030-06-02 C',
      '2030-06-02 A',
      '2030-06-02 B',
      'idea Idea',
    ]);
    // The idea planned: last of the 2nd.
    expect((await edit(idea, { day: '2030-06-02' })).rank > b.rank).toBe(true);
    // A back to the ideas, then B to the top of its day.
    await edit(a, { day: null });
    const top = (await plan(trip))[0]!;
    await edit(b, { rank: generateKeyBetween(null, top.rank) });
    expect(await titlesByDay(trip)).toEqual([
      '2030-06-02 B',
      '2030-06-02 C',
      '2030-06-02 Idea',
      'idea A',
    ]);
  });

  it('two members moving different items at once both keep their moves', async () => {
    const trip = await newTrip();
    const a = await add({ title: 'A', day: '2030-06-02' }, member, trip);
    const b = await add({ title: 'B', day: '2030-06-02' }, member, trip);
    const c = await add({ title: 'C', day: '2030-06-02' }, member, trip);
    const d = await add({ title: 'D', day: '2030-06-04' }, member, trip);
    // Bruno drags A after D on the 4th; Chen drags C to the top of the 2nd: at the same moment.
    const [moveA, moveC] = await Promise.all([
      member.client.patch<ItineraryItem>(itemPath(a.id), {
        day: '2030-06-04',
        rank: generateKeyBetween(d.rank, null),
      }),
      other.client.patch<ItineraryItem>(itemPath(c.id), {
        day: '2030-06-02',
        rank: generateKeyBetween(null, a.rank),
      }),
    ]);
    expect([moveA.status, moveC.status]).toEqual([200, 200]);
    expect(await titlesByDay(trip)).toEqual([
      '2030-06-02 C',
      '2030-06-02 B',
      '2030-06-04 D',
      '2030-06-04 A',
    ]);
    expect((await plan(trip)).find((item) => item.id === b.id)!.rank).toBe(b.rank);
  });

  it('two moves into the same gap end in one order, the same for everyone (rank, then id)', async () => {
    const trip = await newTrip();
    const x = await add({ title: 'X', day: '2030-06-02' }, member, trip);
    const y = await add({ title: 'Y', day: '2030-06-02' }, member, trip);
    const p = await add({ title: 'P', day: '2030-06-03' }, member, trip);
    const q = await add({ title: 'Q' }, member, trip);
    // Both screens saw the same neighbours, so both worked out the same key.
    const gap = generateKeyBetween(x.rank, y.rank);
    const [movedP, movedQ] = await Promise.all([
      member.client.patch<ItineraryItem>(itemPath(p.id), { day: '2030-06-02', rank: gap }),
      other.client.patch<ItineraryItem>(itemPath(q.id), { day: '2030-06-02', rank: gap }),
    ]);
    expect([movedP.status, movedQ.status]).toEqual([200, 200]);
    expect([movedP.body.rank, movedQ.body.rank]).toEqual([gap, gap]);
    const tied = [movedP.body, movedQ.body].sort(byPlanOrder).map((item) => item.id);
    expect(tied).toEqual(p.id < q.id ? [p.id, q.id] : [q.id, p.id]);
    const expected = [x.id, ...tied, y.id];
    const seenByBruno = (await plan(trip, member)).map((item) => item.id);
    const seenByChen = (await plan(trip, other)).map((item) => item.id);
    expect(seenByBruno).toEqual(expected);
    expect(seenByChen).toEqual(expected);
  });
});

describe('PATCH /api/itinerary/:id', () => {
  it('changes what is given, keeps the rest; null and an empty link clear', async () => {
    const item = await add({
      title: 'Snorkelling',
      day: '2030-06-05',
      startTime: '09:00',
      link: 'https://example.com/snorkel',
      cost: { amount: 40, currency: 'USD' },
      notes: 'Bring fins',
    });
    const edited = await edit(
      item,
      { kind: 'activity', title: 'Snorkelling at Amed', link: '', cost: null, notes: null },
      other,
    );
    expect(edited).toMatchObject({
      title: 'Snorkelling at Amed',
      day: '2030-06-05',
      rank: item.rank,
      startTime: '09:00',
      link: null,
      cost: null,
      notes: null,
      createdBy: { id: member.id, name: 'Bruno Costa' },
    });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(item.updatedAt));
  });

  it('checks the times as they will be: the stored ones with the new', async () => {
    const item = await add({ title: 'Cooking class', startTime: '10:00', endTime: '12:00' });
    expectRefused(
      await member.client.patch(itemPath(item.id), { endTime: '09:00' }),
      M.endBeforeStart,
    );
    expectRefused(
      await member.client.patch(itemPath(item.id), { startTime: '12:30' }),
      M.endBeforeStart,
    );
    expectRefused(
      await member.client.patch(itemPath(item.id), { startTime: null }),
      M.endWithoutStart,
    );
    const untimed = await add({ title: 'Massage' });
    expectRefused(
      await member.client.patch(itemPath(untimed.id), { endTime: '18:00' }),
      M.endWithoutStart,
    );
    expect(await edit(item, { startTime: null, endTime: null })).toMatchObject({
      startTime: null,
      endTime: null,
    });
  });

  it('refuses an empty change, a bad rank, and answers 404 for an unknown item', async () => {
    const item = await add({ title: 'Spa' });
    expectRefused(await member.client.patch(itemPath(item.id), {}), M.emptyUpdate);
    const badRank = await member.client.patch<ErrorResponse>(itemPath(item.id), { rank: 'a10' });
    expect(badRank.body).toEqual({ code: 'invalid_input', message: M.rank });
    const unknown = await member.client.patch<ErrorResponse>(itemPath(crypto.randomUUID()), {
      title: 'X',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'not_found', message: M.notFound });
  });

  it('any member edits and removes anyone’s item', async () => {
    const item = await add({ title: 'Owner’s plan' }, owner);
    expect((await other.client.patch(itemPath(item.id), { title: 'Chen’s now' })).status).toBe(200);
    expect((await member.client.delete(itemPath(item.id))).status).toBe(200);
    expect((await plan()).some((listed) => listed.id === item.id)).toBe(false);
    const again = await member.client.delete<ErrorResponse>(itemPath(item.id));
    expect(again.status).toBe(404);
  });
});

describe('who goes', () => {
  it('refuses anyone not on the trip, and an id that is none', async () => {
    for (const goers of [[member.id, outsider.id], ['not-a-uuid']]) {
      const res = await member.client.post<ErrorResponse>(listPath(), { title: 'T', goers });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'not_a_member', message: M.goerNotMember });
    }
    const item = await add({ title: 'Surf lesson', goers: [member.id] });
    const res = await member.client.patch<ErrorResponse>(itemPath(item.id), {
      goers: [outsider.id],
    });
    expect(res.body).toEqual({ code: 'not_a_member', message: M.goerNotMember });
    expect(await edit(item, { goers: null })).toMatchObject({ goers: null });
  });

  it('shows goers by their current names', async () => {
    const renamed = await createAccount(t, { firstName: 'Dara', lastName: 'Old' });
    const trip = (await createTrip(t.database.db, owner.id, { memberIds: [renamed.id] })).id;
    const item = await add({ title: 'Hike', goers: [renamed.id] }, owner, trip);
    expect(item.goers).toEqual([{ id: renamed.id, name: 'Dara Old' }]);
    expect((await renamed.client.patch('/api/user', { lastName: 'New' })).status).toBe(200);
    expect((await plan(trip))[0]!.goers).toEqual([{ id: renamed.id, name: 'Dara New' }]);
  });

  it('a member who leaves goes nowhere; an item only they went to is everyone’s again', async () => {
    const leaver = await createAccount(t, { firstName: 'Lena', lastName: 'Left' });
    const trip = (await createTrip(t.database.db, owner.id, { memberIds: [member.id, leaver.id] }))
      .id;
    const shared = await add({ title: 'Rafting', goers: [leaver.id, member.id] }, owner, trip);
    const theirs = await add({ title: 'Yoga', goers: [leaver.id] }, owner, trip);
    const untouched = await add({ title: 'Dinner', goers: [member.id] }, owner, trip);
    const tab = await connectLive(t.url, member.client.cookie);
    tabs.push(tab);
    expect((await joinTrip(tab, trip)).ok).toBe(true);
    const told = nextEvent(
      tab,
      'change',
      (message) =>
        savedIn('itinerary')(message) &&
        message.change.type === 'item:saved' &&
        (message.change.item as ItineraryItem).id === theirs.id,
    );

    expect((await leaver.client.post(`/api/trips/${trip}/leave`, {})).status).toBe(200);
    const after = new Map((await plan(trip)).map((item) => [item.id, item]));
    expect(after.get(shared.id)!.goers).toEqual([{ id: member.id, name: 'Bruno Costa' }]);
    expect(after.get(theirs.id)!.goers).toBeNull();
    expect(after.get(untouched.id)!.updatedAt).toBe(untouched.updatedAt);
    expect((await told).change).toMatchObject({ item: { id: theirs.id, goers: null } });
  });
});

describe('history, restore and comments', () => {
  it('tells additions, edits, moves (to a day, to the ideas) and removals', async () => {
    const trip = await newTrip();
    const item = await add({ title: 'Waterfall', day: '2030-06-03' }, member, trip);
    await edit(item, { notes: 'Go early' });
    await edit(item, { notes: 'Go early' }); // nothing changed: nothing told
    await edit(item, { day: '2030-06-04' });
    await edit(item, { day: null });
    expect((await member.client.delete(itemPath(item.id))).status).toBe(200);
    const entries = await history(trip);
    expect(entries.map((entry) => [entry.kind, entry.data])).toEqual([
      ['plan.deleted', { label: 'Waterfall' }],
      ['plan.moved', { label: 'Waterfall' }],
      ['plan.moved', { label: 'Waterfall', detail: 'Jun 4, 2030' }],
      ['plan.edited', { label: 'Waterfall' }],
      ['plan.added', { label: 'Waterfall' }],
    ]);
    expect(entries[0]).toMatchObject({
      actor: { name: 'Bruno Costa' },
      subjectId: item.id,
      restorable: true,
    });
  });

  it('restores a removed item where it was, with those of its goers still on the trip', async () => {
    const leaver = await createAccount(t, { firstName: 'Lena', lastName: 'Left' });
    const trip = (await createTrip(t.database.db, owner.id, { memberIds: [member.id, leaver.id] }))
      .id;
    const item = await add(
      {
        title: 'Sunset at Uluwatu',
        day: '2030-06-06',
        startTime: '17:30',
        cost: { amount: 12.5, currency: 'IDR' },
        goers: [member.id, leaver.id],
      },
      owner,
      trip,
    );
    expect((await owner.client.delete(itemPath(item.id))).status).toBe(200);
    expect((await leaver.client.post(`/api/trips/${trip}/leave`, {})).status).toBe(200);
    const deletion = (await history(trip)).find((entry) => entry.kind === 'plan.deleted')!;

    const tab = await connectLive(t.url, owner.client.cookie);
    tabs.push(tab);
    expect((await joinTrip(tab, trip)).ok).toBe(true);
    const told = nextEvent(tab, 'change', savedIn('itinerary'));
    const res = await member.client.post(`/api/trips/${trip}/activity/${deletion.id}/restore`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [back] = await plan(trip);
    expect(back).toEqual({
      ...item,
      goers: [{ id: member.id, name: 'Bruno Costa' }],
      updatedAt: expect.any(String),
    });
    expect((await told).change).toMatchObject({ item: { id: item.id } });
    expect((await history(trip))[0]).toMatchObject({
      kind: 'plan.restored',
      actor: { name: 'Bruno Costa' },
      subjectId: item.id,
      data: { label: 'Sunset at Uluwatu' },
    });
  });

  it('takes comments on a plan item, labelled by its title', async () => {
    const item = await add({ title: 'Gili ferry', day: '2030-06-07' });
    const res = await other.client.post<Comment>(`/api/trips/${tripId}/comments`, {
      subjectType: 'plan',
      subjectId: item.id,
      body: 'Fast boat or slow?',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ subjectType: 'plan', subjectId: item.id });
    const thread = await owner.client.get<Comment[]>(
      `/api/trips/${tripId}/comments?subjectType=plan&subjectId=${item.id}`,
    );
    expect(thread.body.map((comment) => comment.body)).toEqual(['Fast boat or slow?']);
    expect((await history())[0]).toMatchObject({
      kind: 'comment.added',
      data: { label: 'Gili ferry' },
    });
  });
});

describe('outside the trip', () => {
  it('answers a non-member 404 for the list, a new item, an edit and a removal', async () => {
    const item = await add({ title: 'Private plan' });
    const answers = [
      await outsider.client.get(listPath()),
      await outsider.client.post(listPath(), { title: 'Planted' }),
      await outsider.client.patch(itemPath(item.id), { title: 'Taken over' }),
      await outsider.client.delete(itemPath(item.id)),
    ];
    expect(answers.map((res) => res.status)).toEqual([404, 404, 404, 404]);
    expect((await plan()).find((listed) => listed.id === item.id)!.title).toBe('Private plan');
  });
});

describe('live', () => {
  it('another member’s tab hears each item added, changed and removed', async () => {
    const tab = await connectLive(t.url, owner.client.cookie);
    tabs.push(tab);
    expect((await joinTrip(tab, tripId)).ok).toBe(true);
    const added = nextEvent(tab, 'change', savedIn('itinerary'));
    const item = await add({ title: 'Market', day: '2030-06-08' });
    expect((await added).change).toEqual({ type: 'item:saved', list: 'itinerary', item });

    const moved = nextEvent(tab, 'change', savedIn('itinerary'));
    const after = await edit(item, { day: '2030-06-09' });
    expect((await moved).change).toEqual({ type: 'item:saved', list: 'itinerary', item: after });

    const removed = nextEvent(tab, 'change', removedFrom('itinerary'));
    await member.client.delete(itemPath(item.id));
    expect((await removed).change).toEqual({
      type: 'item:removed',
      list: 'itinerary',
      id: item.id,
    });
  });
});

itTakesClientIds(() => t, {
  list: 'itinerary',
  table: itineraryItems,
  add: (_cast, who, trip, id) =>
    who.client.post(listPath(trip), { id, title: 'Ferry to Gili', day: '2030-06-03' }),
});
