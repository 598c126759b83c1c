import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { itemRemoved, itemSaved } from '../../../shared/contracts/live';
import {
  type CreatePoll,
  isPollClosed,
  MAX_POLLS_PER_TRIP,
  POLL_MESSAGES,
  type Poll,
  type SharedPoll,
  type VotePoll,
} from '../../../shared/contracts/polls';
import { canChangeItem, type TripViewer } from '../../../shared/itemPolicy';
import type { Db, Tx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { recordActivity } from '../activity/record';
import { type ChangeContext, inTransaction } from '../live';
import { memberName } from '../trips/access';
import { assertRoomFor, deleteTripItem, idTaken, isRepeatedCreate } from '../trips/items';
import { tellPollClosed } from './closedNotices';
import { type PollRow, polls, pollVotes } from './tables';

type Vote = { pollId: string; userId: string; optionId: string; name: string };

/** The votes of these polls with their voters' names, in the order they were cast. */
async function votesOf(db: Db | Tx, pollIds: string[]): Promise<Vote[]> {
  if (pollIds.length === 0) return [];
  const rows = await db
    .select({
      pollId: pollVotes.pollId,
      userId: pollVotes.userId,
      optionId: pollVotes.optionId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(pollVotes)
    .innerJoin(users, eq(users.id, pollVotes.userId))
    .where(inArray(pollVotes.pollId, pollIds))
    .orderBy(asc(pollVotes.createdAt), asc(pollVotes.userId));
  return rows.map(({ username, firstName, lastName, ...vote }) => ({
    ...vote,
    name: memberName({ username, firstName, lastName }),
  }));
}

type PollWithCreator = { poll: PollRow; creator: { id: string; name: string } | null };

/**
 * The poll as every member sees it. A deadline that has passed shows as the closing time, so
 * clients and later readers agree on when it closed without anyone writing it down.
 */
function toSharedPoll({ poll, creator }: PollWithCreator, votes: Vote[], now: Date): SharedPoll {
  const ofPoll = votes.filter((vote) => vote.pollId === poll.id);
  const deadlinePassed = poll.closesAt !== null && poll.closesAt <= now;
  const closedAt = poll.closedAt ?? (deadlinePassed ? poll.closesAt : null);
  return {
    id: poll.id,
    tripId: poll.tripId,
    question: poll.question,
    options: poll.options.map(({ id, text }) => {
      const chosen = ofPoll.filter((vote) => vote.optionId === id);
      return {
        id,
        text,
        votes: chosen.length,
        voters: poll.hideVoters
          ? null
          : chosen.map((vote) => ({ id: vote.userId, name: vote.name })),
      };
    }),
    multiple: poll.multiple,
    hideVoters: poll.hideVoters,
    voterCount: new Set(ofPoll.map((vote) => vote.userId)).size,
    closesAt: poll.closesAt?.toISOString() ?? null,
    closedAt: closedAt?.toISOString() ?? null,
    createdBy: creator,
    createdAt: poll.createdAt.toISOString(),
  };
}

function forViewer(shared: SharedPoll, votes: Vote[], viewerId: string): Poll {
  const myVotes = votes
    .filter((vote) => vote.pollId === shared.id && vote.userId === viewerId)
    .map((vote) => vote.optionId);
  return { ...shared, myVotes };
}

async function selectPolls(db: Db | Tx, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({
      poll: polls,
      creatorId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(polls)
    .leftJoin(users, eq(users.id, polls.createdBy))
    .where(where)
    .orderBy(desc(polls.createdAt), desc(polls.id));
  return rows.map(({ poll, creatorId, username, firstName, lastName }) => ({
    poll,
    creator:
      creatorId && username !== null
        ? { id: creatorId, name: memberName({ username, firstName, lastName }) }
        : null,
  }));
}

/** The trip's polls as `viewerId` sees them, newest first. */
export async function listPolls(db: Db, tripId: string, viewerId: string, now = new Date()) {
  const rows = await selectPolls(db, eq(polls.tripId, tripId));
  const votes = await votesOf(
    db,
    rows.map(({ poll }) => poll.id),
  );
  return rows.map((row) => forViewer(toSharedPoll(row, votes, now), votes, viewerId));
}

/** The poll as everyone sees it, and as `viewerId` does. */
async function readPoll(db: Db | Tx, pollId: string, viewerId: string) {
  const [row] = await selectPolls(db, eq(polls.id, pollId));
  if (!row) throw new HttpError('not_found', POLL_MESSAGES.notFound);
  const votes = await votesOf(db, [pollId]);
  const shared = toSharedPoll(row, votes, new Date());
  return { shared, mine: forViewer(shared, votes, viewerId) };
}

/** Reads the poll, tells the trip's other tabs, and answers it as `viewerId` sees it. */
async function announce({ db, live }: ChangeContext, pollId: string, viewerId: string) {
  const { shared, mine } = await readPoll(db, pollId, viewerId);
  live.tripChanged(shared.tripId, itemSaved('polls', shared));
  return mine;
}

/** Option ids: short and random, so a vote names its option even if the text repeats. */
const optionId = () => randomBytes(6).toString('base64url');

export async function createPoll(
  context: ChangeContext,
  tripId: string,
  userId: string,
  input: CreatePoll,
  now = new Date(),
): Promise<Poll> {
  const closesAt = input.closesAt ? new Date(input.closesAt) : null;
  const limit = { max: MAX_POLLS_PER_TRIP, message: POLL_MESSAGES.tooMany };
  return inTransaction(context, async (change) => {
    const tx = change.db;
    // Before the deadline's check: a poll sent again after its deadline passed is still the same.
    if (input.id && (await isRepeatedCreate(tx, polls, tripId, input.id, userId))) {
      return (await readPoll(tx, input.id, userId)).mine;
    }
    if (closesAt && closesAt <= now) {
      throw new HttpError('invalid_input', POLL_MESSAGES.closesAtPast);
    }
    await assertRoomFor(tx, polls, tripId, limit);
    const [inserted] = await tx
      .insert(polls)
      .values({
        id: input.id,
        tripId,
        question: input.question,
        options: input.options.map((text) => ({ id: optionId(), text })),
        multiple: input.multiple ?? false,
        hideVoters: input.hideVoters ?? false,
        closesAt,
        createdBy: userId,
      })
      .onConflictDoNothing({ target: polls.id })
      .returning({ id: polls.id });
    if (!inserted) throw idTaken();
    await recordActivity(tx, tripId, userId, {
      kind: 'poll.created',
      subjectId: inserted.id,
      data: { label: input.question },
    });
    return announce(change, inserted.id, userId);
  });
}

/** Closing and deleting: who asked the question, or the trip's owner. */
function checkCanManage(poll: PollRow, actor: TripViewer) {
  if (!canChangeItem({ creatorId: poll.createdBy }, actor)) {
    throw new HttpError('creator_only', POLL_MESSAGES.creatorOnly);
  }
}

async function lockPoll(tx: Tx, tripId: string, id: string) {
  const [row] = await tx
    .select()
    .from(polls)
    .where(and(eq(polls.id, id), eq(polls.tripId, tripId)))
    .for('update');
  if (!row) throw new HttpError('not_found', POLL_MESSAGES.notFound);
  return row;
}

/** Closes the poll now (closing a closed one again changes nothing). */
/**
 * Closes the poll, or opens it again (issue #38), for who asked or the trip's owner. Opening
 * takes its deadline away (one past would close it again at once); asking for what it is
 * already changes nothing.
 */
export async function setPollClosed(
  context: ChangeContext,
  tripId: string,
  actor: TripViewer,
  id: string,
  closed: boolean,
): Promise<Poll> {
  return inTransaction(context, async (change) => {
    const tx = change.db;
    const row = await lockPoll(tx, tripId, id);
    checkCanManage(row, actor);
    const now = new Date();
    const isClosed = row.closedAt !== null || (row.closesAt !== null && row.closesAt <= now);
    if (isClosed === closed) return announce(change, id, actor.userId);
    if (!closed) {
      await tx.update(polls).set({ closedAt: null, closesAt: null }).where(eq(polls.id, id));
      await recordActivity(tx, tripId, actor.userId, {
        kind: 'poll.reopened',
        subjectId: id,
        data: { label: row.question },
      });
      return announce(change, id, actor.userId);
    }
    await tx.update(polls).set({ closedAt: now }).where(eq(polls.id, id));
    await recordActivity(
      tx,
      tripId,
      actor.userId,
      { kind: 'poll.closed', subjectId: id, data: { label: row.question } },
      now,
    );
    // The trip hears the result with the closing, in its transaction.
    await tellPollClosed(tx, row, actor.userId, now);
    return announce(change, id, actor.userId);
  });
}

export async function deletePoll(
  context: ChangeContext,
  tripId: string,
  actor: TripViewer,
  id: string,
) {
  await inTransaction(context, async ({ db: tx, live }) => {
    checkCanManage(await lockPoll(tx, tripId, id), actor);
    await deleteTripItem(tx, polls, tripId, id, POLL_MESSAGES.notFound, {
      actorId: actor.userId,
      describe: (deleted) => ({
        kind: 'poll.deleted',
        subjectId: id,
        data: { label: deleted.question },
      }),
    });
    live.tripChanged(tripId, itemRemoved('polls', id));
  });
}

/**
 * The caller's choices on the poll, replacing their earlier ones; none takes the vote back. The
 * poll's row is locked meanwhile, so a vote and the closing cannot pass each other.
 */
export async function votePoll(
  context: ChangeContext,
  tripId: string,
  userId: string,
  id: string,
  { optionIds }: VotePoll,
): Promise<Poll> {
  return inTransaction(context, async (change) => {
    const tx = change.db;
    const row = await lockPoll(tx, tripId, id);
    const closedAt = row.closedAt?.toISOString() ?? null;
    const closesAt = row.closesAt?.toISOString() ?? null;
    if (isPollClosed({ closedAt, closesAt }, Date.now())) {
      throw new HttpError('closed', POLL_MESSAGES.closed);
    }
    const known = new Set(row.options.map((option) => option.id));
    if (optionIds.some((optionId) => !known.has(optionId))) {
      throw invalidChoice(POLL_MESSAGES.unknownOption);
    }
    if (!row.multiple && optionIds.length > 1) throw invalidChoice(POLL_MESSAGES.oneChoice);
    await tx.delete(pollVotes).where(and(eq(pollVotes.pollId, id), eq(pollVotes.userId, userId)));
    if (optionIds.length > 0) {
      await tx
        .insert(pollVotes)
        .values(optionIds.map((optionId) => ({ pollId: id, userId, optionId })));
      // A secret ballot is no history: who voted, seen beside the counts changing, would say
      // for what.
      if (!row.hideVoters) {
        const chosen = row.options.filter((option) => optionIds.includes(option.id));
        await recordActivity(tx, tripId, userId, {
          kind: 'poll.voted',
          subjectId: id,
          data: { label: row.question, detail: chosen.map((option) => option.text).join(', ') },
        });
      }
    }
    return announce(change, id, userId);
  });
}

function invalidChoice(message: string) {
  return new HttpError('invalid_input', message);
}
