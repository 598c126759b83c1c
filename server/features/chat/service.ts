import { and, count, desc, eq, gt, gte, ne, type SQL, sql } from 'drizzle-orm';
import {
  CHAT_MESSAGES,
  CHAT_UNREAD_COUNTED,
  type ChatMessage,
  type CreateChatMessage,
  type UpdateChatMessage,
} from '../../../shared/contracts/chat';
import { itemRemoved, itemSaved } from '../../../shared/contracts/live';
import type { Db, Tx } from '../../platform/db/client';
import { olderThan, pageOf } from '../../platform/db/keyset';
import { tripMembers } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { keptSinceOn, pruneBeyondPlan } from '../activity/retention';
import { authorsOwn, checkMentions, namesOfWriting, tellMentioned } from '../comments/mentions';
import { type Change, type ChangeContext, inTransaction } from '../live';
import { idTaken, isRepeatedCreate } from '../trips/items';
import { type ChatMessageRow, chatMessages, chatReads } from './tables';

/** The rows as the API shows them, authors and mentions by name (read now, in one query). */
async function toMessages(db: Db | Tx, rows: ChatMessageRow[]): Promise<ChatMessage[]> {
  const namesOf = await namesOfWriting(db, rows);
  return rows.map((row) => ({
    id: row.id,
    tripId: row.tripId,
    body: row.body,
    ...namesOf(row),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  }));
}

/** The trip's messages its owner's plan still keeps (older ones not yet pruned are left out). */
async function keptOn(db: Db | Tx, tripId: string, now: Date) {
  const since = await keptSinceOn(db, tripId, now);
  return and(
    eq(chatMessages.tripId, tripId),
    since ? gte(chatMessages.createdAt, since) : undefined,
  );
}

/**
 * `GET /api/trips/:tripId/chat`: a page of the trip's chat, oldest first — the newest messages,
 * or those before the cursor `before` — with the cursor of the older page and the total kept.
 */
export async function listMessages(
  db: Db,
  tripId: string,
  page: { limit: number; before?: string | undefined },
  now = new Date(),
) {
  const kept = await keptOn(db, tripId, now);
  const before = page.before
    ? olderThan(chatMessages, page.before, CHAT_MESSAGES.badCursor)
    : undefined;
  // Read newest first, as every paged list is, and shown the other way round.
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(kept, before))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(page.limit + 1);
  const { rows: shown, nextCursor } = pageOf(rows, page.limit, (row) => row);
  return {
    messages: (await toMessages(db, shown)).reverse(),
    nextCursor,
    total: await db.$count(chatMessages, kept),
  };
}

/**
 * Posts a message to the trip's chat and tells those it mentions, in one transaction; the others'
 * tabs hear of it once it commits. The same `id` sent again answers the message it made.
 */
export async function createMessage(
  context: ChangeContext,
  tripId: string,
  authorId: string,
  input: CreateChatMessage,
  now = new Date(),
): Promise<ChatMessage> {
  return inTransaction(context, async ({ db: tx, live }) => {
    if (input.id && (await isRepeatedCreate(tx, chatMessages, tripId, input.id, authorId))) {
      const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, input.id));
      const [again] = await toMessages(tx, [row!]);
      return again!;
    }
    const mentions = await checkMentions(tx, tripId, input.mentions);
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        id: input.id,
        tripId,
        createdBy: authorId,
        body: input.body,
        mentions,
        createdAt: now,
      })
      .onConflictDoNothing({ target: chatMessages.id })
      .returning();
    if (!inserted) throw idTaken();
    await tellMentionedIn(tx, inserted, mentions);
    const [saved] = await toMessages(tx, [inserted]);
    live.tripChanged(tripId, itemSaved('chat', saved!));
    return saved!;
  });
}

/** Notifies those a message mentions (once each per message, however often it is edited). */
async function tellMentionedIn(tx: Tx, message: ChatMessageRow, userIds: string[]) {
  await tellMentioned(tx, userIds, {
    kind: 'chatMentioned',
    tripId: message.tripId,
    actorId: message.createdBy,
    subjectId: message.id,
    body: message.body,
    dedupeKey: `chat-mention:${message.id}`,
  });
}

/** The message, if its author is the caller (403 `creator_only` otherwise). */
const ownMessage = (db: Db | Tx, tripId: string, id: string, userId: string) =>
  authorsOwn(db, chatMessages, { tripId, id, userId }, CHAT_MESSAGES);

/** New text for one's own message (its mentions follow it; those new to it are told). */
export async function updateMessage(
  context: ChangeContext,
  tripId: string,
  userId: string,
  id: string,
  input: UpdateChatMessage,
): Promise<ChatMessage> {
  return inTransaction(context, async ({ db: tx, live }) => {
    const before = await ownMessage(tx, tripId, id, userId);
    const mentions = await checkMentions(tx, tripId, input.mentions, before.mentions);
    const [updated] = await tx
      .update(chatMessages)
      .set({ body: input.body, mentions, editedAt: new Date() })
      .where(and(eq(chatMessages.id, id), eq(chatMessages.tripId, tripId)))
      .returning();
    if (!updated) throw new HttpError('not_found', CHAT_MESSAGES.notFound);
    const added = mentions.filter((mentioned) => !before.mentions.includes(mentioned));
    await tellMentionedIn(tx, updated, added);
    const [saved] = await toMessages(tx, [updated]);
    live.tripChanged(tripId, itemSaved('chat', saved!));
    return saved!;
  });
}

/**
 * Deletes one's own message, for good: the chat is its own record, not the trip's history, so
 * there is nothing to restore it from.
 */
export async function deleteMessage(
  context: ChangeContext,
  tripId: string,
  userId: string,
  id: string,
) {
  await inTransaction(context, async ({ db: tx, live }) => {
    await ownMessage(tx, tripId, id, userId);
    await tx.delete(chatMessages).where(eq(chatMessages.id, id));
    live.tripChanged(tripId, itemRemoved('chat', id));
  });
}

/**
 * How many messages of others the person has not read, up to `CHAT_UNREAD_COUNTED`: those after
 * the newest they have seen, or, before they have seen any, those since they joined the trip.
 */
export async function unreadCount(db: Db | Tx, tripId: string, userId: string, now = new Date()) {
  const [read] = await db
    .select()
    .from(chatReads)
    .where(and(eq(chatReads.tripId, tripId), eq(chatReads.userId, userId)));
  let after: SQL;
  if (read) {
    after = sql`(${chatMessages.createdAt}, ${chatMessages.id}) > (${read.readAt.toISOString()}::timestamptz, ${read.readId}::uuid)`;
  } else {
    const [member] = await db
      .select({ joinedAt: tripMembers.joinedAt })
      .from(tripMembers)
      .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
    if (!member) return 0;
    after = gt(chatMessages.createdAt, member.joinedAt);
  }
  const unread = db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(await keptOn(db, tripId, now), after, ne(chatMessages.createdBy, userId)))
    .limit(CHAT_UNREAD_COUNTED)
    .as('unread');
  const [counted] = await db.select({ n: count() }).from(unread);
  return counted?.n ?? 0;
}

/**
 * The person has read the chat up to the message `upTo` (the newest they have seen). The mark
 * only moves forward; a message deleted meanwhile moves it nowhere. Answers what is unread now.
 */
export async function markRead(db: Db, tripId: string, userId: string, upTo: string) {
  const [message] = await db
    .select({ createdAt: chatMessages.createdAt, id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, upTo), eq(chatMessages.tripId, tripId)));
  if (message) {
    await db
      .insert(chatReads)
      .values({ tripId, userId, readAt: message.createdAt, readId: message.id })
      .onConflictDoUpdate({
        target: [chatReads.tripId, chatReads.userId],
        set: { readAt: sql`excluded.read_at`, readId: sql`excluded.read_id` },
        setWhere: sql`(${chatReads.readAt}, ${chatReads.readId}) < (excluded.read_at, excluded.read_id)`,
      });
  }
  return unreadCount(db, tripId, userId);
}

/** A member leaving: how far they had read goes (should they come back, they start afresh). */
export async function forgetReadsOf({ db: tx }: Change, tripId: string, userId: string) {
  await tx.delete(chatReads).where(and(eq(chatReads.tripId, tripId), eq(chatReads.userId, userId)));
}

/** Deletes the messages older than their trip's owner's plan keeps (the hourly job). */
export const pruneChat = (db: Db, now: Date) => pruneBeyondPlan(db, chatMessages, now);
