import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { type TripRow, tripMembers, trips } from '../../platform/db/schema';

/**
 * Each trip the user owns passes to the member who joined earliest, or is deleted (with its
 * board, to-dos and flights) when nobody else is on it. Runs inside the caller's transaction
 * (an account deletion: trips.owner_id cascades, so the trips need a new owner before the user
 * row goes); the caller announces the outcome once that transaction has committed.
 */
export async function handOverOwnedTrips(tx: Tx, userId: string) {
  const handedOver: TripRow[] = [];
  const deleted: string[] = [];
  // The row locks make a join racing with the deletion wait (its insert checks the trip's key),
  // so nobody can join a trip in the moment it is found empty and deleted.
  const owned = await tx
    .select({ id: trips.id })
    .from(trips)
    .where(eq(trips.ownerId, userId))
    .for('update');
  for (const trip of owned) {
    const [heir] = await tx
      .select({ userId: tripMembers.userId })
      .from(tripMembers)
      .where(and(eq(tripMembers.tripId, trip.id), ne(tripMembers.userId, userId)))
      .orderBy(asc(tripMembers.joinedAt), asc(tripMembers.userId))
      .limit(1);
    if (!heir) {
      await tx.delete(trips).where(eq(trips.id, trip.id));
      deleted.push(trip.id);
      continue;
    }
    await tx
      .update(tripMembers)
      .set({ role: 'owner' })
      .where(and(eq(tripMembers.tripId, trip.id), eq(tripMembers.userId, heir.userId)));
    const [saved] = await tx
      .update(trips)
      .set({ ownerId: heir.userId, updatedAt: new Date() })
      .where(eq(trips.id, trip.id))
      .returning();
    handedOver.push(saved!);
  }
  return { handedOver, deleted };
}
