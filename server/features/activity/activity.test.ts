import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/contracts/activity';
import type { Widget } from '../../../shared/contracts/board';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { Flight } from '../../../shared/contracts/flights';
import { PAGE_CURSOR_HEADER } from '../../../shared/contracts/paging';
import type { Poll } from '../../../shared/contracts/polls';
import type { ShortlistOption } from '../../../shared/contracts/shortlist';
import type { Todo } from '../../../shared/contracts/todos';
import { MAX_TODOS_PER_TRIP } from '../../../shared/contracts/todos';
import { tripActivity, users } from '../../platform/db/schema';
import {
  type Account,
  addMember,
  createAccount,
  createTrip,
  createTripCast,
} from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';
import { endCall, startCall } from '../calls/callRecords';
import { todos } from '../todos/tables';
import { recordActivity } from './record';
import { pruneActivity } from './retention';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: Account;
let member: Account;
let outsider: Account;
let tripId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ owner, member, outsider, tripId } = await createTripCast(t));
});
afterAll(() => t.close());

/** A page of the trip's history as `who` reads it, and the next page's cursor. */
async function readActivity(who: Account = owner, trip = tripId, query = '') {
  const res = await who.client.get<ActivityEntry[]>(`/api/trips/${trip}/activity${query}`);
  expect(res.status).toBe(200);
  return { entries: res.body, nextCursor: res.headers.get(PAGE_CURSOR_HEADER) };
}

/** The newest entries' kinds and labels, newest first. */
async function latest(count: number, trip = tripId) {
  const { entries } = await readActivity(owner, trip, `?limit=${count}`);
  return entries.map((entry) => `${entry.kind} ${entry.data.label ?? ''}`.trim());
}

async function addTodo(text: string, who: Account = owner, trip = tripId) {
  const res = await who.client.post<Todo>(`/api/trips/${trip}/todos`, { text });
  expect(res.status).toBe(201);
  return res.body;
}

describe('the history is written with each change', () => {
  it('to-dos: added, ticked, assigned, edited and deleted, each by whom', async () => {
    const todo = await addTodo('Rent scooters in Ubud', member);
    await owner.client.patch(`/api/todos/${todo.id}`, { isCompleted: true });
    await owner.client.patch(`/api/todos/${todo.id}`, { isCompleted: false });
    await member.client.patch(`/api/todos/${todo.id}`, { assignedTo: owner.id });
    await member.client.patch(`/api/todos/${todo.id}`, { text: 'Rent two scooters in Ubud' });
    // A change that changes nothing is no history.
    await member.client.patch(`/api/todos/${todo.id}`, { text: 'Rent two scooters in Ubud' });
    await owner.client.delete(`/api/todos/${todo.id}`);

    const { entries } = await readActivity(member);
    const mine = entries.filter((entry) => entry.subjectId === todo.id);
    expect(mine.map((entry) => [entry.kind, entry.actor?.name, entry.data.label])).toEqual([
      ['todo.deleted', 'Ana Lima', 'Rent two scooters in Ubud'],
      ['todo.edited', 'Bruno Costa', 'Rent two scooters in Ubud'],
      ['todo.assigned', 'Bruno Costa', 'Rent scooters in Ubud'],
      ['todo.reopened', 'Ana Lima', 'Rent scooters in Ubud'],
      ['todo.completed', 'Ana Lima', 'Rent scooters in Ubud'],
      ['todo.added', 'Bruno Costa', 'Rent scooters in Ubud'],
    ]);
    // The assignee by name; only the deletion can be undone.
    expect(mine[2]!.data).toMatchObject({ userId: owner.id, detail: 'Ana Lima' });
    expect(mine.map((entry) => entry.restorable)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('widgets moved and renamed, flights, polls, the shortlist, members and trip settings', async () => {
    const widget = await member.client.post<Widget>(`/api/trips/${tripId}/widgets`, {
      type: 'weather',
      position: { top: 100, left: 100 },
    });
    await member.client.patch(`/api/widgets/${widget.body.id}`, {
      position: { top: 120, left: 300 },
    });
    await member.client.patch(`/api/widgets/${widget.body.id}`, { title: 'Ubud weather' });
    // Its settings are the widget's business, not history.
    await member.client.patch(`/api/widgets/${widget.body.id}`, { data: { city: 'Ubud' } });
    expect(await latest(3)).toEqual([
      'widget.renamed Ubud weather',
      'widget.moved New weather Widget',
      'widget.added New weather Widget',
    ]);

    const flight = await owner.client.post<Flight>(`/api/trips/${tripId}/flights`, {
      flightNumber: 'GA 404',
      departureAirport: 'CGK',
      departureTime: '2030-06-01T08:00:00+07:00',
      arrivalAirport: 'DPS',
      arrivalTime: '2030-06-01T10:50:00+08:00',
    });
    expect(flight.status).toBe(201);
    const poll = await owner.client.post<Poll>(`/api/trips/${tripId}/polls`, {
      question: 'Where do we eat?',
      options: ['Warung', 'Beach club'],
    });
    await member.client.put(`/api/polls/${poll.body.id}/vote`, {
      optionIds: [poll.body.options[1]!.id],
    });
    await owner.client.patch(`/api/polls/${poll.body.id}`, { closed: true });
    expect(await latest(4)).toEqual([
      'poll.closed Where do we eat?',
      'poll.voted Where do we eat?',
      'poll.created Where do we eat?',
      'flight.added GA 404',
    ]);
    const vote = (await readActivity()).entries.find((entry) => entry.kind === 'poll.voted')!;
    expect(vote.data.detail).toBe('Beach club');

    const search = await member.client.post(`/api/trips/${tripId}/searches/stays`, {
      destination: 'Ubud',
      checkIn: '2030-06-01',
      checkOut: '2030-06-05',
    });
    expect(search.status).toBe(200);
    const option = await member.client.post<ShortlistOption>(`/api/trips/${tripId}/shortlist`, {
      source: 'partner',
      kind: 'stay',
      partner: 'Booking.com',
    });
    expect(option.status).toBe(201);
    await owner.client.put(`/api/shortlist/${option.body.id}/vote`, { vote: 'yes' });
    const [voted, added] = (await readActivity()).entries;
    expect([voted, added].map((entry) => [entry!.kind, entry!.actor?.name])).toEqual([
      ['option.voted', 'Ana Lima'],
      ['option.added', 'Bruno Costa'],
    ]);
    expect(voted!.data).toMatchObject({ label: option.body.title, detail: 'yes' });

    const guest = await createAccount(t, { firstName: 'Gita', lastName: 'Guest' });
    await addMember(t.database.db, tripId, guest.id);
    expect((await guest.client.post(`/api/trips/${tripId}/leave`, {})).status).toBe(200);
    await addMember(t.database.db, tripId, guest.id);
    expect((await owner.client.delete(`/api/trips/${tripId}/members/${guest.id}`)).status).toBe(
      200,
    );
    const [removed, left] = (await readActivity()).entries;
    expect(removed).toMatchObject({
      kind: 'member.removed',
      actor: { name: 'Ana Lima' },
      data: { userId: guest.id, detail: 'Gita Guest' },
    });
    expect(left).toMatchObject({ kind: 'member.left', actor: { name: 'Gita Guest' } });

    await owner.client.patch(`/api/trips/${tripId}`, { name: 'Bali 2030' });
    const renamed = (await readActivity()).entries[0]!;
    expect(renamed).toMatchObject({
      kind: 'trip.renamed',
      data: { label: 'Bali 2030', detail: 'Bali 2023' },
    });
  });

  it('a secret ballot’s vote is no history (who voted would tell for what)', async () => {
    const poll = await owner.client.post<Poll>(`/api/trips/${tripId}/polls`, {
      question: 'Who drives?',
      options: ['Ana', 'Bruno'],
      hideVoters: true,
    });
    const voted = await member.client.put(`/api/polls/${poll.body.id}/vote`, {
      optionIds: [poll.body.options[0]!.id],
    });
    expect(voted.status).toBe(200);
    const [latest] = (await readActivity()).entries;
    expect(latest).toMatchObject({ kind: 'poll.created', data: { label: 'Who drives?' } });
  });

  it('a call that ended: who was in it and for how long, nobody’s doing', async () => {
    const call = await startCall(t.database.db, tripId, [owner.id, member.id]);
    await t.database.db.execute(
      sql`update calls set started_at = now() - interval '12 minutes' where id = ${call.id}`,
    );
    expect(await endCall(t.database.db, call.id, 'empty')).toBe(true);
    const [entry] = (await readActivity()).entries;
    expect(entry).toMatchObject({ kind: 'call.ended', actor: null, data: { minutes: 12 } });
    expect(entry!.data.people?.sort()).toEqual(['Ana Lima', 'Bruno Costa']);
  });

  it('a change that is rolled back leaves no entry, and an entry that fails undoes the change', async () => {
    const before = await readActivity(owner, tripId, '?limit=100');
    // Refused inside the change's transaction: an arrival before the departure.
    const flight = (await owner.client.get<Flight[]>(`/api/trips/${tripId}/flights`)).body[0]!;
    const refused = await owner.client.patch(`/api/flights/${flight.id}`, {
      arrivalTime: '2030-05-01T10:00:00+08:00',
    });
    expect(refused.status).toBe(400);
    expect((await readActivity(owner, tripId, '?limit=100')).entries).toEqual(before.entries);

    // The history cannot take this entry: the to-do it records is not kept either.
    await t.database.db.execute(
      sql`alter table trip_activity add constraint no_grapes check (data->>'label' <> 'Grapes')`,
    );
    try {
      const failed = await owner.client.post(`/api/trips/${tripId}/todos`, { text: 'Grapes' });
      expect(failed.status).toBe(500);
      const kept = await t.database.db.select().from(todos).where(eq(todos.text, 'Grapes'));
      expect(kept).toEqual([]);
    } finally {
      await t.database.db.execute(sql`alter table trip_activity drop constraint no_grapes`);
    }
  });
});

describe('reading the history', () => {
  it('pages newest first without repeats, and refuses a cursor it cannot read', async () => {
    const all = (await readActivity(owner, tripId, '?limit=100')).entries;
    expect(all.length).toBeGreaterThan(6);
    const seen: ActivityEntry[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { entries: ActivityEntry[]; nextCursor: string | null } = await readActivity(
        owner,
        tripId,
        `?limit=4${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.entries);
      cursor = page.nextCursor;
    }
    expect(seen.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
    const bad = await owner.client.get<ErrorResponse>(`/api/trips/${tripId}/activity?before=nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_input');
  });

  it('is the members’ only: 404 to anyone else, 401 signed out', async () => {
    const res = await outsider.client.get<ErrorResponse>(`/api/trips/${tripId}/activity`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('an account deleted since keeps its entries, without a name', async () => {
    const gone = await createAccount(t, { firstName: 'Gus', lastName: 'Gone' });
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [gone.id] });
    await addTodo('Pack the tent', gone, trip.id);
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    const [entry] = (await readActivity(owner, trip.id)).entries;
    expect(entry).toMatchObject({
      kind: 'todo.added',
      actor: null,
      data: { label: 'Pack the tent' },
    });
  });
});

describe('restoring from the history', () => {
  async function deletionOf(subjectId: string, trip = tripId) {
    const { entries } = await readActivity(owner, trip, '?limit=100');
    return entries.find((entry) => entry.subjectId === subjectId && entry.restorable)!;
  }

  it('brings a deleted to-do back under its own id, once, for any member', async () => {
    const todo = await addTodo('Book the ferry to Gili');
    await owner.client.patch(`/api/todos/${todo.id}`, { assignedTo: member.id });
    await owner.client.delete(`/api/todos/${todo.id}`);
    const deletion = await deletionOf(todo.id);

    const res = await member.client.post<{ entry: ActivityEntry }>(
      `/api/trips/${tripId}/activity/${deletion.id}/restore`,
      {},
    );
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ id: deletion.id, restorable: false });
    expect(res.body.entry.restoredAt).toEqual(expect.any(String));
    const list = (await owner.client.get<Todo[]>(`/api/trips/${tripId}/todos`)).body;
    expect(list.find((item) => item.id === todo.id)).toMatchObject({
      text: 'Book the ferry to Gili',
      assignedTo: { id: member.id, name: 'Bruno Costa' },
      createdAt: todo.createdAt,
    });
    expect((await readActivity()).entries[0]).toMatchObject({
      kind: 'todo.restored',
      actor: { name: 'Bruno Costa' },
      subjectId: todo.id,
    });

    const again = await member.client.post<ErrorResponse>(
      `/api/trips/${tripId}/activity/${deletion.id}/restore`,
      {},
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'not_restorable',
      message: 'That has already been restored',
    });
  });

  it('a restored to-do whose assignee has left comes back unassigned', async () => {
    const leaver = await createAccount(t, { firstName: 'Lena', lastName: 'Left' });
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [leaver.id] });
    const todo = await addTodo('Buy sunscreen', owner, trip.id);
    await owner.client.patch(`/api/todos/${todo.id}`, { assignedTo: leaver.id });
    await owner.client.delete(`/api/todos/${todo.id}`);
    expect((await leaver.client.post(`/api/trips/${trip.id}/leave`, {})).status).toBe(200);
    const deletion = await deletionOf(todo.id, trip.id);
    const res = await owner.client.post(
      `/api/trips/${trip.id}/activity/${deletion.id}/restore`,
      {},
    );
    expect(res.status).toBe(200);
    const list = (await owner.client.get<Todo[]>(`/api/trips/${trip.id}/todos`)).body;
    expect(list.find((item) => item.id === todo.id)?.assignedTo).toBeNull();
  });

  it('brings back a removed widget and a deleted flight as they were', async () => {
    const widget = await owner.client.post<Widget>(`/api/trips/${tripId}/widgets`, {
      type: 'countdown',
      position: { top: 40, left: 640 },
      title: 'Days to go',
    });
    await owner.client.delete(`/api/widgets/${widget.body.id}`);
    const flight = await owner.client.post<Flight>(`/api/trips/${tripId}/flights`, {
      flightNumber: 'QZ 7510',
      departureAirport: 'DPS',
      departureTime: '2030-06-14T18:00:00+08:00',
      arrivalAirport: 'CGK',
      arrivalTime: '2030-06-14T18:55:00+07:00',
    });
    await owner.client.delete(`/api/flights/${flight.body.id}`);

    for (const id of [widget.body.id, flight.body.id]) {
      const deletion = await deletionOf(id);
      const res = await owner.client.post(
        `/api/trips/${tripId}/activity/${deletion.id}/restore`,
        {},
      );
      expect(res.status).toBe(200);
    }
    const board = (await owner.client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    expect(board.find((item) => item.id === widget.body.id)).toEqual(widget.body);
    const flights = (await owner.client.get<Flight[]>(`/api/trips/${tripId}/flights`)).body;
    expect(flights.find((item) => item.id === flight.body.id)).toEqual(flight.body);
  });

  it('refuses what is no deletion, another trip’s entry, and a trip with no room', async () => {
    const todo = await addTodo('Not deleted');
    const added = (await readActivity()).entries.find((entry) => entry.subjectId === todo.id)!;
    const notOne = await owner.client.post<ErrorResponse>(
      `/api/trips/${tripId}/activity/${added.id}/restore`,
      {},
    );
    expect(notOne.status).toBe(409);
    expect(notOne.body.code).toBe('not_restorable');

    // Another trip of the same owner names this entry: not found there.
    const other = await createTrip(t.database.db, owner.id);
    const elsewhere = await owner.client.post<ErrorResponse>(
      `/api/trips/${other.id}/activity/${added.id}/restore`,
      {},
    );
    expect(elsewhere.status).toBe(404);

    // A full list: the to-do cannot come back until there is room.
    const full = await createTrip(t.database.db, owner.id);
    const first = await addTodo('The one deleted', owner, full.id);
    await owner.client.delete(`/api/todos/${first.id}`);
    await t.database.db.insert(todos).values(
      Array.from({ length: MAX_TODOS_PER_TRIP }, (_, index) => ({
        tripId: full.id,
        text: `Task ${index}`,
      })),
    );
    const deletion = await deletionOf(first.id, full.id);
    const noRoom = await owner.client.post<ErrorResponse>(
      `/api/trips/${full.id}/activity/${deletion.id}/restore`,
      {},
    );
    expect(noRoom.status).toBe(403);
    expect(noRoom.body.code).toBe('item_limit');
  });
});

describe('how far back the history goes (spec §9)', () => {
  async function tripOnPlan(plan: 'free' | 'premium' | 'pro') {
    const host = await createAccount(t, { plan });
    const trip = await createTrip(t.database.db, host.id);
    const now = Date.now();
    for (const daysAgo of [1, 8, 31, 400]) {
      await recordActivity(
        t.database.db,
        trip.id,
        host.id,
        { kind: 'todo.added', data: { label: `${daysAgo} days ago` } },
        new Date(now - daysAgo * DAY),
      );
    }
    return { host, trip };
  }

  it('7 days on Free, 30 on Premium, all on Pro: shown, then deleted by the job', async () => {
    const free = await tripOnPlan('free');
    const premium = await tripOnPlan('premium');
    const pro = await tripOnPlan('pro');
    const labels = async ({ host, trip }: Awaited<ReturnType<typeof tripOnPlan>>) =>
      (await readActivity(host, trip.id)).entries.map((entry) => entry.data.label);

    expect(await labels(free)).toEqual(['1 days ago']);
    expect(await labels(premium)).toEqual(['1 days ago', '8 days ago']);
    expect(await labels(pro)).toEqual(['1 days ago', '8 days ago', '31 days ago', '400 days ago']);

    const stored = (trip: { id: string }) =>
      t.database.db.$count(tripActivity, eq(tripActivity.tripId, trip.id));
    expect(await pruneActivity(t.database.db, new Date())).toBeGreaterThanOrEqual(5);
    expect([await stored(free.trip), await stored(premium.trip), await stored(pro.trip)]).toEqual([
      1, 2, 4,
    ]);

    // A week later by the job's clock, the day-old entry of the Free trip goes too.
    await pruneActivity(t.database.db, new Date(Date.now() + 7 * DAY));
    expect(await stored(free.trip)).toBe(0);
    expect(await stored(pro.trip)).toBe(4);
  });

  it('an expired deletion can no longer be restored', async () => {
    const { host, trip } = await tripOnPlan('free');
    await recordActivity(
      t.database.db,
      trip.id,
      host.id,
      {
        kind: 'todo.deleted',
        subjectId: '00000000-0000-4000-8000-0000000000aa',
        data: { label: 'Old' },
        snapshot: { id: '00000000-0000-4000-8000-0000000000aa', tripId: trip.id, text: 'Old' },
      },
      new Date(Date.now() - 8 * DAY),
    );
    const [old] = await t.database.db
      .select()
      .from(tripActivity)
      .where(and(eq(tripActivity.tripId, trip.id), eq(tripActivity.kind, 'todo.deleted')));
    const res = await host.client.post<ErrorResponse>(
      `/api/trips/${trip.id}/activity/${old!.id}/restore`,
      {},
    );
    expect(res.status).toBe(404);
  });
});
