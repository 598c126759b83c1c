import { sql } from 'drizzle-orm';
import { type UserRow, users } from '../../platform/db/schema';
import { createSession, type RequestMeta } from '../../platform/sessions';
import { assertAvailable, isUniqueViolation } from '../account/availability';
import { type EmailChangeContext, requestEmailChange } from '../account/emailChange';
import { recordLoginEvent } from '../account/loginActivity';
import { createFirstTrip } from '../trips/service';
import { assertNotCommonPassword, hashPassword } from './passwords';

/**
 * The advisory lock every way of creating an account holds (sign-up, magic links): one at a time,
 * so exactly the first account becomes admin and no two share a username or e-mail.
 */
export const ACCOUNT_CREATION_LOCK = 7203145;

/**
 * Creates the account (the very first one is the admin) and signs it in. Its e-mail address is
 * only asked for: a link to it confirms it (account/emailChange.ts). Issue #16: sign-up used to
 * answer 409 for an address that has an account, telling anyone whose it was; now the answer and
 * the work before it are the same, and that address's owner gets a note instead of the link.
 * Answers the account, its session and the sending, which the caller runs once it has answered.
 */
export async function register(
  ctx: EmailChangeContext,
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
  const { db } = ctx;
  assertNotCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  let created: UserRow;
  try {
    created = await db.transaction(async (tx) => {
      // Serialises sign-ups so that exactly one account, the very first, becomes admin.
      await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK})`);
      await assertAvailable(tx, { username: input.username });
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users);
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          role: count === 0 ? 'admin' : 'user',
        })
        .returning();
      if (options.firstTrip) await createFirstTrip(tx, row!.id);
      return row!;
    });
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) await assertAvailable(db, { username: input.username });
    throw error;
  }
  const user = await requestEmailChange(ctx, created, input.email, { purpose: 'sign-up' });
  const { token } = await createSession(db, user.id, meta);
  await recordLoginEvent(db, user.id, 'success', meta);
  return { user, token };
}
