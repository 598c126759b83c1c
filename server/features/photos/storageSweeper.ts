import fs from 'node:fs';
import path from 'node:path';
import { inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../platform/db/changeFeed';
import type { Db } from '../../platform/db/client';
import type { PhotoStorage } from './storage';
import { storageDeletions } from './tables';

const BATCH = 100;
const DELETES_AT_ONCE = 8;
// A claimed key whose delete failed (storage down) comes due again this much later.
const RETRY_AFTER = sql`now() + interval '5 minutes'`;
// Uploads older than this in the work folder were cut short by a crash.
const STALE_UPLOAD_MS = 60 * 60 * 1000;

export type StorageSweeper = {
  /** Sweeps as soon as the sweep under way (if any) is done. */
  soon(): void;
  /** Resolves once no sweep is under way. */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Deletes stored files whose `storage_deletions` row has come due (issue #23): a deleted photo's,
 * however it was deleted, and an upload's that never became a photo. It sweeps when the database
 * announces new rows (migration 0021's trigger, heard by every instance), every minute in case an
 * announcement was missed, and at start; it also clears the uploads' work folder of what a crash
 * left there. Each key is claimed for a while before its file is
 * deleted, so two instances never sweep the same key at once and a failed delete is tried again.
 */
export function startStorageSweeper(options: {
  db: Db;
  storage: PhotoStorage;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
  /** The uploads' work folder: what a crash left there (over an hour old) is removed. */
  workDir: string;
  intervalMs?: number;
}): StorageSweeper {
  const { db, storage, log } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function sweepBatch(): Promise<number> {
    const due = db
      .select({ key: storageDeletions.key })
      .from(storageDeletions)
      .where(lte(storageDeletions.dueAt, sql`now()`))
      .orderBy(storageDeletions.dueAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(storageDeletions)
      .set({ dueAt: RETRY_AFTER })
      .where(inArray(storageDeletions.key, due))
      .returning({ key: storageDeletions.key });
    const keys = claimed.map((row) => row.key);
    const done: string[] = [];
    for (let at = 0; at < keys.length; at += DELETES_AT_ONCE) {
      const slice = keys.slice(at, at + DELETES_AT_ONCE);
      const results = await Promise.allSettled(slice.map((key) => storage.delete(key)));
      results.forEach((result, i) => {
        if (result.status === 'fulfilled') done.push(slice[i]!);
        else
          log.warn(
            { err: (result.reason as Error).message },
            'a stored photo file could not be deleted yet',
          );
      });
    }
    if (done.length > 0)
      await db.delete(storageDeletions).where(inArray(storageDeletions.key, done));
    return keys.length;
  }

  async function sweep() {
    // What a crash left in the uploads' work folder goes too (files of up to a photo's limit).
    await removeStaleUploads(options.workDir).catch((error: Error) =>
      log.warn({ err: error.message }, 'left-over uploads could not be removed'),
    );
    try {
      while (!stopped && (await sweepBatch()) === BATCH) {}
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'stored photo files could not be swept');
    }
  }

  function soon() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sweep().finally(() => {
      running = null;
      if (again) {
        again = false;
        soon();
      }
    });
  }

  options.changes.on('tripmates_storage', soon);
  const timer = setInterval(soon, options.intervalMs ?? 60_000);
  timer.unref();
  soon();

  return {
    soon,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}

async function removeStaleUploads(workDir: string) {
  const entries = await fs.promises.readdir(workDir).catch(() => [] as string[]);
  const before = Date.now() - STALE_UPLOAD_MS;
  for (const entry of entries) {
    const dir = path.join(workDir, entry);
    const stat = await fs.promises.stat(dir).catch(() => null);
    if (stat && stat.mtimeMs < before) await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
