import { z } from 'zod';
import { PLANS } from './account';
import { pageQuery } from './paging';
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

// Issue #17: plans cannot be bought yet (spec §9), so an account asks for early access to a paid
// plan; an administrator grants it from the admin screen, which moves the account to that plan.
export const PAID_PLANS = ['premium', 'pro'] as const satisfies readonly (typeof PLANS)[number][];
export type PaidPlan = (typeof PAID_PLANS)[number];

export const EARLY_ACCESS_MESSAGES = {
  plan: 'Ask for Premium or Pro',
  noSuchRequest: 'No such early-access request',
  badCursor: 'That page of early-access requests is not valid. Reload the list.',
} as const;

/** `POST /api/early-access`: the paid plan asked for (a second request replaces the first). */
export const requestEarlyAccessBody = z.object({
  plan: z.enum(PAID_PLANS, { error: EARLY_ACCESS_MESSAGES.plan }),
});
export type RequestEarlyAccessBody = z.input<typeof requestEarlyAccessBody>;

/** The account's own request; `grantedAt` is set once an administrator has granted it. */
export const earlyAccessRequest = z.object({
  plan: z.enum(PAID_PLANS),
  requestedAt: z.string(),
  grantedAt: z.string().nullable(),
});
export type EarlyAccessRequest = z.infer<typeof earlyAccessRequest>;

/** `GET /api/early-access`: the account's request, or null when it has made none. */
export const myEarlyAccess = z.object({ request: earlyAccessRequest.nullable() });
export type MyEarlyAccess = z.infer<typeof myEarlyAccess>;

/** `GET /api/admin/early-access`: one request as the administrators see it. */
export const adminEarlyAccessEntry = earlyAccessRequest.extend({
  userId: z.string(),
  username: z.string(),
  /** The confirmed address, or the one waiting for confirmation (`emailConfirmed` false). */
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  /** The plan the account has now. */
  currentPlan: z.enum(PLANS),
});
export type AdminEarlyAccessEntry = z.infer<typeof adminEarlyAccessEntry>;
export const adminEarlyAccessEntries = z.array(adminEarlyAccessEntry);

export const EARLY_ACCESS_PAGE_SIZE = 100;
export const earlyAccessPageQuery = pageQuery({ size: EARLY_ACCESS_PAGE_SIZE, max: 500 });
export const earlyAccessParams = z.object({
  userId: uuidParam(EARLY_ACCESS_MESSAGES.noSuchRequest),
});
