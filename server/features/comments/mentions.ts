import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MENTION_MESSAGES, type Writer } from '../../../shared/contracts/mentions';
import type { Db, Tx } from '../../platform/db/client';
import { tripMembers, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { type Notice, notify } from '../notifications/notify';
import { memberName } from '../trips/access';

// What comments and the trip's chat (issue #38) share: who may be mentioned, the names of those
// who wrote and were mentioned, the notice a mention sends, and that only its author changes one.

/**
 * The mentioned ids, once each, every one a member of the trip (else 400 `not_a_member`). Those
 * in `mentionedBefore` who have left since are dropped quietly: an edit of an older text is not
 * refused for them.
 */
export async function checkMentions(
  db: Db | Tx,
  tripId: string,
  ids: string[],
  mentionedBefore: string[] = [],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const members = new Set(
    (
      await db
        .select({ userId: tripMembers.userId })
        .from(tripMembers)
        .where(and(eq(tripMembers.tripId, tripId), inArray(tripMembers.userId, unique)))
    ).map((row) => row.userId),
  );
  if (unique.some((id) => !members.has(id) && !mentionedBefore.includes(id))) {
    throw new HttpError('not_a_member', MENTION_MESSAGES.mentionNotMember);
  }
  return unique.filter((id) => members.has(id));
}

/** Rows with an author and the people they mention. */
type Written = { createdBy: string; mentions: string[] };

/**
 * Each row's author and mentioned people by their names now, read in one query: a deleted
 * account's author is "A former member", and a deleted account is mentioned no more.
 */
export async function namesOfWriting(db: Db | Tx, rows: readonly Written[]) {
  const ids = new Set(rows.flatMap((row) => [row.createdBy, ...row.mentions]));
  const people = ids.size
    ? await db
        .select({
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          image: users.profileImageUrl,
        })
        .from(users)
        .where(inArray(users.id, [...ids]))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return (row: Written) => {
    const author = byId.get(row.createdBy);
    return {
      author: {
        id: row.createdBy,
        name: author ? memberName(author) : 'A former member',
        image: author?.image ?? null,
      } satisfies Writer,
      mentions: row.mentions.flatMap((id) => {
        const person = byId.get(id);
        return person ? [{ id, name: memberName(person) }] : [];
      }),
    };
  };
}

/** A text's first words, on one line, for a notification. */
export function excerptOf(body: string) {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/**
 * Notifies those a text mentions, quoting its first words; its `dedupeKey` makes that once per
 * person and text however often it is edited.
 */
export async function tellMentioned(
  tx: Tx,
  userIds: string[],
  {
    body,
    label,
    on,
    ...notice
  }: Omit<Notice, 'data'> & {
    dedupeKey: string;
    body: string;
    /** What the text is on, as the notice names it ("Rent scooters") and opens it (`todo`). */
    label?: string | null;
    on?: string;
  },
) {
  await notify(tx, userIds, {
    ...notice,
    data: { ...(label ? { label } : {}), ...(on ? { on } : {}), excerpt: excerptOf(body) },
  });
}

/** A trip's table of texts its members wrote. */
type WrittenTable = PgTable & { id: PgColumn; tripId: PgColumn; createdBy: PgColumn };

/**
 * The trip's row `id` of `table`, if its author is `userId`: 404 `notFound` when there is no such
 * row on the trip, 403 `creator_only` with `authorOnly` when someone else wrote it.
 */
export async function authorsOwn<Table extends WrittenTable>(
  db: Db | Tx,
  table: Table,
  { tripId, id, userId }: { tripId: string; id: string; userId: string },
  messages: { notFound: string; authorOnly: string },
): Promise<Table['$inferSelect']> {
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.tripId, tripId)))) as Table['$inferSelect'][];
  if (!row) throw new HttpError('not_found', messages.notFound);
  if (row.createdBy !== userId) throw new HttpError('creator_only', messages.authorOnly);
  return row;
}
