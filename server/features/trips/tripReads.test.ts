import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Todo } from '../../../shared/contracts/todos';
import { tripMembers, users } from '../../platform/db/schema';
import { createAccount, createTrip } from '../../test/factories';
import { startTwoInstances, type TestApp } from '../../test/testApp';
import { todos } from '../todos/tables';

/**
 * Issue #18: on the embedded database a member's access to a trip and its to-do list are read
 * from memory. Whatever changes them — any route, any code path, another server on the same
 * database — must be seen by the very next request.
 */
let a: TestApp;
let b: TestApp;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ a, b, close: stop } = await startTwoInstances());
});
afterAll(() => stop?.());

async function tripWithMember() {
  const owner = await createAccount(a);
  const member = await createAccount(b); // signed in on the other server
  const trip = await createTrip(a.database.db, owner.id, { memberIds: [member.id] });
  return { owner, member, trip, todosUrl: `/api/trips/${trip.id}/todos` };
}

describe('trip reads in memory (issue #18)', () => {
  it('never lets a removed member in again, on either server', async () => {
    const { owner, member, trip, todosUrl } = await tripWithMember();
    expect((await member.client.get(todosUrl)).status).toBe(200);
    expect((await owner.client.get(todosUrl)).status).toBe(200);

    const removed = await owner.client.delete(`/api/trips/${trip.id}/members/${member.id}`);
    expect(removed.status).toBe(200);
    expect((await member.client.get(todosUrl)).status).toBe(404);
  });

  it('lets a new member in at once, even after they were refused', async () => {
    const { trip, todosUrl } = await tripWithMember();
    const newcomer = await createAccount(b);
    expect((await newcomer.client.get(todosUrl)).status).toBe(404);
    await a.database.db
      .insert(tripMembers)
      .values({ tripId: trip.id, userId: newcomer.id, role: 'member' });
    expect((await newcomer.client.get(todosUrl)).status).toBe(200);
  });

  it('shows every change to the to-do list at once, whoever made it', async () => {
    const { owner, member, trip, todosUrl } = await tripWithMember();
    expect((await member.client.get<Todo[]>(todosUrl)).body).toEqual([]);

    const added = await owner.client.post<Todo>(todosUrl, { text: 'Book the ferry' });
    expect(added.status).toBe(201);
    expect((await member.client.get<Todo[]>(todosUrl)).body.map((t) => t.text)).toEqual([
      'Book the ferry',
    ]);

    // Straight in the database, as another feature's transaction might.
    await a.database.db.update(todos).set({ text: 'Book the night ferry' });
    await a.database.db
      .update(todos)
      .set({ assignedTo: member.id })
      .where(eq(todos.tripId, trip.id));
    const listed = (await member.client.get<Todo[]>(todosUrl)).body;
    expect(listed[0]).toMatchObject({
      text: 'Book the night ferry',
      assignedTo: { id: member.id },
    });

    // A renamed assignee is shown by the new name.
    await a.database.db.update(users).set({ firstName: 'Bea' }).where(eq(users.id, member.id));
    const renamed = (await owner.client.get<Todo[]>(todosUrl)).body;
    expect(renamed[0]?.assignedTo?.name).toBe('Bea Lima');
  });

  it('answers from memory (with the announcements off, a change goes unseen)', async () => {
    const { owner, trip, todosUrl } = await tripWithMember();
    expect((await owner.client.get<Todo[]>(todosUrl)).body).toEqual([]);
    // Only to show the memory is what answers: the database's announcements are switched off
    // for this one transaction, which no code path of Tripmates ever does.
    await a.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(todos).values({ tripId: trip.id, text: 'Unseen', priority: 'low' });
    });
    expect((await owner.client.get<Todo[]>(todosUrl)).body).toEqual([]);
  });
});
