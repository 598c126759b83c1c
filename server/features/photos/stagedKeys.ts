import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { storageDeletions } from './tables';

// A file is stored before the row that refers to it is saved; until then it is due for deletion
// this much later (a crash in between leaves nothing behind for long).
const GRACE = sql`now() + interval '1 hour'`;

/**
 * Stored files whose row is not saved yet (issue #23): registered as due for deletion before they
 * are written, kept by the transaction that saves their row, or dropped at once when it does not.
 */
export const stagedKeys = {
  /** Before the files are written. */
  async stage(db: Db, keys: string[]) {
    await db
      .insert(storageDeletions)
      .values(keys.map((key) => ({ key, dueAt: GRACE })))
      .onConflictDoNothing();
  },
  /** In the transaction that saves the row that refers to them: they are no one's leftovers. */
  async keep(tx: Db | Tx, keys: string[]) {
    await tx.delete(storageDeletions).where(inArray(storageDeletions.key, keys));
  },
  /** Their row was not saved: the storage sweeper deletes them now, not in an hour. */
  async drop(db: Db, keys: string[]) {
    await db
      .update(storageDeletions)
      .set({ dueAt: sql`now()` })
      .where(inArray(storageDeletions.key, keys));
    await db.execute(sql`select pg_notify('tripmates_storage', '')`);
  },
};
