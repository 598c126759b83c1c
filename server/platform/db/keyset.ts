import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { PAGE_CURSOR_HEADER, PAGE_TOTAL_HEADER } from '../../../shared/contracts/paging';
import { HttpError } from '../errors';

/**
 * Keyset paging, newest first, for the lists read a page at a time (shared/contracts/paging.ts).
 * A page ends at its last row's time and id (rows may share a time); the next page is what comes
 * strictly before that pair, so rows added meanwhile never shift a page or repeat one.
 */
export type PageKey = { createdAt: Date; id: string };
type KeyColumns = { createdAt: AnyColumn; id: AnyColumn };

const cursorOf = (key: PageKey) => `${key.createdAt.toISOString()}_${key.id}`;

/** The rows before the cursor `before`; one that cannot be read is a 400 with `message`. */
export function olderThan(columns: KeyColumns, before: string, message: string): SQL {
  const [at, id] = before.split('_');
  const time = new Date(at ?? '');
  if (!id || Number.isNaN(time.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new HttpError('invalid_input', message);
  }
  return sql`(${columns.createdAt}, ${columns.id}) < (${time.toISOString()}::timestamptz, ${id}::uuid)`;
}

/**
 * A page from `limit + 1` rows read in key order: the extra row only says there are more, and
 * the cursor is the last shown row's.
 */
export function pageOf<Row>(rows: Row[], limit: number, keyOf: (row: Row) => PageKey) {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, nextCursor: more && last ? cursorOf(keyOf(last)) : null };
}

/** The headers that carry a page's paging beside its array (shared/contracts/paging.ts). */
export function pageHeaders(page: { total: number; nextCursor: string | null }) {
  return {
    [PAGE_TOTAL_HEADER]: String(page.total),
    ...(page.nextCursor ? { [PAGE_CURSOR_HEADER]: page.nextCursor } : {}),
  };
}
