import { z } from 'zod';

/** The contact addresses the public pages show (from the environment). */
export const siteContacts = z.object({
  supportEmail: z.string(),
  careersEmail: z.string(),
  pressEmail: z.string(),
  blogEmail: z.string(),
});
export type SiteContacts = z.infer<typeof siteContacts>;

/**
 * `GET /api/site`: public settings for the client: the contact addresses, and whether anyone may
 * sign up (`open`) or only through a trip's invitation (`invite`, issue #7).
 */
export const siteConfig = siteContacts.extend({ registration: z.enum(['open', 'invite']) });
export type SiteConfig = z.infer<typeof siteConfig>;
