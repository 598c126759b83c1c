import { and, count, eq, gt, gte, isNotNull, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import {
  notifications,
  polls,
  pollVotes,
  todos,
  tripMembers,
  trips,
} from '../../platform/db/schema';
import { notify } from './notify';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A poll whose deadline passed longer ago than this (the server was down) is not news. */
const POLL_NEWS_MS = DAY_MS;

/** `YYYY-MM-DD` of a time, in UTC (trip dates are days without a zone). */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

async function memberIdsOf(db: Db | Tx, tripId: string) {
  const rows = await db
    .select({ userId: tripMembers.userId })
    .from(tripMembers)
    .where(eq(tripMembers.tripId, tripId));
  return rows.map((row) => row.userId);
}

/**
 * Trip reminders (the "Trip reminders" switch): a week before departure and the day before, to
 * everyone on the trip. A trip made less than a week before it starts gets no week reminder (it
 * is no news to them), only the day before. Days are UTC days. A run missed while no server was
 * up is made up at the next, within the window (2 to 7 days left for the week's reminder).
 */
export async function remindTrips(db: Db, now: Date) {
  const today = dayOf(now);
  const due = await db
    .select({ id: trips.id, startDate: trips.startDate, createdAt: trips.createdAt })
    .from(trips)
    .where(and(gt(trips.startDate, today), lte(trips.startDate, addDays(today, 7))));
  let told = 0;
  for (const trip of due) {
    const daysLeft = Math.round((Date.parse(trip.startDate) - Date.parse(today)) / DAY_MS);
    const which = daysLeft === 1 ? 'day' : 'week';
    const dueFrom = Date.parse(`${addDays(trip.startDate, which === 'day' ? -1 : -7)}T00:00:00Z`);
    if (trip.createdAt.getTime() > dueFrom) continue;
    told += await notify(
      db,
      await memberIdsOf(db, trip.id),
      {
        kind: 'tripReminder',
        tripId: trip.id,
        actorId: null,
        data: { days: daysLeft },
        dedupeKey: `reminder:${trip.id}:${trip.startDate}:${which}`,
      },
      now,
    );
  }
  return told;
}

/** "Due tomorrow": open to-dos whose due time falls on tomorrow's (UTC) day, to their assignee. */
export async function remindDueTodos(db: Db, now: Date) {
  const tomorrow = Date.parse(`${addDays(dayOf(now), 1)}T00:00:00Z`);
  const due = await db
    .select({
      id: todos.id,
      tripId: todos.tripId,
      text: todos.text,
      dueDate: todos.dueDate,
      assignedTo: todos.assignedTo,
    })
    .from(todos)
    .where(
      and(
        eq(todos.isCompleted, false),
        isNotNull(todos.assignedTo),
        gte(todos.dueDate, new Date(tomorrow)),
        lt(todos.dueDate, new Date(tomorrow + DAY_MS)),
      ),
    );
  let told = 0;
  for (const todo of due) {
    told += await notify(
      db,
      [todo.assignedTo!],
      {
        kind: 'dueTomorrow',
        tripId: todo.tripId,
        actorId: null,
        subjectId: todo.id,
        data: { label: todo.text },
        // A new due date is a new reminder.
        dedupeKey: `due:${todo.id}:${todo.dueDate!.toISOString()}`,
      },
      now,
    );
  }
  return told;
}

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
    await memberIdsOf(db, poll.tripId),
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
