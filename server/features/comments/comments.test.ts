import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/contracts/activity';
import type { Comment, CommentCounts } from '../../../shared/contracts/comments';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import type { Poll } from '../../../shared/contracts/polls';
import type { Todo } from '../../../shared/contracts/todos';
import { users } from '../../platform/db/schema';
import { itTakesClientIds } from '../../test/clientIds';
import { type Account, addMember, createAccount, createTripCast } from '../../test/factories';
import { connectLive, joinTrip, nextEvent, removedFrom, savedIn } from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { todos } from '../todos/tables';
import { comments } from './tables';

let t: TestApp;
let owner: Account;
let member: Account;
let outsider: Account;
let tripId: string;
let todo: Todo;

beforeAll(async () => {
  t = await startTestApp();
  ({ owner, member, outsider, tripId } = await createTripCast(t));
  todo = (await owner.client.post<Todo>(`/api/trips/${tripId}/todos`, { text: 'Book the ferry' }))
    .body;
});
afterAll(() => t.close());

const threadPath = (subjectType: string, subjectId: string, trip = tripId) =>
  `/api/trips/${trip}/comments?subjectType=${subjectType}&subjectId=${subjectId}`;

async function comment(who: Account, body: Record<string, unknown>, trip = tripId) {
  return who.client.post<Comment & ErrorResponse>(`/api/trips/${trip}/comments`, body);
}

describe('comments on a trip’s items', () => {
  it('a member comments on a to-do mentioning another; the thread, the count and the history show it', async () => {
    const res = await comment(member, {
      subjectType: 'todo',
      subjectId: todo.id,
      body: '  @Ana Lima can you check the times?  ',
      mentions: [owner.id, owner.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      subjectType: 'todo',
      subjectId: todo.id,
      body: '@Ana Lima can you check the times?',
      author: { id: member.id, name: 'Bruno Costa' },
      mentions: [{ id: owner.id, name: 'Ana Lima' }],
      editedAt: null,
    });
    await comment(owner, { subjectType: 'todo', subjectId: todo.id, body: 'On it' });

    const thread = await owner.client.get<Comment[]>(threadPath('todo', todo.id));
    expect(thread.body.map((item) => item.body)).toEqual([
      '@Ana Lima can you check the times?',
      'On it',
    ]);
    const counts = await member.client.get<CommentCounts>(`/api/trips/${tripId}/comments/counts`);
    expect(counts.body).toEqual({ [`todo:${todo.id}`]: 2 });
    const history = await owner.client.get<ActivityEntry[]>(`/api/trips/${tripId}/activity`);
    expect(history.body[0]).toMatchObject({
      kind: 'comment.added',
      actor: { name: 'Ana Lima' },
      data: { label: 'Book the ferry' },
    });
  });

  it('on a poll too; refuses an item not on the trip, a mention of an outsider, empty text', async () => {
    const poll = await owner.client.post<Poll>(`/api/trips/${tripId}/polls`, {
      question: 'Ferry or plane?',
      options: ['Ferry', 'Plane'],
    });
    expect(
      (await comment(member, { subjectType: 'poll', subjectId: poll.body.id, body: 'Ferry!' }))
        .status,
    ).toBe(201);

    const elsewhere = await comment(member, {
      subjectType: 'flight',
      subjectId: todo.id,
      body: 'Wrong kind of item',
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'not_found']);
    const outsiderMention = await comment(member, {
      subjectType: 'todo',
      subjectId: todo.id,
      body: '@Olga',
      mentions: [outsider.id],
    });
    expect([outsiderMention.status, outsiderMention.body.code]).toEqual([400, 'not_a_member']);
    const empty = await comment(member, { subjectType: 'todo', subjectId: todo.id, body: '   ' });
    expect([empty.status, empty.body.code]).toEqual([400, 'invalid_input']);
    const badType = await comment(member, { subjectType: 'trip', subjectId: tripId, body: 'Hi' });
    expect(badType.status).toBe(400);
  });

  it('only its author edits or deletes a comment; the others hear of each change live', async () => {
    const written = (
      await comment(member, { subjectType: 'todo', subjectId: todo.id, body: 'Typo hre' })
    ).body;
    const tab = await connectLive(t.url, owner.client.cookie);
    try {
      expect((await joinTrip(tab, tripId)).ok).toBe(true);
      const notMine = await owner.client.patch<ErrorResponse>(`/api/comments/${written.id}`, {
        body: 'Hijacked',
      });
      expect([notMine.status, notMine.body.code]).toEqual([403, 'creator_only']);
      expect((await owner.client.delete<ErrorResponse>(`/api/comments/${written.id}`)).status).toBe(
        403,
      );

      const saved = nextEvent(tab, 'change', savedIn('comments'));
      const edited = await member.client.patch<Comment>(`/api/comments/${written.id}`, {
        body: 'Typo here',
      });
      expect(edited.status).toBe(200);
      expect(edited.body.editedAt).toEqual(expect.any(String));
      expect((await saved).change).toEqual({
        type: 'item:saved',
        list: 'comments',
        item: edited.body,
      });

      const removed = nextEvent(tab, 'change', removedFrom('comments'));
      expect((await member.client.delete(`/api/comments/${written.id}`)).status).toBe(200);
      expect((await removed).change).toEqual({
        type: 'item:removed',
        list: 'comments',
        id: written.id,
      });
    } finally {
      tab.close();
    }
  });

  it('is for the trip’s members only: 404 to anyone else', async () => {
    const read = await outsider.client.get<ErrorResponse>(threadPath('todo', todo.id));
    expect(read.status).toBe(404);
    const write = await comment(outsider, {
      subjectType: 'todo',
      subjectId: todo.id,
      body: 'Let me in',
    });
    expect(write.status).toBe(404);
  });

  it('a deleted item’s thread is gone with it, and back when the item is restored', async () => {
    const item = (
      await owner.client.post<Todo>(`/api/trips/${tripId}/todos`, { text: 'Pack snorkels' })
    ).body;
    await comment(member, { subjectType: 'todo', subjectId: item.id, body: 'Two sets' });
    await owner.client.delete(`/api/todos/${item.id}`);
    expect((await owner.client.get(threadPath('todo', item.id))).status).toBe(404);

    const history = await owner.client.get<ActivityEntry[]>(`/api/trips/${tripId}/activity`);
    const deletion = history.body.find((entry) => entry.subjectId === item.id && entry.restorable);
    await owner.client.post(`/api/trips/${tripId}/activity/${deletion!.id}/restore`, {});
    const thread = await owner.client.get<Comment[]>(threadPath('todo', item.id));
    expect(thread.body.map((entry) => entry.body)).toEqual(['Two sets']);
  });

  it('a deleted account’s comments go with it', async () => {
    const guest = await createAccount(t, { firstName: 'Gus', lastName: 'Gone' });
    await addMember(t.database.db, tripId, guest.id);
    await comment(guest, { subjectType: 'todo', subjectId: todo.id, body: 'Bye' });
    await t.database.db.delete(users).where(eq(users.id, guest.id));
    const thread = await owner.client.get<Comment[]>(threadPath('todo', todo.id));
    expect(thread.body.map((entry) => entry.body)).not.toContain('Bye');
  });
});

/** A to-do of each trip to comment on, put straight in the database (no history of its own). */
const subjects = new Map<string, string>();
async function subjectOn(trip: string) {
  let id = subjects.get(trip);
  if (!id) {
    const [row] = await t.database.db
      .insert(todos)
      .values({ tripId: trip, text: 'Book the ferry' })
      .returning({ id: todos.id });
    id = row!.id;
    subjects.set(trip, id);
  }
  return id;
}

itTakesClientIds(() => t, {
  list: 'comments',
  table: comments,
  // Mentioning the member tells them: a repeat must not tell them twice.
  add: async (cast, who, trip, id) =>
    who.client.post(`/api/trips/${trip}/comments`, {
      id,
      subjectType: 'todo',
      subjectId: await subjectOn(trip),
      body: '@Bruno Costa which ferry?',
      mentions: trip === cast.tripId && who === cast.owner ? [cast.member.id] : [],
    }),
});
