import { and, asc, count, eq } from 'drizzle-orm';
import {
  COMMENT_MESSAGES,
  type Comment,
  type CommentCounts,
  type CommentSubject,
  type CreateComment,
  commentKey,
  MAX_COMMENTS_PER_SUBJECT,
  MAX_COMMENTS_PER_TRIP,
  type UpdateComment,
} from '../../../shared/contracts/comments';
import { itemRemoved, itemSaved } from '../../../shared/contracts/live';
import type { Db, Tx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { isUuid } from '../../platform/uuid';
import { recordActivity } from '../activity/record';
import { commentSubjectOf } from '../featureLookup';
import { type ChangeContext, inTransaction, type LiveChanges } from '../live';
import { assertRoomFor, idTaken, isRepeatedCreate } from '../trips/items';
import { authorsOwn, checkMentions, namesOfWriting, tellMentioned } from './mentions';
import { type CommentRow, comments } from './tables';

/** The item's label, if it is on the trip; 404 otherwise (deleted, or never this trip's). */
async function subjectLabel(db: Db | Tx, tripId: string, subject: CommentSubject) {
  const { table, label } = await commentSubjectOf(subject.subjectType);
  if (!isUuid(subject.subjectId)) throw new HttpError('not_found', COMMENT_MESSAGES.noSuchSubject);
  const onTrip = await db.$count(
    table,
    and(eq(table.id, subject.subjectId), eq(table.tripId, tripId)),
  );
  const name = onTrip > 0 ? await label(db, subject.subjectId) : null;
  if (name === null) throw new HttpError('not_found', COMMENT_MESSAGES.noSuchSubject);
  return name;
}

/** The rows as the API shows them, authors and mentions by name (read now, in one query). */
async function toComments(db: Db, rows: CommentRow[]): Promise<Comment[]> {
  const namesOf = await namesOfWriting(db, rows);
  return rows.map((row) => ({
    id: row.id,
    tripId: row.tripId,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    body: row.body,
    ...namesOf(row),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  }));
}

/** An item's thread, oldest first (404 for an item not on the trip). */
export async function listComments(db: Db, tripId: string, subject: CommentSubject) {
  await subjectLabel(db, tripId, subject);
  const rows = await db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.tripId, tripId),
        eq(comments.subjectType, subject.subjectType),
        eq(comments.subjectId, subject.subjectId),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return toComments(db, rows);
}

/** How many comments each item of the trip has, for the counts beside them. */
export async function countComments(db: Db, tripId: string): Promise<CommentCounts> {
  const rows = await db
    .select({
      subjectType: comments.subjectType,
      subjectId: comments.subjectId,
      n: count(),
    })
    .from(comments)
    .where(eq(comments.tripId, tripId))
    .groupBy(comments.subjectType, comments.subjectId);
  return Object.fromEntries(rows.map((row) => [commentKey(row), row.n]));
}

function announceSaved(live: LiveChanges, saved: Comment) {
  live.tripChanged(saved.tripId, itemSaved('comments', saved));
  return saved;
}

/**
 * Adds a comment to an item of the trip, in one transaction with the trip's row locked (its
 * limits), the item checked to be there, and the entry in the trip's history. The same `id` sent
 * again answers the comment it made.
 */
export async function createComment(
  context: ChangeContext,
  tripId: string,
  authorId: string,
  input: CreateComment,
): Promise<Comment> {
  const limit = { max: MAX_COMMENTS_PER_TRIP, message: COMMENT_MESSAGES.tripFull };
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    if (input.id && (await isRepeatedCreate(tx, comments, tripId, input.id, authorId))) {
      const [row] = await tx.select().from(comments).where(eq(comments.id, input.id));
      const [again] = await toComments(tx, [row!]);
      return again!;
    }
    await assertRoomFor(tx, comments, tripId, limit);
    const label = await subjectLabel(tx, tripId, input);
    const inThread = await tx.$count(
      comments,
      and(
        eq(comments.tripId, tripId),
        eq(comments.subjectType, input.subjectType),
        eq(comments.subjectId, input.subjectId),
      ),
    );
    if (inThread >= MAX_COMMENTS_PER_SUBJECT) {
      throw new HttpError('item_limit', COMMENT_MESSAGES.threadFull);
    }
    const mentions = await checkMentions(tx, tripId, input.mentions);
    const [inserted] = await tx
      .insert(comments)
      .values({
        id: input.id,
        tripId,
        subjectType: input.subjectType,
        subjectId: input.subjectId,
        createdBy: authorId,
        body: input.body,
        mentions,
      })
      .onConflictDoNothing({ target: comments.id })
      .returning();
    if (!inserted) throw idTaken();
    // About the item commented on (its thread), as the other entries are.
    await recordActivity(tx, tripId, actorId ?? authorId, {
      kind: 'comment.added',
      subjectId: input.subjectId,
      data: { label, detail: input.subjectType },
    });
    await tellMentionedIn(tx, inserted, mentions, label);
    const [saved] = await toComments(tx, [inserted]);
    return announceSaved(live, saved!);
  });
}

/** Notifies those a comment mentions (once each per comment, however often it is edited). */
async function tellMentionedIn(
  tx: Tx,
  comment: CommentRow,
  userIds: string[],
  label: string | null,
) {
  await tellMentioned(tx, userIds, {
    kind: 'mentioned',
    tripId: comment.tripId,
    actorId: comment.createdBy,
    subjectId: comment.subjectId,
    body: comment.body,
    label,
    on: comment.subjectType,
    dedupeKey: `mention:${comment.id}`,
  });
}

/** The comment, if its author is the caller (403 `creator_only` otherwise). */
const ownComment = (db: Db | Tx, tripId: string, id: string, userId: string) =>
  authorsOwn(db, comments, { tripId, id, userId }, COMMENT_MESSAGES);

/** New text for one's own comment (its mentions follow it). */
export async function updateComment(
  context: ChangeContext,
  tripId: string,
  userId: string,
  id: string,
  input: UpdateComment,
): Promise<Comment> {
  return inTransaction(context, async ({ db: tx, live }) => {
    const before = await ownComment(tx, tripId, id, userId);
    const mentions = await checkMentions(tx, tripId, input.mentions, before.mentions);
    const [updated] = await tx
      .update(comments)
      .set({ body: input.body, mentions, editedAt: new Date() })
      .where(and(eq(comments.id, id), eq(comments.tripId, tripId)))
      .returning();
    if (!updated) throw new HttpError('not_found', COMMENT_MESSAGES.notFound);
    // Those the edit mentions for the first time (the item may be gone: then it has no label).
    const added = mentions.filter((mentioned) => !before.mentions.includes(mentioned));
    if (added.length > 0) {
      const label = await (await commentSubjectOf(before.subjectType)).label(tx, before.subjectId);
      await tellMentionedIn(tx, updated, added, label);
    }
    const [saved] = await toComments(tx, [updated]);
    return announceSaved(live, saved!);
  });
}

/** Deletes one's own comment. */
export async function deleteComment(
  context: ChangeContext,
  tripId: string,
  userId: string,
  id: string,
) {
  await inTransaction(context, async ({ db: tx, live }) => {
    await ownComment(tx, tripId, id, userId);
    await tx.delete(comments).where(eq(comments.id, id));
    live.tripChanged(tripId, itemRemoved('comments', id));
  });
}
