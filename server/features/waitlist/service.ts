import { desc, eq, sql } from 'drizzle-orm';
import {
  type JoinWaitlistBody,
  NO_SUCH_WAITLIST_ENTRY,
  type WaitlistEntry,
} from '../../../shared/contracts/waitlist';
import type { Db } from '../../platform/db/client';
import { type WaitlistEntryRow, waitlistEntries } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';

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

/** Every entry, newest first. */
export async function listWaitlist(db: Db): Promise<WaitlistEntryRow[]> {
  return db.select().from(waitlistEntries).orderBy(desc(waitlistEntries.createdAt));
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
