import { z } from 'zod';
import type { SharedFeature } from '../featureContract';
import { MAX_MENTIONS, MENTION_MESSAGES, mentioned, mentionIds, writer } from './mentions';
import { pageQuery } from './paging';
import { newItemId, uuidParam } from './params';
import { text } from './text';

/**
 * Issue #38: the trip's chat, one conversation per trip beside the threads on its items. Any
 * member writes, with @mentions; each edits and deletes their own messages; it is kept as long
 * as the owner's plan keeps the trip's activity (shared/plans.ts `activityDays`).
 */

export const CHAT_MESSAGE_MAX = 2000;
/** Messages a page, oldest at the top: the newest page first, older ones on scrolling up. */
export const CHAT_PAGE = { size: 50, max: 100 } as const;
/** Messages one person may post a minute (a flood, not a lively conversation, is refused). */
export const CHAT_POSTS_PER_MINUTE = 60;
/** Unread messages are counted up to this many (the badge then says "99+"). */
export const CHAT_UNREAD_COUNTED = 100;

export const CHAT_MESSAGES = {
  ...MENTION_MESSAGES,
  missingBody: 'Please write a message',
  bodyTooLong: `A message is at most ${CHAT_MESSAGE_MAX} characters`,
  tooManyMentions: `A message mentions at most ${MAX_MENTIONS} people`,
  notFound: 'No such message',
  authorOnly: 'Only who wrote a message can change or delete it',
  badCursor: 'That page of the chat cannot be found. Start again from the newest.',
  upTo: 'Name the newest message read by its id',
} as const;

/**
 * What a person writes, as the composer checks it and the server validates it: the text, and the
 * members it mentions.
 */
export const chatMessageBody = z.object({
  body: text({ error: CHAT_MESSAGES.missingBody })
    .trim()
    .min(1, CHAT_MESSAGES.missingBody)
    .max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.bodyTooLong),
  mentions: mentionIds(CHAT_MESSAGES.tooManyMentions),
});

/** `POST /api/trips/:tripId/chat`; `id`, if given, is the client's choice. */
export const createChatMessageBody = chatMessageBody.extend({ id: newItemId.optional() });
export type CreateChatMessageBody = z.input<typeof createChatMessageBody>;
export type CreateChatMessage = z.output<typeof createChatMessageBody>;

/** `PATCH /api/chat/:id`: new text, and whom it mentions now. */
export const updateChatMessageBody = chatMessageBody;
export type UpdateChatMessage = z.output<typeof updateChatMessageBody>;

export const chatMessage = z.object({
  id: z.string(),
  tripId: z.string(),
  body: z.string(),
  author: writer,
  mentions: mentioned,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * `GET /api/trips/:tripId/chat?before&limit`: a page of messages, oldest first, the newest page
 * unless `before` (X-Next-Cursor of the page below) asks for older ones.
 */
export const chatMessageList = z.array(chatMessage);
export const chatQuery = pageQuery(CHAT_PAGE);

export const chatMessageParams = z.object({ id: uuidParam(CHAT_MESSAGES.notFound) });

/** `GET /api/trips/:tripId/chat/unread`, and the answer of marking read. */
export const chatUnread = z.object({ unread: z.number().int() });
export type ChatUnread = z.infer<typeof chatUnread>;

/** `POST /api/trips/:tripId/chat/read`: everything up to this message (the newest seen) is read. */
export const markChatReadBody = z.object({
  upTo: z.guid({ error: CHAT_MESSAGES.upTo }).toLowerCase(),
});
export type MarkChatRead = z.output<typeof markChatReadBody>;

/** What the chat adds to the shared lists (shared/contracts/features.ts). */
export const chatShared = {
  lists: { chat: chatMessage },
  notices: {
    chatMentioned: {
      label: 'Chat mentions',
      hint: 'Someone mentions you in a trip’s chat.',
      channels: ['inApp', 'email'],
      defaults: { inApp: true, email: true },
      sentence: (_data, { who, trip }) => `${who} mentioned you in the chat of ${trip}`,
      action: 'Open the chat',
      opens: ({ subjectId }) => ({ type: 'chat', id: subjectId }),
    },
  },
} as const satisfies SharedFeature;
