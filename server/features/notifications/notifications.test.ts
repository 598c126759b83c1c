import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationEntry,
  type NotificationPreferences,
  type UnreadCount,
} from '../../../shared/contracts/notifications';
import type { Poll } from '../../../shared/contracts/polls';
import type { Todo } from '../../../shared/contracts/todos';
import { users } from '../../platform/db/schema';
import { type Account, createAccount, createTripCast } from '../../test/factories';
import { connectLive, joinTrip, type LiveClient } from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { tellRoomStarted } from './callNotices';
import { NOTIFICATIONS_KEPT_DAYS, pruneNotifications } from './retention';
import { emailDeliveries, notifications } from './tables';

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

const bell = async (who: Account) =>
  (await who.client.get<NotificationEntry[]>('/api/notifications')).body;
const unread = async (who: Account) =>
  (await who.client.get<UnreadCount>('/api/notifications/unread')).body.unread;

async function setPreferences(who: Account, change: Partial<NotificationPreferences>) {
  const current = (await who.client.get<NotificationPreferences>('/api/notification-preferences'))
    .body;
  const res = await who.client.put<NotificationPreferences>('/api/notification-preferences', {
    ...current,
    ...change,
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Resolves when the tab is told its notifications changed (an event with no payload). */
function toldOnce(tab: LiveClient, ms = 5000) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not told within ${ms} ms`)), ms);
    tab.once('notifications:changed', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function addTodo(who: Account, body: Record<string, unknown>) {
  return (await who.client.post<Todo>(`/api/trips/${tripId}/todos`, body)).body;
}

describe('notification settings', () => {
  it('start at the defaults, save per kind and channel, and never put a summary in the bell', async () => {
    const person = await createAccount(t);
    const read = await person.client.get<NotificationPreferences>('/api/notification-preferences');
    expect(read.body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const saved = await setPreferences(person, {
      mentioned: { inApp: false, email: true },
      summary: { inApp: true, email: false },
    });
    expect(saved.mentioned).toEqual({ inApp: false, email: true });
    expect(saved.summary).toEqual({ inApp: false, email: false });
    expect(
      (await person.client.get<NotificationPreferences>('/api/notification-preferences')).body,
    ).toEqual(saved);
  });

  it('refuses a body missing a kind, and a stranger', async () => {
    const res = await owner.client.put<ErrorResponse>('/api/notification-preferences', {
      mentioned: { inApp: true, email: true },
    });
    expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
    const anonymous = await fetch(`${t.url}/api/notifications`);
    expect(anonymous.status).toBe(401);
  });
});

describe('the bell', () => {
  it('tells a member mentioned in a comment, live, and not its author; read is theirs alone', async () => {
    const todo = await addTodo(owner, { text: 'Book the ferry' });
    const tab = await connectLive(t.url, member.client.cookie);
    try {
      await joinTrip(tab, tripId);
      const told = toldOnce(tab);
      const res = await owner.client.post(`/api/trips/${tripId}/comments`, {
        subjectType: 'todo',
        subjectId: todo.id,
        body: '@Bruno Costa can you   book it?',
        mentions: [member.id],
      });
      expect(res.status).toBe(201);
      await told;
    } finally {
      tab.disconnect();
    }
    const [entry] = await bell(member);
    expect(entry).toMatchObject({
      kind: 'mentioned',
      trip: { id: tripId, name: 'Bali 2023' },
      actor: { id: owner.id, name: 'Ana Lima' },
      subjectId: todo.id,
      // What the comment is on, so the entry opens its thread (issue #38).
      data: { label: 'Book the ferry', on: 'todo', excerpt: '@Bruno Costa can you book it?' },
      readAt: null,
    });
    expect(await bell(owner)).toEqual([]);
    expect(await unread(member)).toBe(1);

    // Another's id changes nothing; their own is read, and the count follows.
    const other = await owner.client.post<UnreadCount>('/api/notifications/read', {
      ids: [entry!.id],
    });
    expect(other.body.unread).toBe(0);
    expect(await unread(member)).toBe(1);
    const mine = await member.client.post<UnreadCount>('/api/notifications/read', {
      ids: [entry!.id],
    });
    expect(mine.body.unread).toBe(0);
    expect((await bell(member))[0]!.readAt).not.toBeNull();
  });

  it('an edit tells only those it mentions for the first time', async () => {
    const todo = await addTodo(member, { text: 'Pack adapters' });
    const res = await member.client.post<{ id: string }>(`/api/trips/${tripId}/comments`, {
      subjectType: 'todo',
      subjectId: todo.id,
      body: 'Anyone?',
      mentions: [],
    });
    const before = (await bell(owner)).length;
    for (let i = 0; i < 2; i++) {
      await member.client.patch(`/api/comments/${res.body.id}`, {
        body: `@Ana Lima anyone? ${i}`,
        mentions: [owner.id],
      });
    }
    const entries = await bell(owner);
    expect(entries.length).toBe(before + 1);
    expect(entries[0]).toMatchObject({ kind: 'mentioned', data: { label: 'Pack adapters' } });
  });

  it('a to-do given to someone tells them, not when they take it themselves', async () => {
    const todo = await addTodo(owner, { text: 'Rent scooters', assignedTo: member.id });
    expect((await bell(member))[0]).toMatchObject({
      kind: 'assigned',
      subjectId: todo.id,
      data: { label: 'Rent scooters' },
    });
    const count = (await bell(owner)).length;
    const mine = await addTodo(owner, { text: 'Call the villa' });
    const taken = await owner.client.patch(`/api/todos/${mine.id}`, { assignedTo: owner.id });
    expect(taken.status).toBe(200);
    expect((await bell(owner)).length).toBe(count);
  });

  it('a poll closed tells the trip but the one who closed it, once', async () => {
    const poll = (
      await owner.client.post<Poll>(`/api/trips/${tripId}/polls`, {
        question: 'Where to eat?',
        options: ['Warung', 'Beach club'],
      })
    ).body;
    const vote = await member.client.put(`/api/polls/${poll.id}/vote`, {
      optionIds: [poll.options[1]!.id],
    });
    expect(vote.status).toBe(200);
    await owner.client.patch(`/api/polls/${poll.id}`, { closed: true });
    await owner.client.patch(`/api/polls/${poll.id}`, { closed: true });
    const told = (await bell(member)).filter((entry) => entry.kind === 'pollClosed');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ data: { label: 'Where to eat?', result: 'Beach club' } });
    expect((await bell(owner)).some((entry) => entry.kind === 'pollClosed')).toBe(false);
  });

  it('someone alone in the audio room tells the others once, and not again for ten minutes', async () => {
    const at = new Date('2031-01-01T10:00:00Z');
    const starter = { userId: owner.id, peerId: 'peer-1' };
    expect(await tellRoomStarted(t.database.db, tripId, starter, at)).toBe(1);
    expect(await tellRoomStarted(t.database.db, tripId, starter, at)).toBe(0);
    const soon = new Date(at.getTime() + 5 * 60_000);
    expect(await tellRoomStarted(t.database.db, tripId, { ...starter, peerId: 'p2' }, soon)).toBe(
      0,
    );
    const later = new Date(at.getTime() + 11 * 60_000);
    expect(await tellRoomStarted(t.database.db, tripId, { ...starter, peerId: 'p3' }, later)).toBe(
      1,
    );
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'callStarted'));
    expect(rows.map((row) => row.userId)).toEqual([member.id, member.id]);
  });

  it('what someone switched off in the app is not in their bell', async () => {
    await setPreferences(member, { assigned: { inApp: false, email: false } });
    const count = (await bell(member)).length;
    await addTodo(owner, { text: 'Buy sunscreen', assignedTo: member.id });
    expect((await bell(member)).length).toBe(count);
    await setPreferences(member, { assigned: DEFAULT_NOTIFICATION_PREFERENCES.assigned });
  });

  it('an invitation to an account is in their bell with its join page; their e-mail switch decides the e-mail', async () => {
    await setPreferences(outsider, { invited: { inApp: true, email: false } });
    await t.deliverMail();
    const sentBefore = t.sentMail().length;
    const res = await owner.client.post(`/api/trips/${tripId}/invitations`, {
      email: outsider.user.email.toUpperCase(),
    });
    expect(res.status).toBe(200);
    const [entry] = await bell(outsider);
    expect(entry).toMatchObject({ kind: 'invited', actor: { name: 'Ana Lima' } });
    expect(entry!.data.path).toMatch(/^\/join\//);
    await t.deliverMail();
    expect(t.sentMail().length).toBe(sentBefore);

    await setPreferences(outsider, { invited: { inApp: true, email: true } });
    await owner.client.post(`/api/trips/${tripId}/invitations`, { email: outsider.user.email });
    await t.deliverMail();
    expect(t.sentMail().length).toBe(sentBefore + 1);
  });

  it('pages like every growing list', async () => {
    const page = await member.client.get<NotificationEntry[]>('/api/notifications?limit=1');
    expect(page.body).toHaveLength(1);
    const cursor = page.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await member.client.get<NotificationEntry[]>(
      `/api/notifications?limit=1&before=${encodeURIComponent(cursor!)}`,
    );
    expect(next.body[0]!.id).not.toBe(page.body[0]!.id);
    const bad = await member.client.get<ErrorResponse>('/api/notifications?before=nonsense');
    expect(bad.status).toBe(400);
    const all = await member.client.post<UnreadCount>('/api/notifications/read', { all: true });
    expect(all.body.unread).toBe(0);
  });

  it('a deleted account leaves its notices behind as "Someone"', async () => {
    const gone = await createAccount(t, { firstName: 'Gus' });
    const { addMember } = await import('../../test/factories');
    await addMember(t.database.db, tripId, gone.id);
    await gone.client.post(`/api/trips/${tripId}/todos`, {
      text: 'Check visas',
      assignedTo: member.id,
    });
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    const entry = (await bell(member)).find((item) => item.data.label === 'Check visas');
    expect(entry).toMatchObject({ kind: 'assigned', actor: null });
  });
});

describe('retention', () => {
  it('deletes notifications and e-mail records older than kept, but each last summary', async () => {
    const db = t.database.db;
    const now = new Date('2032-01-01T00:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const old = daysAgo(NOTIFICATIONS_KEPT_DAYS + 1);
    const recent = daysAgo(NOTIFICATIONS_KEPT_DAYS - 1);
    const row = { userId: member.id, tripId, kind: 'assigned', inApp: true, emailPending: false };
    await db.insert(notifications).values([
      { ...row, data: { label: 'old' }, createdAt: old },
      { ...row, data: { label: 'recent' }, createdAt: recent },
    ]);
    const delivery = { userId: member.id, tripId, kind: 'summary' };
    await db.insert(emailDeliveries).values([
      { ...delivery, key: 'summary:old-1', sentAt: daysAgo(NOTIFICATIONS_KEPT_DAYS + 3) },
      { ...delivery, key: 'summary:old-2', sentAt: old },
      { ...delivery, key: 'notification:old', kind: 'assigned', sentAt: old },
      { ...delivery, key: 'notification:recent', kind: 'assigned', sentAt: recent },
    ]);

    expect(await pruneNotifications(db, now)).toBeGreaterThanOrEqual(3);
    const labels = (await db.select().from(notifications)).map((n) => n.data.label);
    expect(labels).toContain('recent');
    expect(labels).not.toContain('old');
    const keys = (await db.select().from(emailDeliveries)).map((d) => d.key).sort();
    // The last summary stays however old: the next one starts from it.
    expect(keys).toEqual(['notification:recent', 'summary:old-2']);
  });
});
