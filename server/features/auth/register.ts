import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type User, users } from '../../platform/db/schema';
import { createSession, type RequestMeta } from '../../platform/sessions';
import { assertAvailable, isUniqueViolation } from '../account/availability';
import { recordLoginEvent } from '../account/loginActivity';
import { createFirstTrip } from '../trips/service';
import { assertNotCommonPassword, hashPassword } from './passwords';

/**
 * The advisory lock every way of creating an account holds (sign-up, magic links): one at a time,
 * so exactly the first account becomes admin and no two share a username or e-mail.
 */
export const ACCOUNT_CREATION_LOCK = 7203145;

/** Creates the account (the very first one is the admin) and signs it in. */
export async function register(
  db: Db,
  input: {
    username: string;
    email: string;
    password: string;
    firstName?: string | null;
    lastName?: string | null;
  },
  meta: RequestMeta,
  options: { firstTrip: boolean } = { firstTrip: true },
) {
  assertNotCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    user = await db.transaction(async (tx) => {
      // Serialises sign-ups so that exactly one account, the very first, becomes admin.
      await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK})`);
      await assertAvailable(tx, input);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users);
      const [created] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          role: count === 0 ? 'admin' : 'user',
        })
        .returning();
      if (options.firstTrip) await createFirstTrip(tx, created!.id);
      return created!;
    });
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) await assertAvailable(db, input);
    throw error;
  }
  const { token } = await createSession(db, user.id, meta);
  await recordLoginEvent(db, user.id, 'success', meta);
  return { user, token };
}
