import { and, count, eq, gt, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import type { Job } from '../../platform/scheduler';
import { notify } from '../notifications';
import { notifications } from '../notifications/tables';
import { tripMemberIds } from '../trips/access';
import { polls, pollVotes } from './tables';

/** A poll whose deadline passed longer ago than this (the server was down) is not news. */
const POLL_NEWS_MS = 24 * 60 * 60 * 1000;

/** A closed poll's answer(s) with the most votes ("Villa Sayang", "a tie: A and B"), if any. */
export async function pollResult(
  db: Db | Tx,
  poll: { id: string; options: { id: string; text: string }[] },
) {
  const tallies = await db
    .select({ optionId: pollVotes.optionId, votes: count() })
    .from(pollVotes)
    .where(eq(pollVotes.pollId, poll.id))
    .groupBy(pollVotes.optionId);
  const most = Math.max(0, ...tallies.map((tally) => tally.votes));
  if (most === 0) return undefined;
  const leading = poll.options.filter((option) =>
    tallies.some((tally) => tally.optionId === option.id && tally.votes === most),
  );
  const names = leading.map((option) => option.text);
  return names.length === 1
    ? names[0]
    : `a tie: ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Tells the trip that a poll closed, once whichever way it closed (`closedBy`: not them). */
export async function tellPollClosed(
  db: Db | Tx,
  poll: { id: string; tripId: string; question: string; options: { id: string; text: string }[] },
  closedBy: string | null,
  now: Date,
) {
  const result = await pollResult(db, poll);
  return notify(
    db,
    await tripMemberIds(db, poll.tripId),
    {
      kind: 'pollClosed',
      tripId: poll.tripId,
      actorId: closedBy,
      subjectId: poll.id,
      data: { label: poll.question, ...(result ? { result } : {}) },
      dedupeKey: `poll:${poll.id}`,
    },
    now,
  );
}

/** Polls whose deadline has passed since the last run (nobody closed them: time did). */
export async function tellPollsPastDeadline(db: Db, now: Date) {
  const closed = await db
    .select({
      id: polls.id,
      tripId: polls.tripId,
      question: polls.question,
      options: polls.options,
    })
    .from(polls)
    .where(
      and(
        isNull(polls.closedAt),
        lte(polls.closesAt, now),
        gt(polls.closesAt, new Date(now.getTime() - POLL_NEWS_MS)),
        // Told already (the dedupe key would stop a repeat; this spares the work each minute).
        notExists(
          db
            .select({ one: sql`1` })
            .from(notifications)
            .where(
              and(
                eq(notifications.kind, 'pollClosed'),
                eq(notifications.subjectId, sql`${polls.id}::text`),
              ),
            ),
        ),
      ),
    );
  let told = 0;
  for (const poll of closed) told += await tellPollClosed(db, poll, null, now);
  return told;
}

/**
 * Every minute, once across instances, before the notifications' own minutely run sends the
 * e-mails it queued (the registry lists polls before notifications).
 */
export const pollDeadlinesJob = (db: Db): Job => ({
  name: 'polls-deadlines',
  everyMs: 60 * 1000,
  run: async (now) => {
    await tellPollsPastDeadline(db, now);
  },
});
