import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isStorableText } from '../../../shared/contracts/text';
import { NO_SUCH_TRIP } from '../../../shared/contracts/trips';
import type { TripViewer } from '../../../shared/itemPolicy';
import type { Policy } from '../../platform/access';
import { currentAuth } from '../../platform/auth';
import type { Db, Tx } from '../../platform/db/client';
import { type TripRow, tripMembers, trips, users } from '../../platform/db/schema';
import { readTrip } from '../../platform/db/tripReads';
import { HttpError } from '../../platform/errors';
import { isUuid } from '../../platform/uuid';
import type { TripItemTable } from './items';

declare module 'fastify' {
  interface FastifyRequest {
    /** The trip a trip-scoped route reaches and the caller's role on it (set by its policy). */
    tripAccess: TripAccess | null;
  }
}

export type TripRole = 'owner' | 'member';
export type TripAccess = { trip: TripRow; role: TripRole };

export { NO_SUCH_TRIP };

/** The trip and the caller's role on it, or null when the caller is not a member. */
export async function findTripAccess(
  db: Db,
  tripId: string,
  userId: string,
): Promise<TripAccess | null> {
  if (!isUuid(tripId)) return null;
  return readTrip(db, tripId, `access:${userId}`, async () => {
    const [row] = await db
      .select({ trip: trips, role: tripMembers.role })
      .from(trips)
      .innerJoin(tripMembers, eq(tripMembers.tripId, trips.id))
      .where(and(eq(trips.id, tripId), eq(tripMembers.userId, userId)));
    return row ?? null;
  });
}

/**
 * The plan of the trip's owner, which decides what the trip may do (spec §9: the host pays):
 * how long its calls last, whether it has whiteboards. Read fresh, not from the trip reads: a
 * plan changes without the trip changing.
 */
export async function ownerPlanOf(db: Db | Tx, tripId: string) {
  const [owner] = await db
    .select({ plan: users.plan })
    .from(trips)
    .innerJoin(users, eq(users.id, trips.ownerId))
    .where(eq(trips.id, tripId));
  if (!owner) throw new HttpError('not_found', NO_SUCH_TRIP);
  return owner.plan;
}

/**
 * Where a trip-scoped route finds its trip: the `:tripId` of its path (the default), or the trip
 * of the row that its `:id` names (`/api/todos/:id`). Whatever the caller may not reach answers
 * `notFound`, exactly like something that does not exist.
 */
export type TripScope =
  | { via: 'tripId' }
  | { via: 'item'; table: TripItemTable; notFound: string; uuid: boolean };

const BY_TRIP_ID: TripScope = { via: 'tripId' };

/** The scope of routes that name a trip's item by `:id` (a uuid, unless `uuid: false`). */
export function itemOf(
  table: TripItemTable,
  notFound: string,
  options = { uuid: true },
): TripScope {
  return { via: 'item', table, notFound, uuid: options.uuid };
}

async function findItemTripAccess(
  db: Db,
  scope: Extract<TripScope, { via: 'item' }>,
  id: string,
  userId: string,
): Promise<TripAccess | null> {
  // Read before validation: an id that cannot be stored names nothing (and would fail in SQL).
  if (scope.uuid ? !isUuid(id) : id.length > 100 || !isStorableText(id)) return null;
  const [row] = await db
    .select({ trip: trips, role: tripMembers.role })
    .from(scope.table)
    .innerJoin(trips, eq(trips.id, scope.table.tripId))
    .innerJoin(tripMembers, and(eq(tripMembers.tripId, trips.id), eq(tripMembers.userId, userId)))
    .where(eq(scope.table.id, id));
  return row ?? null;
}

function tripPolicy(role: TripRole, scope: TripScope, ownerOnly: string): Policy {
  return async (request) => {
    const { user } = currentAuth(request);
    // Params are not validated yet (access comes first): read them as the strings they are.
    const params = request.params as Record<string, string | undefined>;
    const access =
      scope.via === 'tripId'
        ? await findTripAccess(request.server.db, params.tripId ?? '', user.id)
        : await findItemTripAccess(request.server.db, scope, params.id ?? '', user.id);
    if (!access) {
      throw new HttpError('not_found', scope.via === 'tripId' ? NO_SUCH_TRIP : scope.notFound);
    }
    if (role === 'owner' && access.role !== 'owner') throw new HttpError('owner_only', ownerOnly);
    request.tripAccess = access;
  };
}

/** Access for a member of the trip: everyone else gets a 404, as if it did not exist. */
export function tripMember(scope: TripScope = BY_TRIP_ID): Policy {
  return tripPolicy('member', scope, '');
}

// Trip settings, and deleting the trip, are the owner's (issue #5).
export const OWNER_ONLY = 'Only the trip owner can change its settings or delete it.';

/** Access for the trip's owner: members get a 403 saying why, everyone else a 404. */
export function tripOwner(message = OWNER_ONLY, scope: TripScope = BY_TRIP_ID): Policy {
  return tripPolicy('owner', scope, message);
}

/** The trip and role that the route's policy found (tripMember / tripOwner). */
export function tripAccessOf(request: FastifyRequest): TripAccess {
  if (!request.tripAccess) throw new Error(`${request.routeOptions.url} declares no trip policy`);
  return request.tripAccess;
}

/** The member acting through this request, as the route's policy found them on its trip. */
export function actorOf(request: FastifyRequest): {
  trip: TripRow;
  tripId: string;
  actor: TripViewer;
} {
  const { trip, role } = tripAccessOf(request);
  return { trip, tripId: trip.id, actor: { userId: currentAuth(request).user.id, role } };
}

/** Everyone on the trip, owner included: whose trip lists show it. */
export async function tripMemberIds(db: Db | Tx, tripId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: tripMembers.userId })
    .from(tripMembers)
    .where(eq(tripMembers.tripId, tripId));
  return rows.map((row) => row.userId);
}

/** Whether `userId` is on the trip: an assignee or traveller must be a member. */
export async function isTripMember(db: Db, tripId: string, userId: string): Promise<boolean> {
  const onTrip = and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId));
  return (await db.$count(tripMembers, onTrip)) > 0;
}

/**
 * Which of the (trip, person) pairs are memberships, in one query: the live recheck asks it for
 * every open connection at once (one query each made a 350 ms stall at 1,000 connections, as
 * the embedded database runs on the event loop). Keys are `${tripId} ${userId}`.
 */
export async function memberPairs(
  db: Db,
  pairs: { tripId: string; userId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .select({ tripId: tripMembers.tripId, userId: tripMembers.userId })
    .from(tripMembers)
    .where(
      and(
        inArray(tripMembers.tripId, [...new Set(pairs.map((pair) => pair.tripId))]),
        inArray(tripMembers.userId, [...new Set(pairs.map((pair) => pair.userId))]),
      ),
    );
  return new Set(rows.map((row) => `${row.tripId} ${row.userId}`));
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
