import { z } from 'zod';
import { email } from './account';
import { pageQuery } from './paging';
import { uuidParam } from './params';
import { text } from './text';

/** Where an address joined: the landing banner, the footer newsletter box, or the blog's Notify Me. */
export const WAITLIST_SOURCES = ['landing', 'newsletter', 'blog'] as const;
export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];

// Issue #4: at most 10 submissions an hour from one address.
export const WAITLIST_SUBMISSIONS_PER_HOUR = 10;

/** `POST /api/waitlist` (spec §7): e-mail required, name optional; the source is ours. */
export const joinWaitlistBody = z.object({
  email: email.transform((value) => value.toLowerCase()),
  name: text('Name must be text')
    .trim()
    .max(100, 'Name must be at most 100 characters')
    .nullish()
    .transform((value) => value || null),
  source: z.enum(WAITLIST_SOURCES, { error: 'Unknown source' }).default('landing'),
});
export type JoinWaitlistBody = z.input<typeof joinWaitlistBody>;

/** `GET /api/admin/waitlist` (spec §3 admin list): one entry. */
export const waitlistEntry = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  source: z.enum(WAITLIST_SOURCES),
  /** ISO 8601; shown as Joined. */
  createdAt: z.string(),
  contacted: z.boolean(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;
export const waitlistEntries = z.array(waitlistEntry);

// Issue #16: anyone can add to the waitlist, so its admin list is read a page at a time
// (shared/contracts/paging.ts); the answer stays spec §7's array.
export const WAITLIST_PAGE_SIZE = 100;
export const WAITLIST_PAGE_MAX = 500;

/** `GET /api/admin/waitlist?limit&before&q`: a page of entries, `q` matching e-mail or name. */
export const waitlistPageQuery = pageQuery({
  size: WAITLIST_PAGE_SIZE,
  max: WAITLIST_PAGE_MAX,
}).extend({
  q: text().trim().max(200, 'Search is at most 200 characters').optional(),
});

export const NO_SUCH_WAITLIST_ENTRY = 'No such waitlist entry';
export const waitlistEntryParams = z.object({ id: uuidParam(NO_SUCH_WAITLIST_ENTRY) });
