import { z } from 'zod';

/** `GET /api/site`: public settings the static pages show (contact addresses from the environment). */
export const siteConfig = z.object({
  supportEmail: z.string(),
  careersEmail: z.string(),
  pressEmail: z.string(),
  blogEmail: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfig>;
