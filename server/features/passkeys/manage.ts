import { type AnyColumn, and, asc, eq, getTableName, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import type { RequestMeta } from '../../platform/sessions';
import { recordLoginEvent } from '../account/loginActivity';
import { noSuchPasskey } from './errors';
import { toPasskey } from './stored';
import { passkeys } from './tables';

/** The account's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

/** Whether the account has a passkey to offer as its second step. */
export async function hasPasskeys(db: Db, userId: string) {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * The account's passkeys as a browser is told of them: the ones not to make again when adding
 * one, the ones to offer for the second step.
 */
export async function credentialsOf(db: Db, userId: string) {
  return db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

/** Renames one of the account's passkeys (another account's is not found either). */
export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw noSuchPasskey();
  return toPasskey(row);
}

/**
 * Removes one of the account's passkeys: it no longer signs in, at once (every sign-in looks it
 * up). Writes `passkey_removed` in the account's history.
 */
export async function removePasskey(db: Db, userId: string, id: string, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    if (!row) throw noSuchPasskey();
    await recordLoginEvent(tx, userId, 'passkey_removed', meta);
  });
}

/**
 * Issue #38: how many passkeys the account in `userId` has, as a column of a query over accounts
 * (the administrators' people list).
 */
export function passkeyCountOf(userId: AnyColumn) {
  // Named with its table: a query over one table writes its columns bare, and a bare "id" here
  // would be the passkey's own.
  const owner = sql`${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)}`;
  return sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${owner})`;
}

/** Issue #38: every passkey of the account goes (an administrator's reset); says how many. */
export async function removeAllPasskeys(tx: Db | Tx, userId: string): Promise<number> {
  const removed = await tx
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return removed.length;
}
