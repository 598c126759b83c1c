import { z } from 'zod';

export const PLANS = ['free', 'premium', 'pro'] as const;
export const ROLES = ['user', 'admin'] as const;

/** `GET /api/user`: the signed-in user (spec §3 User, with plan and role of architecture §7). */
export const currentUser = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  isPremium: z.boolean(),
  plan: z.enum(PLANS),
  role: z.enum(ROLES),
  twoFactorEnabled: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;
