import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import {
  type JoinWaitlistBody,
  NO_SUCH_WAITLIST_ENTRY,
  type WaitlistEntry,
} from '../../../shared/contracts/waitlist';
import type { Db } from '../../platform/db/client';
import { olderThan, pageOf } from '../../platform/db/keyset';
import { HttpError } from '../../platform/errors';
import { type WaitlistEntryRow, waitlistEntries } from './tables';

type Join = { email: string; name: string | null; source: NonNullable<JoinWaitlistBody['source']> };

/**
 * Adds an address to the waitlist. A repeated address keeps its first entry (and source) and
 * only gains a name it lacked, so the answer cannot tell whether it was already there.
 */
export async function joinWaitlist(db: Db, entry: Join): Promise<void> {
  await db
    .insert(waitlistEntries)
    .values(entry)
    .onConflictDoUpdate({
      target: waitlistEntries.email,
      set: { name: sql`coalesce(${waitlistEntries.name}, excluded.name)` },
    });
}

export function toWaitlistEntry(row: WaitlistEntryRow): WaitlistEntry {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    contacted: row.contactedAt !== null,
  };
}

/** Every entry, newest first (the CSV export). */
export async function listWaitlist(db: Db): Promise<WaitlistEntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id));
}

const BAD_CURSOR = 'That page of the waitlist is not valid. Reload the list.';

/** `q` as a LIKE pattern that matches it literally anywhere (its % _ and \\ escaped). */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of entries, newest first (issue #16: the list grows with every visitor, so it is never
 * read whole), those matching `q` in e-mail or name when given; the total counts every entry.
 */
export async function waitlistPage(
  db: Db,
  { limit, before, q }: { limit: number; before?: string | undefined; q?: string | undefined },
) {
  const conditions: (SQL | undefined)[] = [];
  if (before) conditions.push(olderThan(waitlistEntries, before, BAD_CURSOR));
  if (q) {
    const pattern = containing(q);
    conditions.push(
      or(ilike(waitlistEntries.email, pattern), ilike(waitlistEntries.name, pattern)),
    );
  }
  const [rows, [all]] = await Promise.all([
    db
      .select()
      .from(waitlistEntries)
      .where(and(...conditions))
      .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id))
      .limit(limit + 1),
    db.select({ n: count() }).from(waitlistEntries),
  ]);
  return { ...pageOf(rows, limit, (row) => row), total: all?.n ?? 0 };
}

/** spec §4: New → Contacted. Marking twice keeps the first time; an unknown id is a 404. */
export async function markContacted(db: Db, id: string): Promise<WaitlistEntryRow> {
  const notFound = new HttpError('not_found', NO_SUCH_WAITLIST_ENTRY);
  const [row] = await db
    .update(waitlistEntries)
    .set({ contactedAt: sql`coalesce(${waitlistEntries.contactedAt}, now())` })
    .where(eq(waitlistEntries.id, id))
    .returning();
  if (!row) throw notFound;
  return row;
}

/**
 * A spreadsheet-safe CSV (RFC 4180): every field quoted, and a field that a spreadsheet would
 * read as a formula (= + - @, tab, CR) prefixed with ' so an exported entry cannot run one.
 */
export function waitlistCsv(rows: WaitlistEntryRow[]): string {
  const field = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  const lines = [['email', 'name', 'source', 'joined', 'contacted'].map(field).join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.email,
        row.name ?? '',
        row.source,
        row.createdAt.toISOString(),
        row.contactedAt ? row.contactedAt.toISOString() : '',
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
