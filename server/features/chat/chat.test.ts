import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  CHAT_POSTS_PER_MINUTE,
  CHAT_UNREAD_COUNTED,
  type ChatMessage,
  type ChatUnread,
} from '../../../shared/contracts/chat';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { NotificationEntry } from '../../../shared/contracts/notifications';
import { PAGE_CURSOR_HEADER, PAGE_TOTAL_HEADER } from '../../../shared/contracts/paging';
import { users } from '../../platform/db/schema';
import { itTakesClientIds } from '../../test/clientIds';
import {
  type Account,
  addMember,
  createAccount,
  createTrip,
  createTripCast,
  type TripCast,
} from '../../test/factories';
import { connectLive, joinTrip, nextEvent, removedFrom, savedIn } from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { notifications } from '../notifications/tables';
import { pruneChat } from './service';
import { chatMessages } from './tables';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const chatPath = (tripId: string) => `/api/trips/${tripId}/chat`;

function post(who: Account, tripId: string, body: Record<string, unknown>) {
  return who.client.post<ChatMessage & ErrorResponse>(chatPath(tripId), body);
}

async function say(who: Account, tripId: string, text: string) {
  const res = await post(who, tripId, { body: text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const unread = async (who: Account, tripId: string) =>
  (await who.client.get<ChatUnread>(`${chatPath(tripId)}/unread`)).body.unread;

/** Messages straight in the database, `daysAgo` old each (the clock the API does not take). */
async function storedMessages(tripId: string, authorId: string, daysAgo: number[]) {
  const now = Date.now();
  await t.database.db.insert(chatMessages).values(
    daysAgo.map((days, index) => ({
      tripId,
      createdBy: authorId,
      body: `${days} days ago`,
      // A millisecond apart, in order, when several are of one day.
      createdAt: new Date(now - days * DAY + index),
    })),
  );
}

describe('the trip’s chat', () => {
  let cast: TripCast;
  beforeAll(async () => {
    cast = await createTripCast(t);
  });

  it('a member writes mentioning another, who is notified; the others’ tabs hear of it live', async () => {
    const { owner, member, tripId } = cast;
    const tab = await connectLive(t.url, owner.client.cookie);
    try {
      expect((await joinTrip(tab, tripId)).ok).toBe(true);
      const heard = nextEvent(tab, 'change', savedIn('chat'));
      const res = await post(member, tripId, {
        body: '  @Ana Lima shall we book the ferry?  ',
        mentions: [owner.id, owner.id],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        tripId,
        body: '@Ana Lima shall we book the ferry?',
        author: { id: member.id, name: 'Bruno Costa', image: null },
        mentions: [{ id: owner.id, name: 'Ana Lima' }],
        editedAt: null,
      });
      expect((await heard).change).toEqual({ type: 'item:saved', list: 'chat', item: res.body });

      const bell = await owner.client.get<NotificationEntry[]>('/api/notifications');
      expect(bell.body[0]).toMatchObject({
        kind: 'chatMentioned',
        trip: { id: tripId, name: 'Bali 2023' },
        actor: { id: member.id, name: 'Bruno Costa' },
        subjectId: res.body.id,
        data: { excerpt: '@Ana Lima shall we book the ferry?' },
      });
    } finally {
      tab.close();
    }
  });

  it('is not part of the trip’s activity', async () => {
    const history = await cast.owner.client.get<{ kind: string }[]>(
      `/api/trips/${cast.tripId}/activity`,
    );
    expect(history.body.filter((entry) => entry.kind.startsWith('chat'))).toEqual([]);
  });

  it('refuses empty or too long text, a mention of an outsider, and too many mentions', async () => {
    const { member, outsider, tripId } = cast;
    const empty = await post(member, tripId, { body: '   ' });
    expect([empty.status, empty.body.code, empty.body.issues?.[0]?.message]).toEqual([
      400,
      'invalid_input',
      CHAT_MESSAGES.missingBody,
    ]);
    const long = await post(member, tripId, { body: 'x'.repeat(CHAT_MESSAGE_MAX + 1) });
    expect([long.status, long.body.issues?.[0]?.message]).toEqual([400, CHAT_MESSAGES.bodyTooLong]);
    expect((await post(member, tripId, { body: 'x'.repeat(CHAT_MESSAGE_MAX) })).status).toBe(201);
    const stranger = await post(member, tripId, { body: '@Olga', mentions: [outsider.id] });
    expect([stranger.status, stranger.body.code]).toEqual([400, 'not_a_member']);
    const crowd = await post(member, tripId, {
      body: 'Everyone!',
      mentions: Array.from({ length: 21 }, () => crypto.randomUUID()),
    });
    expect([crowd.status, crowd.body.issues?.[0]?.message]).toEqual([
      400,
      CHAT_MESSAGES.tooManyMentions,
    ]);
  });

  it('only its author edits or deletes a message; the others hear of each change live', async () => {
    const { owner, member, tripId } = cast;
    const written = await say(member, tripId, 'Ferry at 9?');
    const tab = await connectLive(t.url, owner.client.cookie);
    try {
      expect((await joinTrip(tab, tripId)).ok).toBe(true);
      const notMine = await owner.client.patch<ErrorResponse>(`/api/chat/${written.id}`, {
        body: 'Hijacked',
      });
      expect(notMine.status).toBe(403);
      expect(notMine.body).toEqual({ code: 'creator_only', message: CHAT_MESSAGES.authorOnly });
      const notMineEither = await owner.client.delete<ErrorResponse>(`/api/chat/${written.id}`);
      expect([notMineEither.status, notMineEither.body.code]).toEqual([403, 'creator_only']);

      const saved = nextEvent(tab, 'change', savedIn('chat'));
      const edited = await member.client.patch<ChatMessage>(`/api/chat/${written.id}`, {
        body: 'Ferry at 10, @Ana Lima?',
        mentions: [owner.id],
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        id: written.id,
        body: 'Ferry at 10, @Ana Lima?',
        mentions: [{ id: owner.id, name: 'Ana Lima' }],
        createdAt: written.createdAt,
        editedAt: expect.any(String),
      });
      expect((await saved).change).toEqual({ type: 'item:saved', list: 'chat', item: edited.body });
      // The edit's new mention is told once, however often it is edited again.
      await member.client.patch(`/api/chat/${written.id}`, {
        body: 'Ferry at 11, @Ana Lima?',
        mentions: [owner.id],
      });
      const told = await t.database.db.$count(
        notifications,
        and(eq(notifications.userId, owner.id), eq(notifications.subjectId, written.id)),
      );
      expect(told).toBe(1);

      const removed = nextEvent(tab, 'change', removedFrom('chat'));
      expect((await member.client.delete(`/api/chat/${written.id}`)).status).toBe(200);
      expect((await removed).change).toEqual({
        type: 'item:removed',
        list: 'chat',
        id: written.id,
      });
      const gone = await member.client.patch<ErrorResponse>(`/api/chat/${written.id}`, {
        body: 'Back?',
      });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ code: 'not_found', message: CHAT_MESSAGES.notFound });
    } finally {
      tab.close();
    }
  });

  it('is for the trip’s members only: 404 to anyone else, whatever they send', async () => {
    const { member, outsider, tripId } = cast;
    const written = await say(member, tripId, 'Members only');
    const answers = [
      await outsider.client.get(chatPath(tripId)),
      await outsider.client.post(chatPath(tripId), { body: 'Let me in' }),
      await outsider.client.post(chatPath(tripId), { nonsense: true }),
      await outsider.client.get(`${chatPath(tripId)}/unread`),
      await outsider.client.post(`${chatPath(tripId)}/read`, { upTo: written.id }),
      await outsider.client.patch(`/api/chat/${written.id}`, { body: 'Mine now' }),
      await outsider.client.delete(`/api/chat/${written.id}`),
    ];
    expect(answers.map((res) => res.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const list = await member.client.get<ChatMessage[]>(chatPath(tripId));
    expect(list.body.at(-1)).toMatchObject({ id: written.id, body: 'Members only' });
  });
});

describe('reading the chat a page at a time', () => {
  it('answers the newest messages oldest first, then older pages by the cursor', async () => {
    const { owner, member, tripId } = await createTripCast(t);
    for (const text of ['one', 'two', 'three', 'four', 'five']) {
      await say(text.length % 2 ? owner : member, tripId, text);
    }
    const newest = await owner.client.get<ChatMessage[]>(`${chatPath(tripId)}?limit=2`);
    expect(newest.body.map((message) => message.body)).toEqual(['four', 'five']);
    expect(newest.headers.get(PAGE_TOTAL_HEADER)).toBe('5');
    const cursor = newest.headers.get(PAGE_CURSOR_HEADER);
    expect(cursor).toEqual(expect.any(String));

    // A message written meanwhile neither shifts nor repeats the older pages.
    await say(member, tripId, 'six');
    const older = await owner.client.get<ChatMessage[]>(
      `${chatPath(tripId)}?limit=2&before=${encodeURIComponent(cursor!)}`,
    );
    expect(older.body.map((message) => message.body)).toEqual(['two', 'three']);
    const oldest = await owner.client.get<ChatMessage[]>(
      `${chatPath(tripId)}?limit=2&before=${encodeURIComponent(older.headers.get(PAGE_CURSOR_HEADER)!)}`,
    );
    expect(oldest.body.map((message) => message.body)).toEqual(['one']);
    expect(oldest.headers.get(PAGE_CURSOR_HEADER)).toBeNull();

    const whole = await owner.client.get<ChatMessage[]>(chatPath(tripId));
    expect(whole.body.map((message) => message.body)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
    ]);
    const bad = await owner.client.get<ErrorResponse>(`${chatPath(tripId)}?before=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_input', message: CHAT_MESSAGES.badCursor });
  });

  it('keeps messages as long as the owner’s plan keeps the trip’s activity, then prunes them', async () => {
    const onPlan = async (plan: 'free' | 'premium' | 'pro') => {
      const host = await createAccount(t, { plan });
      const trip = await createTrip(t.database.db, host.id);
      await storedMessages(trip.id, host.id, [400, 31, 8, 1]);
      return { host, tripId: trip.id };
    };
    const free = await onPlan('free');
    const premium = await onPlan('premium');
    const pro = await onPlan('pro');
    const shown = async ({ host, tripId }: { host: Account; tripId: string }) =>
      (await host.client.get<ChatMessage[]>(chatPath(tripId))).body.map((m) => m.body);
    expect(await shown(free)).toEqual(['1 days ago']);
    expect(await shown(premium)).toEqual(['8 days ago', '1 days ago']);
    expect(await shown(pro)).toEqual(['400 days ago', '31 days ago', '8 days ago', '1 days ago']);

    const stored = (tripId: string) =>
      t.database.db.$count(chatMessages, eq(chatMessages.tripId, tripId));
    expect(await pruneChat(t.database.db, new Date())).toBeGreaterThanOrEqual(5);
    expect([
      await stored(free.tripId),
      await stored(premium.tripId),
      await stored(pro.tripId),
    ]).toEqual([1, 2, 4]);
    // A week later by the job's clock, the Free trip's day-old message goes too.
    await pruneChat(t.database.db, new Date(Date.now() + 7 * DAY));
    expect(await stored(free.tripId)).toBe(0);
    expect(await stored(pro.tripId)).toBe(4);
  });
});

describe('unread messages', () => {
  it('counts others’ messages after the newest read; reading moves forward only', async () => {
    const { owner, member, tripId } = await createTripCast(t);
    expect(await unread(member, tripId)).toBe(0);
    const first = await say(owner, tripId, 'Morning!');
    const second = await say(owner, tripId, 'Ferry at 9');
    await say(member, tripId, 'My own message is never unread to me');
    expect(await unread(member, tripId)).toBe(2);
    expect(await unread(owner, tripId)).toBe(1);

    const read = await member.client.post<ChatUnread>(`${chatPath(tripId)}/read`, {
      upTo: second.id,
    });
    expect(read.body).toEqual({ unread: 0 });
    await say(owner, tripId, 'Anyone?');
    expect(await unread(member, tripId)).toBe(1);
    // An older message named later (a slow tab) does not move the mark back.
    await member.client.post(`${chatPath(tripId)}/read`, { upTo: first.id });
    expect(await unread(member, tripId)).toBe(1);
    // A message deleted meanwhile moves it nowhere, and is no error.
    const deleted = await say(owner, tripId, 'Oops');
    await owner.client.delete(`/api/chat/${deleted.id}`);
    const late = await member.client.post<ChatUnread>(`${chatPath(tripId)}/read`, {
      upTo: deleted.id,
    });
    expect([late.status, late.body]).toEqual([200, { unread: 1 }]);
    const bad = await member.client.post<ErrorResponse>(`${chatPath(tripId)}/read`, {
      upTo: 'latest',
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_input']);
  });

  it('starts from joining the trip for a newcomer, and counts up to a limit', async () => {
    const { owner, tripId } = await createTripCast(t);
    await say(owner, tripId, 'Before you came');
    const newcomer = await createAccount(t);
    await addMember(t.database.db, tripId, newcomer.id);
    expect(await unread(newcomer, tripId)).toBe(0);
    await storedMessages(
      tripId,
      owner.id,
      Array.from({ length: CHAT_UNREAD_COUNTED + 5 }, () => 0),
    );
    expect(await unread(newcomer, tripId)).toBe(CHAT_UNREAD_COUNTED);
  });
});

describe('posting limits', () => {
  it(`takes ${CHAT_POSTS_PER_MINUTE} messages a minute from one person, then 429`, async () => {
    const { member, owner, tripId } = await createTripCast(t);
    for (let i = 0; i < CHAT_POSTS_PER_MINUTE; i++) await say(member, tripId, `Message ${i}`);
    const flood = await post(member, tripId, { body: 'One more' });
    expect([flood.status, flood.body.code]).toEqual([429, 'rate_limited']);
    // Counted per person: the others still write.
    expect((await post(owner, tripId, { body: 'Slow down!' })).status).toBe(201);
  });

  it('a deleted account’s messages go with it', async () => {
    const { owner, tripId } = await createTripCast(t);
    const guest = await createAccount(t, { firstName: 'Gus', lastName: 'Gone' });
    await addMember(t.database.db, tripId, guest.id);
    await say(guest, tripId, 'Bye');
    await t.database.db.delete(users).where(eq(users.id, guest.id));
    const list = await owner.client.get<ChatMessage[]>(chatPath(tripId));
    expect(list.body.map((message) => message.body)).not.toContain('Bye');
  });
});

itTakesClientIds(() => t, {
  list: 'chat',
  table: chatMessages,
  inHistory: false,
  // Mentioning the member tells them: a repeat must not tell them twice.
  add: (cast, who, trip, id) =>
    who.client.post(chatPath(trip), {
      id,
      body: '@Bruno Costa which ferry?',
      mentions: trip === cast.tripId && who === cast.owner ? [cast.member.id] : [],
    }),
});
