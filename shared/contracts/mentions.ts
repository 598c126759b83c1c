import { z } from 'zod';

/**
 * What a comment (issue #24) and a chat message (issue #38) share: who wrote it, and the trip's
 * members its text mentions ("@Name"), sent as their ids.
 */

/** People mentioned in one text, at most. */
export const MAX_MENTIONS = 20;

export const MENTION_MESSAGES = {
  mentions: 'Mentions must be user ids',
  mentionNotMember: 'Only people on this trip can be mentioned',
} as const;

/** The ids a text mentions, at most `MAX_MENTIONS` (`tooMany` says so, naming the thing). */
export function mentionIds(tooMany: string) {
  return z
    .array(z.guid({ error: MENTION_MESSAGES.mentions }).toLowerCase(), {
      error: MENTION_MESSAGES.mentions,
    })
    .max(MAX_MENTIONS, tooMany)
    .default([]);
}

/** Who wrote it, by their name now (a deleted account's is "A former member"). */
export const writer = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });
export type Writer = z.infer<typeof writer>;

/** Members it mentions, by id and name (the text says `@Name` where each is). */
export const mentioned = z.array(z.object({ id: z.string(), name: z.string() }));
