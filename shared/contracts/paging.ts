import { z } from 'zod';
import { text } from './text';

// Issue #16: a list that grows without bound (the waitlist, the early-access requests) is read a
// page at a time, newest first. The answer stays a JSON array; the paging travels in headers:
// X-Total-Count (every entry, matching or not) and, when there are more, X-Next-Cursor, to send
// back as `before` for the next page.
export const PAGE_TOTAL_HEADER = 'x-total-count';
export const PAGE_CURSOR_HEADER = 'x-next-cursor';

/** `?limit&before`: at most `max` entries a page, `size` when not asked. */
export function pageQuery({ size, max }: { size: number; max: number }) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(max, `At most ${max} entries a page`).default(size),
    before: text().max(100).optional(),
  });
}
