import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/contracts/account';
import { ADMIN_MESSAGES, type AdminUserPlan } from '../../../shared/contracts/plans';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';

/** Moves an account to a plan. Limits follow at once: each check reads the owner's plan. */
export async function setUserPlan(
  db: Db,
  userId: string,
  plan: CurrentUser['plan'],
): Promise<AdminUserPlan> {
  // Not a uuid cannot be an account: the same 404 as an unknown one, not a database error.
  const [row] = await db
    .update(users)
    .set({ plan })
    .where(eq(users.id, userId))
    .returning({ id: users.id, username: users.username, plan: users.plan });
  if (!row) throw new HttpError('not_found', ADMIN_MESSAGES.noSuchUser);
  // isPremium as /api/user reports it (toCurrentUser): any paid plan counts.
  return { ...row, isPremium: row.plan !== 'free' };
}
