import { z } from 'zod';
import { PLANS } from './account';
import { uuidParam } from './params';

export const ADMIN_MESSAGES = {
  plan: `The plan must be one of ${PLANS.join(', ')}`,
  noSuchUser: 'No such user',
} as const;

/** `PATCH /api/admin/users/:id/plan` (issue #7): an administrator moves an account to a plan. */
export const setPlanBody = z.object({
  plan: z.enum(PLANS, { error: ADMIN_MESSAGES.plan }),
});
export type SetPlanBody = z.input<typeof setPlanBody>;

export const adminUserParams = z.object({ id: uuidParam(ADMIN_MESSAGES.noSuchUser) });

/** The account after the change; `isPremium` is true for any paid plan, as in `/api/user`. */
export const adminUserPlan = z.object({
  id: z.string(),
  username: z.string(),
  plan: z.enum(PLANS),
  isPremium: z.boolean(),
});
export type AdminUserPlan = z.infer<typeof adminUserPlan>;
