import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OkResponse } from '../../../shared/contracts/auth';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { MAX_TODOS_PER_TRIP, type Todo } from '../../../shared/contracts/todos';
import { apiClient } from '../../test/apiClient';
import { itTakesClientIds } from '../../test/clientIds';
import { type Account, createAccount, createTrip, createTripCast } from '../../test/factories';
import { openApiDocument } from '../../test/openApi';
import { startTestApp, type TestApp } from '../../test/testApp';
import { createSampleTodos } from './service';
import { todos as todosTable } from './tables';

const DAY = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let owner: Account;
let member: Account;
let nameless: Account;
let outsider: Account;
let tripId: string;
let outsiderTripId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createAccount(t, { firstName: 'Ana', lastName: 'Lima' });
  member = await createAccount(t, { firstName: 'Bruno', lastName: 'Costa' });
  nameless = await createAccount(t, { firstName: null, lastName: null });
  outsider = await createAccount(t, { firstName: 'Olga', lastName: 'Outside' });
  tripId = (await createTrip(t.database.db, owner.id, { memberIds: [member.id, nameless.id] })).id;
  outsiderTripId = (await createTrip(t.database.db, outsider.id)).id;
});
afterAll(() => t.close());

const listPath = (id = tripId) => `/api/trips/${id}/todos`;

/** Adds a to-do as `who` (the owner by default) and returns it. */
async function addTodo(body: Record<string, unknown>, who: Account = owner, trip = tripId) {
  const res = await who.client.post<Todo>(listPath(trip), body);
  expect(res.status).toBe(201);
  return res.body;
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(todosTable).where(eq(todosTable.id, id));
  return row;
}

describe('POST /api/trips/:tripId/todos', () => {
  it('adds a to-do with every field and answers 201 with it', async () => {
    const res = await owner.client.post<Todo>(listPath(), {
      text: '  Book the airport transfer  ',
      dueDate: '2030-05-20T08:00:00+08:00',
      priority: 'low',
      isCompleted: true,
      assignedTo: member.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tripId,
      text: 'Book the airport transfer',
      isCompleted: true,
      // The instant is kept; answers give it in UTC.
      dueDate: '2030-05-20T00:00:00.000Z',
      priority: 'low',
      assignedTo: { id: member.id, name: 'Bruno Costa' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(await rowOf(res.body.id)).toMatchObject({ tripId, assignedTo: member.id });
  });

  it('defaults to due in 7 days, medium (the automatic priority), not done, unassigned', async () => {
    const before = Date.now();
    const created = await addTodo({ text: 'Exchange some rupiah' });
    const after = Date.now();
    const due = Date.parse(created.dueDate!);
    expect(due).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(due).toBeLessThanOrEqual(after + 7 * DAY);
    expect(created).toMatchObject({ priority: 'medium', isCompleted: false, assignedTo: null });
  });

  it.each([
    ['overdue', -1 * DAY, 'high'],
    ['due in a day', 1 * DAY, 'high'],
    ['due in 2 days less a minute', 2 * DAY - 60_000, 'high'],
    ['due in 5 days', 5 * DAY, 'medium'],
    ['due in 10 days', 10 * DAY, 'low'],
  ])('works out the priority of a task %s', async (_name, offset, priority) => {
    const dueDate = new Date(Date.now() + offset).toISOString();
    const created = await addTodo({ text: 'Pack sunscreen', dueDate });
    expect(created.priority).toBe(priority);
    expect(created.dueDate).toBe(dueDate);
  });

  it('keeps a priority that was chosen over the automatic one', async () => {
    const dueDate = new Date(Date.now() + DAY).toISOString();
    expect((await addTodo({ text: 'Buy a sarong', dueDate, priority: 'low' })).priority).toBe(
      'low',
    );
  });

  it('takes dueDate null as no due date, at medium priority', async () => {
    const created = await addTodo({ text: 'Learn a few words of Bahasa', dueDate: null });
    expect(created).toMatchObject({ dueDate: null, priority: 'medium' });
  });

  it('takes a 500-character task and an empty assignee as nobody', async () => {
    const text = 'x'.repeat(500);
    const created = await addTodo({ text, assignedTo: '' });
    expect(created).toMatchObject({ text, assignedTo: null });
  });

  it('names an assignee without a name by their username', async () => {
    const created = await addTodo({ text: 'Rent scooters', assignedTo: nameless.id });
    expect(created.assignedTo).toEqual({
      id: nameless.id,
      name: expect.stringMatching(/^traveller_/),
    });
  });

  // An `id` is the client's choice since issue #37 (below).
  it('ignores fields it does not know, such as another tripId or a creation time', async () => {
    const created = await addTodo({
      text: 'Check the visa on arrival',
      tripId: outsiderTripId,
      createdAt: '2001-01-01T00:00:00Z',
    });
    expect(created.tripId).toBe(tripId);
    expect(created.createdAt).not.toMatch(/^2001/);
    expect(await rowOf(created.id)).toMatchObject({ tripId });
  });

  it.each([
    ['another trip’s owner', () => outsider.id],
    ['an unknown user id', () => UNKNOWN_ID],
    ['a string that is no id', () => 'bruno'],
  ])('refuses %s as the assignee', async (_name, assignedTo) => {
    const res = await owner.client.post<ErrorResponse>(listPath(), {
      text: 'Book a cooking class',
      assignedTo: assignedTo(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The assignee must be a member of this trip');
  });
});

describe('GET /api/trips/:tripId/todos', () => {
  it('lists the trip’s to-dos oldest first, with assignees’ names', async () => {
    const trip = (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
    const first = await addTodo({ text: 'First', assignedTo: member.id }, owner, trip);
    const second = await addTodo({ text: 'Second' }, member, trip);
    const third = await addTodo({ text: 'Third', assignedTo: owner.id }, owner, trip);
    const res = await owner.client.get<Todo[]>(listPath(trip));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([first, second, third]);
    expect(res.body[0]!.assignedTo).toEqual({ id: member.id, name: 'Bruno Costa' });
    expect(res.body[2]!.assignedTo).toEqual({ id: owner.id, name: 'Ana Lima' });
  });

  it('answers an empty list for a trip with no to-dos, and only this trip’s to-dos', async () => {
    const trip = (await createTrip(t.database.db, owner.id)).id;
    expect((await owner.client.get<Todo[]>(listPath(trip))).body).toEqual([]);
    await addTodo({ text: 'Only here' }, owner, trip);
    const list = (await owner.client.get<Todo[]>(listPath(trip))).body;
    expect(list.map((todo) => todo.text)).toEqual(['Only here']);
  });
});

describe('PATCH /api/todos/:id', () => {
  it('toggles done and undone (spec §4), changing nothing else', async () => {
    const created = await addTodo({ text: 'Book a surf lesson', assignedTo: member.id });
    const done = await owner.client.patch<Todo>(`/api/todos/${created.id}`, { isCompleted: true });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ...created, isCompleted: true });
    const undone = await owner.client.patch<Todo>(`/api/todos/${created.id}`, {
      isCompleted: false,
    });
    expect(undone.body).toEqual(created);
  });

  it('changes text, due date, priority and assignee', async () => {
    const created = await addTodo({ text: 'Book a surf lesson' });
    const res = await owner.client.patch<Todo>(`/api/todos/${created.id}`, {
      text: '  Book two surf lessons ',
      dueDate: '2030-07-01T10:00:00Z',
      priority: 'high',
      assignedTo: member.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created,
      text: 'Book two surf lessons',
      dueDate: '2030-07-01T10:00:00.000Z',
      priority: 'high',
      assignedTo: { id: member.id, name: 'Bruno Costa' },
    });
    expect((await owner.client.get<Todo[]>(listPath())).body).toContainEqual(res.body);
  });

  it('clears the due date and the assignee with null, and keeps the priority', async () => {
    const created = await addTodo({
      text: 'Print tickets',
      assignedTo: member.id,
      priority: 'high',
    });
    const res = await owner.client.patch<Todo>(`/api/todos/${created.id}`, {
      dueDate: null,
      assignedTo: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dueDate: null, assignedTo: null, priority: 'high' });
  });

  it('does not move the priority when only the due date changes', async () => {
    const created = await addTodo({ text: 'Book the temple tour' });
    expect(created.priority).toBe('medium');
    const dueDate = new Date(Date.now() + 30 * DAY).toISOString();
    const res = await owner.client.patch<Todo>(`/api/todos/${created.id}`, { dueDate });
    expect(res.body).toMatchObject({ dueDate, priority: 'medium' });
  });

  it('refuses an assignee who is not a member and leaves the to-do as it was', async () => {
    const created = await addTodo({ text: 'Book the rafting trip' });
    for (const assignedTo of [outsider.id, UNKNOWN_ID, 'nobody']) {
      const res = await owner.client.patch<ErrorResponse>(`/api/todos/${created.id}`, {
        assignedTo,
        isCompleted: true,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The assignee must be a member of this trip');
    }
    expect(await rowOf(created.id)).toMatchObject({ assignedTo: null, isCompleted: false });
  });
});

describe('DELETE /api/todos/:id', () => {
  it('deletes the to-do; it is gone from the list and a second delete is a 404', async () => {
    const created = await addTodo({ text: 'Cancel the gym membership' });
    const res = await owner.client.delete<OkResponse>(`/api/todos/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await rowOf(created.id)).toBeUndefined();
    const list = (await owner.client.get<Todo[]>(listPath())).body;
    expect(list.map((todo) => todo.id)).not.toContain(created.id);
    for (const again of [
      await owner.client.delete<ErrorResponse>(`/api/todos/${created.id}`),
      await owner.client.patch<ErrorResponse>(`/api/todos/${created.id}`, { isCompleted: true }),
    ]) {
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('No such task');
    }
  });
});

describe('a member who is not the owner', () => {
  it('lists, adds, changes and deletes to-dos, the owner’s included', async () => {
    const mine = await addTodo({ text: 'Member’s task', assignedTo: owner.id }, member);
    expect(mine.assignedTo).toEqual({ id: owner.id, name: 'Ana Lima' });
    const ownersTodo = await addTodo({ text: 'Owner’s task' }, owner);
    const list = (await member.client.get<Todo[]>(listPath())).body;
    expect(list.map((todo) => todo.id)).toEqual(expect.arrayContaining([mine.id, ownersTodo.id]));
    const patched = await member.client.patch<Todo>(`/api/todos/${ownersTodo.id}`, {
      isCompleted: true,
      assignedTo: member.id,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ isCompleted: true, assignedTo: { id: member.id } });
    expect((await member.client.delete(`/api/todos/${ownersTodo.id}`)).status).toBe(200);
    expect(await rowOf(ownersTodo.id)).toBeUndefined();
  });
});

describe('someone else’s trip and to-dos', () => {
  it('answers 404 No such trip to a non-member, for a missing trip and for a malformed id', async () => {
    await addTodo({ text: 'Private plan' });
    for (const id of [tripId, UNKNOWN_ID, 'not-a-uuid', '1']) {
      const list = await outsider.client.get(listPath(id));
      expect(list.status).toBe(404);
      expect(list.body).toEqual({ code: 'not_found', message: 'No such trip' });
      const add = await outsider.client.post(listPath(id), { text: 'Sneaked in' });
      expect(add.status).toBe(404);
      expect(add.body).toEqual({ code: 'not_found', message: 'No such trip' });
    }
    const texts = (await t.database.db.select().from(todosTable)).map((row) => row.text);
    expect(texts).not.toContain('Sneaked in');
  });

  it('answers 404 No such task to PATCH and DELETE of another trip’s to-do, and changes nothing', async () => {
    const created = await addTodo({ text: 'Ours' });
    const patch = await outsider.client.patch(`/api/todos/${created.id}`, { text: 'Theirs' });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ code: 'not_found', message: 'No such task' });
    const del = await outsider.client.delete(`/api/todos/${created.id}`);
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ code: 'not_found', message: 'No such task' });
    expect(await rowOf(created.id)).toMatchObject({ text: 'Ours' });
  });

  it('does not let a member of one trip reach another trip’s to-do', async () => {
    const theirs = await addTodo({ text: 'Outsider’s own' }, outsider, outsiderTripId);
    for (const res of [
      await member.client.patch<ErrorResponse>(`/api/todos/${theirs.id}`, { isCompleted: true }),
      await member.client.delete<ErrorResponse>(`/api/todos/${theirs.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('No such task');
    }
    expect(await rowOf(theirs.id)).toMatchObject({ isCompleted: false });
  });

  it.each([UNKNOWN_ID, 'not-a-uuid', "1' or '1'='1"])(
    'answers 404 No such task for the to-do id %s',
    async (id) => {
      const path = `/api/todos/${encodeURIComponent(id)}`;
      for (const res of [
        await owner.client.patch<ErrorResponse>(path, { isCompleted: true }),
        await owner.client.delete<ErrorResponse>(path),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('No such task');
      }
    },
  );

  it('answers 401 when signed out', async () => {
    const created = await addTodo({ text: 'Signed-in only' });
    const visitor = apiClient(t.url);
    for (const res of [
      await visitor.get<ErrorResponse>(listPath()),
      await visitor.post<ErrorResponse>(listPath(), { text: 'x' }),
      await visitor.patch<ErrorResponse>(`/api/todos/${created.id}`, { isCompleted: true }),
      await visitor.delete<ErrorResponse>(`/api/todos/${created.id}`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/sign in/i);
    }
    expect(await rowOf(created.id)).toMatchObject({ isCompleted: false });
  });
});

describe('bad input', () => {
  const longText = 'x'.repeat(501);
  const badFields: [string, Record<string, unknown>, RegExp][] = [
    ['blank text', { text: '   ' }, /^Please enter a task \(text\)$/],
    ['empty text', { text: '' }, /^Please enter a task/],
    ['null text', { text: null }, /^Please enter a task/],
    ['501 characters', { text: longText }, /at most 500 characters \(text\)/],
    ['a number for text', { text: 42 }, /^The task must be text \(text\)$/],
    ['an array for text', { text: ['Book flights'] }, /must be text/],
    ['a NUL character in the text', { text: 'Book\u0000flights' }, /not allowed/],
    ['a due date in words', { text: 'ok', dueDate: 'tomorrow' }, /ISO date-time.*\(dueDate\)/],
    ['a due date without a time', { text: 'ok', dueDate: '2030-01-01' }, /ISO date-time/],
    ['a due date without a time zone', { text: 'ok', dueDate: '2030-01-01T09:00:00' }, /time zone/],
    ['a day that does not exist', { text: 'ok', dueDate: '2030-02-30T09:00:00Z' }, /ISO date-time/],
    ['a number for the due date', { text: 'ok', dueDate: 1893456000000 }, /ISO date-time/],
    ['the year 0', { text: 'ok', dueDate: '0000-01-01T00:00:00Z' }, /between the years/],
    ['a UTC year past 9999', { text: 'ok', dueDate: '9999-12-31T23:00:00-14:00' }, /between/],
    [
      'an unknown priority',
      { text: 'ok', priority: 'urgent' },
      /^Priority must be high, medium or low \(priority\)$/,
    ],
    ['a priority in capitals', { text: 'ok', priority: 'HIGH' }, /Priority must be/],
    ['a null priority', { text: 'ok', priority: null }, /Priority must be/],
    [
      'isCompleted as text',
      { text: 'ok', isCompleted: 'true' },
      /isCompleted must be true or false/,
    ],
    [
      'isCompleted as a number',
      { text: 'ok', isCompleted: 1 },
      /isCompleted must be true or false/,
    ],
    [
      'a number for the assignee',
      { text: 'ok', assignedTo: 42 },
      /assignee must be a user id \(assignedTo\)/,
    ],
    [
      'an object for the assignee',
      { text: 'ok', assignedTo: { id: 'x' } },
      /assignee must be a user id/,
    ],
  ];

  it.each([
    ['no body', undefined, /empty/],
    ['no text', { dueDate: '2030-01-01T09:00:00Z' }, /^Please enter a task \(text\)$/],
    ['an array', [{ text: 'Book flights' }], /./],
    ['a JSON string', '"Book flights"', /./],
    ['malformed JSON', '{"text": ', /not valid JSON/],
    ...badFields,
  ])('POST refuses %s with a clear 400', async (_name, body, message) => {
    const before = (await owner.client.get<Todo[]>(listPath())).body.length;
    const res = await owner.client.post<ErrorResponse>(
      listPath(),
      // A string is sent as it is (raw JSON text).
      body,
      body === undefined ? { 'content-type': 'application/json' } : {},
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await owner.client.get<Todo[]>(listPath())).body.length).toBe(before);
  });

  it.each([
    [
      'an empty object',
      {},
      /^Send at least one of isCompleted, text, dueDate, priority, assignedTo$/,
    ],
    ['only unknown fields', { done: true, tripId: UNKNOWN_ID }, /^Send at least one of/],
    ['no body', undefined, /empty/],
    ...badFields.filter(([name]) => name !== 'null text'),
    ['null text', { text: null }, /^Please enter a task/],
    ['null isCompleted', { isCompleted: null }, /isCompleted must be true or false/],
  ])('PATCH refuses %s with a clear 400 and changes nothing', async (_name, body, message) => {
    const created = await addTodo({ text: 'Untouched', assignedTo: member.id });
    const res = await owner.client.patch<ErrorResponse>(`/api/todos/${created.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    const [after] = (await owner.client.get<Todo[]>(listPath())).body.filter(
      (todo) => todo.id === created.id,
    );
    expect(after).toEqual(created);
  });
});

describe('createSampleTodos', () => {
  it('makes the five sample to-dos of a new trip, due 1–20 days ahead, in order', async () => {
    const trip = (await createTrip(t.database.db, owner.id)).id;
    const now = new Date();
    await createSampleTodos(t.database.db, trip, now);
    const res = await owner.client.get<Todo[]>(listPath(trip));
    expect(res.status).toBe(200);
    const list = res.body;
    expect(list).toHaveLength(5);
    expect(list[0]!.text).toMatch(/flights/i);
    expect(list.map((todo) => todo.text)).toEqual([
      expect.stringMatching(/flights/i),
      expect.stringMatching(/passport/i),
      expect.stringMatching(/insurance/i),
      expect.stringMatching(/villa in Ubud/i),
      expect.stringMatching(/Nusa Penida/i),
    ]);
    const days = list.map((todo) => (Date.parse(todo.dueDate!) - now.getTime()) / DAY);
    expect(days).toEqual([1, 4, 9, 14, 20]);
    // The automatic priorities of spec §5, all three levels.
    expect(list.map((todo) => todo.priority)).toEqual(['high', 'medium', 'low', 'low', 'low']);
    expect(list.every((todo) => !todo.isCompleted)).toBe(true);
    // Real rows: a member can complete and delete them like any other.
    const [first] = res.body;
    expect(
      (await owner.client.patch(`/api/todos/${first!.id}`, { isCompleted: true })).status,
    ).toBe(200);
    expect((await owner.client.delete(`/api/todos/${first!.id}`)).status).toBe(200);
    expect((await owner.client.get<Todo[]>(listPath(trip))).body).toHaveLength(4);
  });
});

itTakesClientIds(() => t, {
  list: 'todos',
  table: todosTable,
  // Given to the member, so that the first create tells them and a repeat would tell them again.
  add: (cast, who, trip, id) =>
    who.client.post(listPath(trip), {
      id,
      text: 'Book the ferry to Gili',
      assignedTo: trip === cast.tripId && who === cast.owner ? cast.member.id : null,
    }),
});

it('answers a to-do sent again even when the list has filled up since (issue #37)', async () => {
  const cast = await createTripCast(t);
  const id = crypto.randomUUID();
  const first = await cast.owner.client.post<Todo>(listPath(cast.tripId), { id, text: 'Visas' });
  expect(first.status).toBe(201);
  await t.database.db.insert(todosTable).values(
    Array.from({ length: MAX_TODOS_PER_TRIP - 1 }, (_, i) => ({
      tripId: cast.tripId,
      text: `Task ${i}`,
    })),
  );
  const full = await cast.owner.client.post<ErrorResponse>(listPath(cast.tripId), { text: 'x' });
  expect(full.body.code).toBe('item_limit');
  const again = await cast.owner.client.post<Todo>(listPath(cast.tripId), { id, text: 'Visas' });
  expect(again.status).toBe(201);
  expect(again.body).toEqual(first.body);
});

it('answers a to-do sent again as it is now, not as it was sent (issue #37)', async () => {
  const cast = await createTripCast(t);
  const id = crypto.randomUUID();
  const body = { id, text: 'Buy sunscreen', assignedTo: cast.member.id };
  expect((await cast.owner.client.post(listPath(cast.tripId), body)).status).toBe(201);
  await cast.member.client.patch(`/api/todos/${id}`, { isCompleted: true });
  // Its assignee has left the trip since: not a refusal, the same to-do as it is.
  await cast.owner.client.delete(`/api/trips/${cast.tripId}/members/${cast.member.id}`);
  const again = await cast.owner.client.post<Todo>(listPath(cast.tripId), body);
  expect(again.status).toBe(201);
  expect(again.body).toMatchObject({ id, isCompleted: true, assignedTo: null });
});

it('documents the to-do routes in the OpenAPI description', async () => {
  const doc = await openApiDocument(t.url);
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/trips/{tripId}/todos', '/api/todos/{id}']),
  );
});
