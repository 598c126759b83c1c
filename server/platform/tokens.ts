import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './db/client';

/** 32 random bytes (256 bits), URL-safe: session cookies, reset links, invitations. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A table of single-use links: the token's hash, when it runs out, and when it was used. */
export type SingleUseTable = PgTable & {
  tokenHash: PgColumn;
  expiresAt: PgColumn;
  usedAt: PgColumn;
};

/**
 * Uses the link whose token this is, if it is unused and still valid: its row, or undefined.
 * Marking it used in the statement that finds it makes the token single-use even when two
 * requests race with it.
 */
export async function claimSingleUse<Table extends SingleUseTable>(
  db: Db | Tx,
  table: Table,
  token: string,
  now: Date,
): Promise<Table['$inferSelect'] | undefined> {
  // Drizzle cannot type what a generic table's update returns: it is that table's row.
  const [row] = (await db
    .update(table)
    .set({ usedAt: now } as PgUpdateSetSource<Table>)
    .where(
      and(eq(table.tokenHash, hashToken(token)), isNull(table.usedAt), gt(table.expiresAt, now)),
    )
    .returning()) as Table['$inferSelect'][];
  return row;
}
