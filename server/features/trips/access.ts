import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type Trip, tripMembers, trips } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { isUuid } from '../../platform/uuid';

export type TripRole = 'owner' | 'member';
export type TripAccess = { trip: Trip; role: TripRole };

// A trip someone does not belong to answers exactly like one that does not exist: ids never
// tell an outsider that a trip is there.
export const NO_SUCH_TRIP = 'No such trip';

/** The trip and the caller's role on it, or null when the caller is not a member. */
export async function findTripAccess(
  db: Db,
  tripId: string,
  userId: string,
): Promise<TripAccess | null> {
  if (!isUuid(tripId)) return null;
  const [row] = await db
    .select({ trip: trips, role: tripMembers.role })
    .from(trips)
    .innerJoin(tripMembers, eq(tripMembers.tripId, trips.id))
    .where(and(eq(trips.id, tripId), eq(tripMembers.userId, userId)));
  return row ?? null;
}

/** Every trip-scoped request starts here: members pass, everyone else gets a 404. */
export async function requireTripMember(
  db: Db,
  tripId: string,
  userId: string,
): Promise<TripAccess> {
  const access = await findTripAccess(db, tripId, userId);
  if (!access) throw new HttpError(404, NO_SUCH_TRIP);
  return access;
}

/** Trip settings, and deleting the trip, are the owner's (issue #5). */
export async function requireTripOwner(
  db: Db,
  tripId: string,
  userId: string,
): Promise<TripAccess> {
  const access = await requireTripMember(db, tripId, userId);
  if (access.role !== 'owner') {
    throw new HttpError(403, 'Only the trip owner can change its settings or delete it.');
  }
  return access;
}

/** Whether `userId` is on the trip: an assignee or traveller must be a member. */
export async function isTripMember(db: Db, tripId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: tripMembers.userId })
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
  return row !== undefined;
}

/** Everyone on the trip, owner included: whose trip lists show it. */
export async function tripMemberIds(db: Db, tripId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: tripMembers.userId })
    .from(tripMembers)
    .where(eq(tripMembers.tripId, tripId));
  return rows.map((row) => row.userId);
}

/** The trips a person is on. */
export async function tripIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ tripId: tripMembers.tripId })
    .from(tripMembers)
    .where(eq(tripMembers.userId, userId));
  return rows.map((row) => row.tripId);
}

/** The display name of a member: first and last name, else the username. */
export function memberName(user: {
  firstName: string | null;
  lastName: string | null;
  username: string;
}) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}
