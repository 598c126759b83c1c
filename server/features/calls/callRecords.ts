import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { PLAN_LIMITS } from '../../../shared/plans';
import type { Db } from '../../platform/db/client';
import { recordActivity } from '../activity/record';
import { ownerPlanOf } from '../trips/access';
import { type CallRow, callParticipants, calls } from './tables';

/**
 * The record of a trip's calls (issue #19): when each started and ended, why it ended, and who
 * was in it when. Every write is safe to make from two instances at once: the open call is
 * unique per trip, and ending one is a conditional update.
 */

/** The trip's call that is going on, if any. */
export async function openCallOf(db: Db, tripId: string): Promise<CallRow | null> {
  const [call] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.tripId, tripId), isNull(calls.endedAt)));
  return call ?? null;
}

export async function callById(db: Db, callId: string): Promise<CallRow | null> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId));
  return call ?? null;
}

/**
 * Starts the trip's call with these people in it, under the limit of the trip owner's plan now
 * (spec §9); when another instance started it a moment before, that call is the one.
 */
export async function startCall(db: Db, tripId: string, userIds: string[]): Promise<CallRow> {
  const plan = await ownerPlanOf(db, tripId);
  await db
    .insert(calls)
    .values({ tripId, plan, limitMinutes: PLAN_LIMITS[plan].audioMinutesPerCall })
    .onConflictDoNothing();
  const call = await openCallOf(db, tripId);
  if (!call) throw new Error('the call ended as it started');
  await syncParticipants(db, call.id, userIds);
  return call;
}

/** Records who is in the call now: newcomers get a row, those who left have theirs closed. */
export async function syncParticipants(db: Db, callId: string, userIds: string[]) {
  await db.transaction(async (tx) => {
    const open = await tx
      .select({ userId: callParticipants.userId })
      .from(callParticipants)
      .where(and(eq(callParticipants.callId, callId), isNull(callParticipants.leftAt)));
    const present = new Set(open.map((row) => row.userId));
    const arriving = userIds.filter((userId) => !present.has(userId));
    if (arriving.length > 0) {
      await tx.insert(callParticipants).values(arriving.map((userId) => ({ callId, userId })));
    }
    const stillOpen = and(eq(callParticipants.callId, callId), isNull(callParticipants.leftAt));
    await tx
      .update(callParticipants)
      .set({ leftAt: new Date() })
      .where(
        userIds.length > 0
          ? and(stillOpen, notInArray(callParticipants.userId, userIds))
          : stillOpen,
      );
  });
}

/**
 * Ends the call if it is still going on, and closes everyone's time in it. Whether this call
 * ended it (false: it had ended already, here or on another instance).
 */
export async function endCall(db: Db, callId: string, reason: 'empty' | 'limit') {
  return db.transaction(async (tx) => {
    const endedAt = new Date();
    const [ended] = await tx
      .update(calls)
      .set({ endedAt, endedReason: reason })
      .where(and(eq(calls.id, callId), isNull(calls.endedAt)))
      .returning();
    if (!ended) return false;
    await tx
      .update(callParticipants)
      .set({ leftAt: endedAt })
      .where(and(eq(callParticipants.callId, callId), isNull(callParticipants.leftAt)));
    // The trip's history: "Call with Ada and Ben, 12 minutes" (nobody's doing: no actor).
    const people = await tx
      .selectDistinct({ userId: callParticipants.userId })
      .from(callParticipants)
      .where(eq(callParticipants.callId, callId));
    // Whole minutes; 0 reads "less than a minute".
    const minutes = Math.round((endedAt.getTime() - ended.startedAt.getTime()) / 60_000);
    await recordActivity(
      tx,
      ended.tripId,
      null,
      {
        kind: 'call.ended',
        subjectId: callId,
        data: { userIds: people.map((person) => person.userId), minutes },
      },
      endedAt,
    );
    return true;
  });
}

/** The trip's calls, newest first, with who took part: for the limits and the trip's history. */
export async function callsOf(db: Db, tripId: string) {
  const rows = await db.select().from(calls).where(eq(calls.tripId, tripId));
  const parts = rows.length
    ? await db
        .select()
        .from(callParticipants)
        .where(
          inArray(
            callParticipants.callId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
    .map((call) => ({
      ...call,
      participants: parts.filter((part) => part.callId === call.id),
    }));
}
