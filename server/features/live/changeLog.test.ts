import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChangeSequence } from '../../../app/features/live/changeSequence';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import {
  CHANGE_LOG_KEEP_MS,
  CLIENT_ID_HEADER,
  MAX_CHANGES_CAUGHT_UP,
  type TripChangesSince,
} from '../../../shared/contracts/live';
import type { Todo } from '../../../shared/contracts/todos';
import { type Account, createAccount, createTrip } from '../../test/factories';
import { connectLive, joinTrip, type LiveClient, nextEvent, savedIn } from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { pruneChangeLog } from './changeLog';
import { tripChangeHeads } from './tables';

let t: TestApp;
let owner: Account;
let member: Account;
let outsider: Account;
const tabs: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  owner = await createAccount(t);
  member = await createAccount(t);
  outsider = await createAccount(t);
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
});
afterAll(() => t?.close());

async function newTrip() {
  return (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
}

async function tabOn(who: Account, tripId: string, tab?: string) {
  const socket = await connectLive(t.url, who.client.cookie, { tab });
  tabs.push(socket);
  const joined = await joinTrip(socket, tripId);
  if (!joined.ok) throw new Error(joined.message);
  return { socket, seq: joined.seq };
}

const changesPath = (tripId: string, since: number | string) =>
  `/api/trips/${tripId}/changes?since=${since}`;

const addTodo = (tripId: string, text: string, headers?: Record<string, string>) =>
  owner.client.post<Todo>(`/api/trips/${tripId}/todos`, { text }, headers);

describe("a trip's change sequence (issue #37)", () => {
  it('numbers each change; the others hear the number, the tab that made it is told it', async () => {
    const tripId = await newTrip();
    const watching = await tabOn(member, tripId);
    const making = await tabOn(owner, tripId, 'owner-tab-0001');
    expect(watching.seq).toBe(0);

    const heard = nextEvent(watching.socket, 'change', savedIn('todos'));
    const seen = nextEvent(making.socket, 'change:seen');
    await addTodo(tripId, 'Book the ferry', { [CLIENT_ID_HEADER]: 'owner-tab-0001' });
    expect((await heard).seq).toBe(1);
    expect(await seen).toEqual({ tripId, seq: 1 });

    const next = nextEvent(watching.socket, 'change', savedIn('todos'));
    await addTodo(tripId, 'Pack adapters');
    expect((await next).seq).toBe(2);
    // A refused change takes no number.
    const refused = await owner.client.post<ErrorResponse>(`/api/trips/${tripId}/todos`, {
      text: 'x',
      assignedTo: outsider.id,
    });
    expect(refused.status).toBe(400);
    const after = nextEvent(watching.socket, 'change', savedIn('todos'));
    await addTodo(tripId, 'Buy sunscreen');
    expect((await after).seq).toBe(3);
  });

  it('replays the 50 changes made while a tab was away when it joins again, without fetching the lists anew', async () => {
    const tripId = await newTrip();
    const first = await tabOn(member, tripId);
    const texts: string[] = [];
    const fetchSince = vi.fn(
      async (since: number) =>
        (await member.client.get<TripChangesSince>(changesPath(tripId, since))).body,
    );
    const refetchAll = vi.fn();
    const sequence = createChangeSequence({
      apply: (change) => {
        if (change.type === 'item:saved') texts.push((change.item as Todo).text);
      },
      fetchSince,
      refetchAll,
    });
    sequence.joined(first.seq);
    first.socket.close(); // away

    for (let i = 1; i <= 50; i += 1) expect((await addTodo(tripId, `Thing ${i}`)).status).toBe(201);

    const back = await tabOn(member, tripId);
    expect(back.seq).toBe(first.seq + 50);
    expect(sequence.joined(back.seq)).toBe(true);
    await vi.waitFor(() => expect(texts).toHaveLength(50));
    expect(texts[0]).toBe('Thing 1');
    expect(texts[49]).toBe('Thing 50');
    expect(fetchSince).toHaveBeenCalledTimes(1);
    expect(refetchAll).not.toHaveBeenCalled();
  });

  it('answers what came after a number, nothing past the last, and null when not all are kept', async () => {
    const tripId = await newTrip();
    await addTodo(tripId, 'One');
    await addTodo(tripId, 'Two');
    const since1 = await member.client.get<TripChangesSince>(changesPath(tripId, 1));
    expect(since1.status).toBe(200);
    expect(since1.body.seq).toBe(2);
    expect(since1.body.changes).toEqual([
      { seq: 2, change: { type: 'item:saved', list: 'todos', item: expect.any(Object) } },
    ]);
    expect((since1.body.changes![0]!.change as { item: Todo }).item.text).toBe('Two');
    expect((await member.client.get<TripChangesSince>(changesPath(tripId, 2))).body).toEqual({
      seq: 2,
      changes: [],
    });

    // Kept for CHANGE_LOG_KEEP_MS: once pruned, a tab that wants them fetches anew.
    await pruneChangeLog(t.database.db, new Date(Date.now() + CHANGE_LOG_KEEP_MS + 60_000));
    expect((await member.client.get<TripChangesSince>(changesPath(tripId, 0))).body).toEqual({
      seq: 2,
      changes: null,
    });
  });

  it('answers null for more changes than a tab should replay', async () => {
    const tripId = await newTrip();
    await addTodo(tripId, 'One');
    await t.database.db
      .update(tripChangeHeads)
      .set({ seq: sql`${tripChangeHeads.seq} + ${MAX_CHANGES_CAUGHT_UP}` })
      .where(eq(tripChangeHeads.tripId, tripId));
    const res = await member.client.get<TripChangesSince>(changesPath(tripId, 0));
    expect(res.body).toEqual({ seq: MAX_CHANGES_CAUGHT_UP + 1, changes: null });
  });

  it('answers a non-member 404 and a malformed number 400', async () => {
    const tripId = await newTrip();
    const stranger = await outsider.client.get<ErrorResponse>(changesPath(tripId, 0));
    expect(stranger.status).toBe(404);
    for (const since of ['-1', 'x', '1.5', '']) {
      const bad = await member.client.get<ErrorResponse>(changesPath(tripId, since));
      expect([since, bad.status]).toEqual([since, 400]);
      expect(bad.body.message).toMatch(/^since must be a change number/);
    }
  });
});
