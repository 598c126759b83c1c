import { and, desc, eq, gt, gte, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES,
  type ActivityData,
  type ActivityEntry,
  type ActivityKind,
  isRestorable,
} from '../../../shared/contracts/activity';
import type { Db, Tx } from '../../platform/db/client';
import { olderThan, pageOf } from '../../platform/db/keyset';
import { tripActivity, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { restorerOf } from '../featureLookup';
import { type ChangeContext, inTransaction } from '../live';
import { memberName } from '../trips/access';
import { assertRoomFor } from '../trips/items';
import { fromSnapshot, recordActivity } from './record';
import { keptSinceOn } from './retention';

const entryColumns = {
  entry: tripActivity,
  actor: {
    id: users.id,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    image: users.profileImageUrl,
  },
};

type EntryRow = {
  entry: typeof tripActivity.$inferSelect;
  actor: {
    id: string;
    username: string;
    firstName: string | null;
    lastName: string | null;
    image: string | null;
  } | null;
};

function selectEntries(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(entryColumns)
    .from(tripActivity)
    .leftJoin(users, eq(users.id, tripActivity.actorId))
    .where(where);
}

/**
 * The names of the people entries mention besides their actors (an assignee, a call's people),
 * read in one query: names as they are now, and a deleted account's not at all.
 */
async function namesOf(db: Db | Tx, rows: EntryRow[]) {
  const ids = new Set<string>();
  for (const { entry } of rows) {
    const data = entry.data as ActivityData;
    if (data.userId) ids.add(data.userId);
    for (const id of data.userIds ?? []) ids.add(id);
  }
  if (ids.size === 0) return new Map<string, string>();
  const people = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(people.map((person) => [person.id, memberName(person)]));
}

function toEntry({ entry, actor }: EntryRow, names: Map<string, string>): ActivityEntry {
  const { userId, userIds, ...data } = entry.data as ActivityData;
  const person = userId ? names.get(userId) : undefined;
  return {
    id: entry.id,
    kind: entry.kind as ActivityKind,
    at: entry.createdAt.toISOString(),
    actor: actor ? { id: actor.id, name: memberName(actor), image: actor.image ?? null } : null,
    subjectId: entry.subjectId,
    data: {
      ...data,
      ...(userId ? { userId, ...(person ? { detail: person } : {}) } : {}),
      ...(userIds
        ? { people: userIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])) }
        : {}),
    },
    restorable: isRestorable(entry.kind) && entry.snapshot !== null && entry.restoredAt === null,
    restoredAt: entry.restoredAt?.toISOString() ?? null,
  };
}

/**
 * `GET /api/trips/:tripId/activity`: the trip's history, newest first, as far back as its
 * owner's plan keeps (older entries not yet pruned are not shown either).
 */
export async function listActivity(
  db: Db,
  tripId: string,
  page: { limit: number; before?: string | undefined },
  now = new Date(),
) {
  const since = await keptSinceOn(db, tripId, now);
  const kept = and(
    eq(tripActivity.tripId, tripId),
    since ? gte(tripActivity.createdAt, since) : undefined,
  );
  const before = page.before
    ? olderThan(tripActivity, page.before, ACTIVITY_MESSAGES.badCursor)
    : undefined;
  const rows = await selectEntries(db, and(kept, before))
    .orderBy(desc(tripActivity.createdAt), desc(tripActivity.id))
    .limit(page.limit + 1);
  const { rows: shown, nextCursor } = pageOf(rows, page.limit, ({ entry }) => entry);
  const names = await namesOf(db, shown);
  return {
    entries: shown.map((row) => toEntry(row, names)),
    nextCursor,
    total: await db.$count(tripActivity, kept),
  };
}

/**
 * What others did on the trip after `since` and up to `until`, newest first, at most `limit`
 * entries (a Pro summary e-mail, issue #24), with the total.
 */
export async function activityOfOthers(
  db: Db,
  tripId: string,
  userId: string,
  since: Date,
  until: Date,
  limit: number,
) {
  const where = and(
    eq(tripActivity.tripId, tripId),
    gt(tripActivity.createdAt, since),
    lte(tripActivity.createdAt, until),
    or(isNull(tripActivity.actorId), ne(tripActivity.actorId, userId)),
  );
  const rows = await selectEntries(db, where)
    .orderBy(desc(tripActivity.createdAt), desc(tripActivity.id))
    .limit(limit);
  const names = await namesOf(db, rows);
  return {
    entries: rows.map((row) => toEntry(row, names)),
    total: rows.length < limit ? rows.length : await db.$count(tripActivity, where),
  };
}

/**
 * Brings back the to-do, flight or widget an entry recorded the deletion of, as it was, under its
 * own id; the entry is marked restored and the restoring is an entry of its own, all in one
 * transaction with the trip's row locked (its limits are counted as for any new item).
 */
export async function restoreFromEntry(
  context: ChangeContext,
  tripId: string,
  entryId: string,
  now = new Date(),
): Promise<ActivityEntry> {
  const { db } = context;
  const since = await keptSinceOn(db, tripId, now);
  const found = await findEntry(db, tripId, entryId, since);
  if (!isRestorable(found.kind) || found.snapshot === null) {
    throw new HttpError('not_restorable', ACTIVITY_MESSAGES.notRestorable);
  }
  const { restorer, restored } = await restorerOf(found.kind);
  const { table, limit } = restorer;
  await inTransaction(context, async (change) => {
    const { db: tx, actorId } = change;
    // The trip's row locked and its items counted as for any new item.
    await assertRoomFor(tx, table, tripId, limit);
    // Read again under the trip's lock: two restores of one entry cannot both pass.
    const entry = await findEntry(tx, tripId, entryId, since);
    if (entry.restoredAt) throw new HttpError('not_restorable', ACTIVITY_MESSAGES.alreadyRestored);
    const row = await restorer.prepare(tx, tripId, fromSnapshot(table, entry.snapshot!));
    const back = await tx
      .insert(table)
      .values({ ...row, tripId } as never)
      .onConflictDoNothing()
      .returning({ id: table.id });
    if (back.length === 0) throw new HttpError('not_restorable', ACTIVITY_MESSAGES.stillThere);
    await tx.update(tripActivity).set({ restoredAt: now }).where(eq(tripActivity.id, entry.id));
    await recordActivity(
      tx,
      tripId,
      actorId,
      { kind: restored, subjectId: entry.subjectId, data: entry.data as ActivityData },
      now,
    );
    await restorer.announce(change, tripId, String((back[0] as { id: unknown }).id));
  });
  const [row] = await selectEntries(db, eq(tripActivity.id, entryId));
  return toEntry(row!, await namesOf(db, [row!]));
}

async function findEntry(db: Db | Tx, tripId: string, entryId: string, since: Date | null) {
  const [entry] = await db
    .select()
    .from(tripActivity)
    .where(
      and(
        eq(tripActivity.id, entryId),
        eq(tripActivity.tripId, tripId),
        since ? gte(tripActivity.createdAt, since) : undefined,
      ),
    );
  if (!entry) throw new HttpError('not_found', ACTIVITY_MESSAGES.notFound);
  return entry;
}
