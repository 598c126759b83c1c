import { z } from 'zod';
import { canonicalId } from '../ids';
import { FEATURE_COMMENT_SUBJECTS } from './features';
import { MAX_MENTIONS, MENTION_MESSAGES, mentioned, mentionIds, writer } from './mentions';
import { newItemId, uuidParam } from './params';
import { text } from './text';

/**
 * Issue #24: comments on the things a trip decides (a to-do, a flight, a shortlisted option …,
 * each declared by its feature in features.ts): each thing a thread, oldest first, with
 * @mentions of the trip's members.
 */
export const COMMENT_SUBJECTS = FEATURE_COMMENT_SUBJECTS;
export type CommentSubjectType = (typeof COMMENT_SUBJECTS)[number];

export const COMMENT_MAX = 2000;
/** A thread holds at most this many comments; a trip at most `MAX_COMMENTS_PER_TRIP`. */
export const MAX_COMMENTS_PER_SUBJECT = 500;
export const MAX_COMMENTS_PER_TRIP = 10_000;

export const COMMENT_MESSAGES = {
  missingBody: 'Please write a comment',
  bodyTooLong: `A comment is at most ${COMMENT_MAX} characters`,
  subjectType: `What is commented on must be one of ${COMMENT_SUBJECTS.join(', ')}`,
  subjectId: 'Name the item the comment is on',
  noSuchSubject: 'That item is not on this trip (it may have been deleted)',
  ...MENTION_MESSAGES,
  tooManyMentions: `A comment mentions at most ${MAX_MENTIONS} people`,
  notFound: 'No such comment',
  authorOnly: 'Only who wrote a comment can change or delete it',
  threadFull: `A thread holds at most ${MAX_COMMENTS_PER_SUBJECT} comments`,
  tripFull: `A trip holds at most ${MAX_COMMENTS_PER_TRIP} comments`,
} as const;

const body = text({ error: COMMENT_MESSAGES.missingBody })
  .trim()
  .min(1, COMMENT_MESSAGES.missingBody)
  .max(COMMENT_MAX, COMMENT_MESSAGES.bodyTooLong);

const mentions = mentionIds(COMMENT_MESSAGES.tooManyMentions);

export const commentSubject = z.object({
  subjectType: z.enum(COMMENT_SUBJECTS, { error: COMMENT_MESSAGES.subjectType }),
  subjectId: text({ error: COMMENT_MESSAGES.subjectId })
    .min(1, COMMENT_MESSAGES.subjectId)
    .max(100, COMMENT_MESSAGES.subjectId)
    // A to-do's thread is one thread however its id is spelled.
    .overwrite(canonicalId),
});
export type CommentSubject = z.infer<typeof commentSubject>;

/** `POST /api/trips/:tripId/comments`; `id`, if given, is the client's choice. */
export const createCommentBody = commentSubject.extend({
  id: newItemId.optional(),
  body,
  mentions,
});
export type CreateComment = z.output<typeof createCommentBody>;

/** `PATCH /api/comments/:id`: new text, and whom it mentions now. */
export const updateCommentBody = z.object({ body, mentions });
export type UpdateComment = z.output<typeof updateCommentBody>;

export const comment = z.object({
  id: z.string(),
  tripId: z.string(),
  subjectType: z.enum(COMMENT_SUBJECTS),
  subjectId: z.string(),
  body: z.string(),
  author: writer,
  mentions: mentioned,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof comment>;
export const commentList = z.array(comment);

/** `GET /api/trips/:tripId/comments/counts`: comments per item, keyed `<type>:<id>`. */
export const commentCounts = z.record(z.string(), z.number());
export type CommentCounts = z.infer<typeof commentCounts>;
export const commentKey = (subject: CommentSubject) =>
  `${subject.subjectType}:${subject.subjectId}`;

export const commentParams = z.object({ id: uuidParam(COMMENT_MESSAGES.notFound) });
