import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, type AdminUserPlan } from '../../../shared/contracts/admin';
import type { CurrentUser } from '../../../shared/contracts/user';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { isUuid } from '../../platform/uuid';

/** Moves an account to a plan. Limits follow at once: each check reads the owner's plan. */
export async function setUserPlan(
  db: Db,
  userId: string,
  plan: CurrentUser['plan'],
): Promise<AdminUserPlan> {
  // Not a uuid cannot be an account: the same 404 as an unknown one, not a database error.
  if (!isUuid(userId)) throw new HttpError(404, ADMIN_MESSAGES.noSuchUser);
  const [row] = await db
    .update(users)
    .set({ plan })
    .where(eq(users.id, userId))
    .returning({ id: users.id, username: users.username, plan: users.plan });
  if (!row) throw new HttpError(404, ADMIN_MESSAGES.noSuchUser);
  // isPremium as /api/user reports it (toCurrentUser): any paid plan counts.
  return { ...row, isPremium: row.plan !== 'free' };
}
