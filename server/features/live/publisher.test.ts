import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { itemSaved } from '../../../shared/contracts/live';
import type { Database } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { createTrip, createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/testDatabase';
import { createTodo } from '../todos/service';
import { todos } from '../todos/tables';
import { type ChangeContext, inTransaction, type LiveChanges } from './publisher';

/** Every announcement, in order, as the live side would have been asked to send it. */
function recorder() {
  const sent: unknown[][] = [];
  const live: LiveChanges = {
    tripChanged: (...args) => void sent.push(['tripChanged', ...args]),
    tripDeleted: (...args) => void sent.push(['tripDeleted', ...args]),
    memberGone: (...args) => void sent.push(['memberGone', ...args]),
    userChanged: (...args) => void sent.push(['userChanged', ...args]),
    disconnect: (...args) => void sent.push(['disconnect', ...args]),
  };
  return { sent, live };
}

let database: Database;
let tripId: string;
let context: ChangeContext;
let sent: unknown[][];

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await createUser(database.db);
  tripId = (await createTrip(database.db, owner.id)).id;
});
afterAll(() => database.close());

beforeEach(() => {
  const made = recorder();
  sent = made.sent;
  context = { db: database.db, live: made.live, actorId: null };
});

const textsOnTrip = async () =>
  (await database.db.select({ text: todos.text }).from(todos).where(eq(todos.tripId, tripId))).map(
    (row) => row.text,
  );

describe('inTransaction (issue #37: the caller owns the transaction)', () => {
  it('announces a change once it commits, not before', async () => {
    let sentInside = -1;
    const todo = await inTransaction(context, async (change) => {
      const added = await createTodo(change, tripId, { text: 'Pack adapters' });
      sentInside = sent.length;
      return added;
    });
    expect(sentInside).toBe(0);
    // With its number in the trip's sequence, given as it committed.
    expect(sent).toEqual([['tripChanged', tripId, itemSaved('todos', todo), undefined, 1]]);
  });

  it('commits nothing and announces nothing when a later step fails', async () => {
    const before = await textsOnTrip();
    const refused = inTransaction(context, async (change) => {
      await createTodo(change, tripId, { text: 'Rolled back' });
      await createTodo(change, tripId, { text: 'Rolled back too' });
      throw new HttpError('item_limit', 'The trip is full');
    });
    await expect(refused).rejects.toMatchObject({ code: 'item_limit' });
    expect(await textsOnTrip()).toEqual(before);
    expect(sent).toEqual([]);
  });

  it('keeps what a nested change announced for the outer commit, and drops it with a savepoint rolled back', async () => {
    await inTransaction(context, async (outer) => {
      await createTodo(outer, tripId, { text: 'Kept' });
      await expect(
        inTransaction(outer, async (inner) => {
          await createTodo(inner, tripId, { text: 'Undone with its savepoint' });
          throw new HttpError('invalid_input', 'No');
        }),
      ).rejects.toBeInstanceOf(HttpError);
      expect(sent).toEqual([]);
    });
    const texts = await textsOnTrip();
    expect(texts).toContain('Kept');
    expect(texts).not.toContain('Undone with its savepoint');
    expect(sent.map(([, , change]) => (change as { item: { text: string } }).item.text)).toEqual([
      'Kept',
    ]);
  });
});
