import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Widget } from '../../../shared/contracts/board';
import { CLIENT_ID_HEADER, HANDSHAKE_ERRORS, MEMBER_GONE } from '../../../shared/contracts/live';
import type { InvitationLink } from '../../../shared/contracts/members';
import type { Todo } from '../../../shared/contracts/todos';
import { sessions, tripMembers, trips } from '../../platform/db/schema';
import { type ApiClient, apiClient, newAccount } from '../../test/apiClient';
import { createTrip } from '../../test/factories';
import {
  closeTab,
  collect,
  collectCursors,
  connectLive,
  disconnected,
  drained,
  joinTrip,
  type LiveClient,
  moveCursor,
  nextCursor,
  nextEvent,
  removedFrom,
  savedIn,
  sendCursorMessage,
} from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';

type Account = { client: ApiClient; id: string; name: string };
/** What the tests read of a sign-up's answer. */
type SignedUp = { user: { id: string } };

let t: TestApp;
let owner: Account;
let member: Account;
let outsider: Account;
let tripId: string;
let outsiderTripId: string;
const open: LiveClient[] = [];

async function signUp(firstName: string): Promise<Account> {
  const client = apiClient(t.url);
  const res = await client.post<SignedUp>(
    '/api/register',
    newAccount({ firstName, lastName: 'Test' }),
  );
  expect(res.status).toBe(201);
  return { client, id: res.body.user.id, name: `${firstName} Test` };
}

/** A live tab of `who`, closed after the test. */
async function tab(who: Account, options?: Parameters<typeof connectLive>[2]) {
  const socket = await connectLive(t.url, who.client.cookie, options);
  open.push(socket);
  return socket;
}

async function tabOnTrip(who: Account, trip = tripId) {
  const socket = await tab(who);
  const ack = await joinTrip(socket, trip);
  expect(ack.ok).toBe(true);
  return socket;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp('Ana');
  member = await signUp('Bruno');
  outsider = await signUp('Olga');
  tripId = (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
  outsiderTripId = (await createTrip(t.database.db, outsider.id)).id;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t.close());

describe('the handshake', () => {
  it('refuses a connection without a session', async () => {
    await expect(connectLive(t.url, null)).rejects.toThrow(HANDSHAKE_ERRORS.signedOut);
    await expect(connectLive(t.url, 'not-a-session')).rejects.toThrow(HANDSHAKE_ERRORS.signedOut);
  });

  it('refuses a client that speaks another protocol version', async () => {
    await expect(connectLive(t.url, owner.client.cookie, { version: 0 })).rejects.toThrow(
      HANDSHAKE_ERRORS.protocolMismatch,
    );
  });

  it('refuses a page of another site, even with the cookie', async () => {
    await expect(
      connectLive(t.url, owner.client.cookie, { origin: 'https://evil.example' }),
    ).rejects.toThrow();
  });

  it('lets a signed-in session in', async () => {
    const socket = await tab(owner);
    expect(socket.connected).toBe(true);
  });
});

describe('trip rooms', () => {
  it('lets a member join and refuses an outsider as if the trip did not exist', async () => {
    expect(await joinTrip(await tab(member), tripId)).toMatchObject({ ok: true });
    expect(await joinTrip(await tab(outsider), tripId)).toEqual({
      ok: false,
      reason: 'not-member',
      message: 'No such trip',
    });
    expect(await joinTrip(await tab(outsider), 'not-a-uuid')).toMatchObject({ ok: false });
  });

  it('sends an outsider who asked to join nothing of the trip', async () => {
    const ownerTab = await tabOnTrip(owner);
    const spy = await tab(outsider);
    await joinTrip(spy, tripId);
    const seen = [collect(spy, 'cursors'), collect(spy, 'change'), collect(spy, 'presence')];
    const memberTab = await tabOnTrip(member);
    moveCursor(memberTab, { top: 10, left: 20 });
    await nextCursor(ownerTab, (m) => m.userId === member.id);
    const saved = nextEvent(ownerTab, 'change', savedIn('todos'));
    const todo = await owner.client.post(`/api/trips/${tripId}/todos`, { text: 'Secret plan' });
    expect(todo.status).toBe(201);
    await saved;
    for (const events of seen) expect(events).toEqual([]);
  });
});

describe('presence', () => {
  it('lists who has the trip open, each person once, and drops who leaves', async () => {
    const ownerTab = await tabOnTrip(owner);
    const bothHere = nextEvent(ownerTab, 'presence', (m) => m.members.length === 2);
    const memberTab = await tabOnTrip(member);
    const secondMemberTab = await tabOnTrip(member);
    const { members } = await bothHere;
    expect(members.map((m) => m.name).sort()).toEqual(['Ana Test', 'Bruno Test']);
    expect(members.find((m) => m.userId === member.id)?.colour).toMatch(/^#[0-9a-f]{6}$/);

    // Two tabs of one person: closing one leaves them here.
    await closeTab(t.app.live.io, secondMemberTab);
    const stillHere = await joinTrip(await tab(owner), tripId);
    expect(stillHere.ok && stillHere.members.map((m) => m.userId)).toContain(member.id);

    const alone = nextEvent(ownerTab, 'presence', (m) => m.members.length === 1);
    memberTab.close();
    expect((await alone).members[0]!.userId).toBe(owner.id);
  });
});

describe('a new name or picture', () => {
  it('shows in the presence stacks, and the member lists of their trips are fetched again', async () => {
    const renamer = await signUp('Rita');
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [renamer.id] });
    const ownerTab = await tabOnTrip(owner, trip.id);
    const both = nextEvent(ownerTab, 'presence', (m) => m.members.length === 2);
    await tabOnTrip(renamer, trip.id);
    await both;

    const renamed = nextEvent(ownerTab, 'presence', (m) =>
      m.members.some((member) => member.name === 'Rita Lobo'),
    );
    const refetch = nextEvent(ownerTab, 'change', (m) => m.change.type === 'members:changed');
    const res = await renamer.client.patch('/api/user', { lastName: 'Lobo' });
    expect(res.status).toBe(200);
    const { members } = await renamed;
    expect(members.find((m) => m.userId === renamer.id)).toMatchObject({ name: 'Rita Lobo' });
    expect((await refetch).tripId).toBe(trip.id);

    // A new e-mail alone changes nothing anyone else sees.
    const heard = collect(ownerTab, 'change');
    const email = `rita-${Date.now()}@example.com`;
    expect((await renamer.client.patch('/api/user', { email })).status).toBe(200);
    await drained(t.app.live.io, ownerTab);
    expect(heard).toEqual([]);
  });
});

describe('cursors and drags', () => {
  it('reach the other members of the trip and not another trip; a drag not its sender', async () => {
    const ownerTab = await tabOnTrip(owner);
    const memberTab = await tabOnTrip(member);
    const otherTrip = await tabOnTrip(outsider, outsiderTripId);
    const elsewhere = [collect(otherTrip, 'cursors'), collect(otherTrip, 'widget:drag')];
    const echo = collect(memberTab, 'widget:drag');

    moveCursor(memberTab, { top: 120.5, left: 300 });
    // (Tabs of earlier tests that closed send their goodbyes too: wait for this member's move.)
    expect(await nextCursor(ownerTab, (m) => m.userId === member.id && m.at !== null)).toEqual({
      tripId,
      userId: member.id,
      at: { top: 120.5, left: 300 },
    });
    memberTab.emit('widget:drag', { widgetId: 'countdown1', at: { top: 5, left: 6 } });
    expect(await nextEvent(ownerTab, 'widget:drag')).toEqual({
      tripId,
      userId: member.id,
      widgetId: 'countdown1',
      at: { top: 5, left: 6 },
    });
    moveCursor(memberTab, null);
    await nextCursor(ownerTab, (m) => m.userId === member.id && m.at === null);
    // Whatever the member's tab or the other trip's were sent went out with what the owner got.
    await Promise.all([memberTab, otherTrip].map((socket) => drained(t.app.live.io, socket)));
    expect(echo).toEqual([]);
    for (const events of elsewhere) expect(events).toEqual([]);
  });

  it('hides the pointer of a member who closes the trip', async () => {
    const ownerTab = await tabOnTrip(owner);
    const memberTab = await tabOnTrip(member);
    moveCursor(memberTab, { top: 1, left: 1 });
    await nextCursor(ownerTab, (m) => m.userId === member.id && m.at !== null);
    memberTab.close();
    expect(await nextCursor(ownerTab, (m) => m.userId === member.id && m.at === null)).toEqual({
      tripId,
      userId: member.id,
      at: null,
    });
  });

  it('drops malformed events, counts them, and carries on', async () => {
    const ownerTab = await tabOnTrip(owner);
    const memberTab = await tabOnTrip(member);
    const received = collectCursors(ownerTab);
    const before = t.app.live.stats.malformed;
    const bad = [
      'pten,1',
      'p1',
      `p1,1,${'x'.repeat(1000)}`,
      'pNaN,1',
      'p1,100001',
      'p{"at":{"top":1,"left":1}}',
    ];
    for (const message of bad) sendCursorMessage(memberTab, message);
    // The event of protocol version 2, which cursor messages replaced, is unknown now.
    (memberTab as unknown as { emit(event: string, payload: unknown): void }).emit('cursor:move', {
      at: { top: 1, left: 1 },
    });
    memberTab.emit('widget:drag', { widgetId: '', at: null });
    (memberTab as unknown as { emit(event: string): void }).emit('delete:everything');
    const join = await memberTab.timeout(2000).emitWithAck('trip:join', { trip: 1 } as never);
    expect(join).toMatchObject({ ok: false });

    moveCursor(memberTab, { top: 7, left: 8 });
    await nextCursor(ownerTab, (m) => m.at?.top === 7);
    expect(received.filter((move) => move.userId === member.id && move.at)).toHaveLength(1);
    expect(t.app.live.stats.malformed - before).toBe(bad.length + 4);
    expect(memberTab.connected).toBe(true);
  });

  it('drops what goes over 60 pointer events a second from one tab', async () => {
    const ownerTab = await tabOnTrip(owner);
    const memberTab = await tabOnTrip(member);
    const received = collectCursors(ownerTab);
    const before = t.app.live.stats.rateLimited;
    for (let i = 0; i < 200; i++) moveCursor(memberTab, { top: i, left: i });
    // A tab's events are handled in order: once its join is answered, the burst has been.
    await joinTrip(memberTab, tripId);
    // The owner's own move goes out after every move of the burst that passed.
    const ownMove = nextCursor(ownerTab, (m) => m.userId === owner.id && m.at?.top === 999);
    moveCursor(ownerTab, { top: 999, left: 999 });
    await ownMove;
    // A burst of 200 within a few milliseconds: 60 pass the bucket, the rest are dropped and
    // counted.
    const dropped = t.app.live.stats.rateLimited - before;
    expect(dropped).toBeGreaterThanOrEqual(200 - 62);
    expect(dropped).toBeLessThanOrEqual(200 - 60);
    const moves = received.filter((move) => move.userId === member.id && move.at !== null);
    expect(moves).toHaveLength(200 - dropped);
  });
});

describe('saved changes', () => {
  it('reach every member with what was saved, except the tab that made them', async () => {
    const ownerTab = await tabOnTrip(owner);
    const memberTab = await tabOnTrip(member);
    const otherTrip = await tabOnTrip(outsider, outsiderTripId);
    const elsewhere = collect(otherTrip, 'change');

    // The owner's tab that makes the change names itself; it gets no echo, their other tab does.
    const makingTab = await connectLive(t.url, owner.client.cookie, { tab: 'owner-tab-1234' });
    open.push(makingTab);
    await joinTrip(makingTab, tripId);
    const echo = collect(makingTab, 'change');
    const added = nextEvent(memberTab, 'change', savedIn('widgets'));
    const ownersOtherTab = nextEvent(ownerTab, 'change', savedIn('widgets'));
    const res = await owner.client.post<Widget>(
      `/api/trips/${tripId}/widgets`,
      { type: 'todo', position: { top: 100, left: 100 } },
      { [CLIENT_ID_HEADER]: 'owner-tab-1234' },
    );
    expect(res.status).toBe(201);
    expect(await added).toEqual({
      tripId,
      change: { type: 'item:saved', list: 'widgets', item: res.body },
      seq: expect.any(Number),
    });
    await ownersOtherTab;

    // Naming a tab of someone else's does not silence it: the exception is the caller's own.
    const memberNamesOwnerTab = nextEvent(makingTab, 'change', savedIn('todos'));
    await member.client.post(
      `/api/trips/${tripId}/todos`,
      { text: 'Named the owner’s tab' },
      { [CLIENT_ID_HEADER]: 'owner-tab-1234' },
    );
    await memberNamesOwnerTab;
    expect(echo.filter(savedIn('widgets'))).toEqual([]);

    const moved = nextEvent(ownerTab, 'change', savedIn('widgets'));
    await member.client.patch(`/api/widgets/${res.body.id}`, { position: { top: 40, left: 50 } });
    const move = await moved;
    expect(
      move.change.type === 'item:saved' && (move.change.item as Widget).position,
    ).toMatchObject({
      top: 40,
      left: 50,
    });

    const todo = nextEvent(ownerTab, 'change', savedIn('todos'));
    const created = await member.client.post(`/api/trips/${tripId}/todos`, { text: 'Sunscreen' });
    expect((await todo).change).toEqual({ type: 'item:saved', list: 'todos', item: created.body });

    const removed = nextEvent(memberTab, 'change', removedFrom('widgets'));
    await owner.client.delete(`/api/widgets/${res.body.id}`);
    expect((await removed).change).toEqual({
      type: 'item:removed',
      list: 'widgets',
      id: res.body.id,
    });

    const renamed = nextEvent(memberTab, 'change', (m) => m.change.type === 'trip:saved');
    await owner.client.patch(`/api/trips/${tripId}`, { name: 'Lisbon in June' });
    expect((await renamed).change).toMatchObject({ trip: { id: tripId, name: 'Lisbon in June' } });
    await drained(t.app.live.io, otherTrip);
    expect(elsewhere).toEqual([]);
  });

  it("what trip lists show reaches members' tabs on another trip or none, and nothing else does", async () => {
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [member.id] });
    const memberOwnTrip = await createTrip(t.database.db, member.id);
    const onAnotherTrip = await tabOnTrip(member, memberOwnTrip.id);
    const onNoTrip = await tab(member);
    const heard = [collect(onAnotherTrip, 'change'), collect(onNoTrip, 'change')];

    // The owner's own tab that renames it is skipped, as in the trip's room.
    const ownerElsewhere = await tab(owner, { tab: 'owner-list-tab' });
    const ownerEcho = collect(ownerElsewhere, 'change');
    const renamed = (socket: LiveClient) =>
      nextEvent(socket, 'change', (m) => m.change.type === 'trip:saved');
    const both = [renamed(onAnotherTrip), renamed(onNoTrip)];
    const res = await owner.client.patch(
      `/api/trips/${trip.id}`,
      { name: 'Porto weekend' },
      { [CLIENT_ID_HEADER]: 'owner-list-tab' },
    );
    expect(res.status).toBe(200);
    for (const message of await Promise.all(both)) {
      expect(message).toMatchObject({
        tripId: trip.id,
        change: { type: 'trip:saved', trip: { id: trip.id, name: 'Porto weekend' } },
      });
    }

    // What only the board shows stays in the trip's room.
    await owner.client.post(`/api/trips/${trip.id}/todos`, { text: 'Only for the board' });

    // Someone joining by the link: their tab elsewhere learns of the trip; the members' do not.
    const joiner = await signUp('Júlia');
    const joinerTab = await tab(joiner);
    const link = await owner.client.get<InvitationLink>(`/api/trips/${trip.id}/invitation`);
    const joined = nextEvent(joinerTab, 'change', (m) => m.tripId === trip.id);
    const code = String(link.body.url).split('/join/')[1];
    expect((await joiner.client.post(`/api/join/${code}`)).status).toBe(200);
    expect((await joined).change).toEqual({ type: 'members:changed' });

    const gone = [onAnotherTrip, onNoTrip, joinerTab].map((socket) =>
      nextEvent(socket, 'change', (m) => m.change.type === 'trip:deleted'),
    );
    expect((await owner.client.delete(`/api/trips/${trip.id}`)).status).toBe(200);
    for (const message of await Promise.all(gone)) expect(message.tripId).toBe(trip.id);

    await Promise.all(
      [onAnotherTrip, onNoTrip, ownerElsewhere].map((socket) => drained(t.app.live.io, socket)),
    );
    for (const events of heard) {
      expect(events.map((m) => m.change.type)).toEqual(['trip:saved', 'trip:deleted']);
    }
    // The rename's own tab had no echo; the deletion named no tab, so all the owner's hear it.
    expect(ownerEcho.map((m) => m.change.type)).toEqual(['trip:deleted']);
  });

  it('a refused change is not broadcast', async () => {
    const memberTab = await tabOnTrip(member);
    const changes = collect(memberTab, 'change');
    expect((await outsider.client.post(`/api/trips/${tripId}/todos`, { text: 'x' })).status).toBe(
      404,
    );
    expect((await owner.client.post(`/api/trips/${tripId}/todos`, { text: '' })).status).toBe(400);
    await drained(t.app.live.io, memberTab);
    expect(changes).toEqual([]);
  });
});

describe('membership and sessions', () => {
  it('a removed member is told, let go of the room, and hears nothing more', async () => {
    const extra = await signUp('Carla');
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [extra.id] });
    const ownerTab = await tabOnTrip(owner, trip.id);
    const extraTab = await tabOnTrip(extra, trip.id);
    const ferry = await owner.client.post<Todo>(`/api/trips/${trip.id}/todos`, {
      text: 'Carla books the ferry',
      assignedTo: extra.id,
    });

    const gone = nextEvent(extraTab, 'trip:gone');
    const membersChanged = nextEvent(
      ownerTab,
      'change',
      (m) => m.change.type === 'members:changed',
    );
    // What was hers lets go of her, and the others' lists hear it as a change of its own.
    const unassigned = nextEvent(
      ownerTab,
      'change',
      ({ change }) =>
        change.type === 'item:saved' && change.list === 'todos' && change.item.assignedTo === null,
    );
    const alone = nextEvent(ownerTab, 'presence', (m) => m.members.length === 1);
    expect((await owner.client.delete(`/api/trips/${trip.id}/members/${extra.id}`)).status).toBe(
      200,
    );
    expect(await gone).toEqual({ tripId: trip.id, message: MEMBER_GONE.removed });
    await membersChanged;
    expect((await unassigned).change).toMatchObject({ item: { id: ferry.body.id } });
    await alone;

    const heard = [collect(extraTab, 'change'), collect(extraTab, 'cursors')];
    const seenByOwner = collectCursors(ownerTab);
    moveCursor(extraTab, { top: 1, left: 1 });
    // Joining again is refused: the room check reads the membership anew. (A tab's events are
    // handled in order: once this is answered, the move above has been too.)
    expect(await joinTrip(extraTab, trip.id)).toMatchObject({ ok: false });
    const ownMove = nextCursor(ownerTab, (m) => m.userId === owner.id && m.at?.top === 2);
    moveCursor(ownerTab, { top: 2, left: 2 });
    await owner.client.post(`/api/trips/${trip.id}/todos`, { text: 'After Carla left' });
    // The owner's move goes out after anything of Carla's would have; then nothing is on its way.
    await ownMove;
    await drained(t.app.live.io, extraTab);
    for (const events of heard) expect(events).toEqual([]);
    // The owner's batch carries the owner's own move (their tab skips it) and Carla's pointer
    // taken off the board when she was removed, never a move of hers.
    expect(seenByOwner.filter((move) => move.userId === extra.id && move.at)).toEqual([]);
  });

  it('everyone on a deleted trip is told', async () => {
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [member.id] });
    const memberTab = await tabOnTrip(member, trip.id);
    const deleted = nextEvent(memberTab, 'change', (m) => m.change.type === 'trip:deleted');
    expect((await owner.client.delete(`/api/trips/${trip.id}`)).status).toBe(200);
    expect((await deleted).tripId).toBe(trip.id);
  });

  it('an owner who deletes their account hands the trip over, and the others are told', async () => {
    const leaver = await signUp('Lena');
    const heir = await signUp('Hugo');
    const trip = await createTrip(t.database.db, leaver.id, { memberIds: [heir.id, member.id] });
    const heirElsewhere = await tab(heir); // on no trip: their trip list learns of the new owner
    const memberTab = await tabOnTrip(member, trip.id);
    const leaverTab = await tabOnTrip(leaver, trip.id);
    const saved = nextEvent(memberTab, 'change', (m) => m.change.type === 'trip:saved');
    const heirSaved = nextEvent(heirElsewhere, 'change', (m) => m.change.type === 'trip:saved');
    const membersChanged = nextEvent(
      memberTab,
      'change',
      (m) => m.change.type === 'members:changed',
    );
    const closed = disconnected(leaverTab);
    const res = await leaver.client.delete('/api/user', {
      password: newAccount().password,
    });
    expect(res.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // The member who joined first (here: at the same instant, so by id) owns it now.
    const [row] = await t.database.db.select().from(trips).where(eq(trips.id, trip.id));
    expect([heir.id, member.id]).toContain(row!.ownerId);
    for (const message of await Promise.all([saved, heirSaved])) {
      expect(message).toMatchObject({
        tripId: trip.id,
        change: { type: 'trip:saved', trip: { id: trip.id, ownerId: row!.ownerId } },
      });
    }
    expect((await membersChanged).tripId).toBe(trip.id);
  });

  it("signing out closes that session's live connections", async () => {
    const traveller = await signUp('Dora');
    const socket = await tab(traveller);
    const closed = disconnected(socket);
    expect((await traveller.client.post('/api/logout')).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('the once-a-minute recheck', () => {
  it('closes a connection whose session ended unseen, and lets go of a membership that did', async () => {
    const traveller = await signUp('Edu');
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [traveller.id] });
    const socket = await tabOnTrip(traveller, trip.id);

    // The membership ends without a live event (as if changed while Redis was away).
    await t.database.db
      .delete(tripMembers)
      .where(and(eq(tripMembers.tripId, trip.id), eq(tripMembers.userId, traveller.id)));
    const gone = nextEvent(socket, 'trip:gone');
    await t.app.live.recheck();
    expect((await gone).tripId).toBe(trip.id);

    // The session ends without a live event (an expiry, say).
    const closed = disconnected(socket);
    await t.database.db.delete(sessions).where(eq(sessions.userId, traveller.id));
    await t.app.live.recheck();
    expect(await closed).toBe('io server disconnect');
  });

  it('checks every connection in a few queries and lets go only of the membership that ended', async () => {
    const [ada, ben] = [await signUp('Ada'), await signUp('Ben')];
    const first = await createTrip(t.database.db, owner.id, { memberIds: [ada.id, ben.id] });
    const second = await createTrip(t.database.db, owner.id, { memberIds: [ada.id, ben.id] });
    const adaTab = await tabOnTrip(ada, first.id);
    const benTab = await tabOnTrip(ben, second.id);
    let benLetGo = false;
    benTab.on('trip:gone', () => {
      benLetGo = true;
    });

    // Ada leaves the first trip unseen; she is still on the second, and Ben on both.
    await t.database.db
      .delete(tripMembers)
      .where(and(eq(tripMembers.tripId, first.id), eq(tripMembers.userId, ada.id)));
    const gone = nextEvent(adaTab, 'trip:gone');
    await t.app.live.recheck();
    expect((await gone).tripId).toBe(first.id);
    // Ben's tab still hears its trip: a move of his own comes back in the trip's batch.
    const batch = nextEvent(benTab, 'cursors');
    moveCursor(benTab, { top: 1, left: 2 });
    expect((await batch).tripId).toBe(second.id);
    expect(benLetGo).toBe(false);
  });

  it("signing in over a session closes that session's live connections", async () => {
    const first = await signUp('Fay');
    const socket = await tab(first);
    const closed = disconnected(socket);
    // Someone else signs in on this browser: the session the tab had is replaced.
    const other = newAccount();
    expect((await apiClient(t.url).post('/api/register', other)).status).toBe(201);
    const signIn = await first.client.post('/api/login', {
      username: other.username,
      password: other.password,
    });
    expect(signIn.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});
