import { and, asc, count, eq, gte } from 'drizzle-orm';
import { DEFAULT_TRIP } from '../../../shared/constants';
import type { Plan } from '../../../shared/contracts/account';
import type { LiveTripSettings } from '../../../shared/contracts/live';
import {
  type CreateTripBody,
  NO_SUCH_TRIP,
  type Trip,
  type TripMember,
  type UpdateTripBody,
} from '../../../shared/contracts/trips';
import { DEFAULT_WEATHER_CITY } from '../../../shared/contracts/weather';
import { PLAN_LIMITS } from '../../../shared/plans';
import type { Db, Tx } from '../../platform/db/client';
import { type TripRow, tripMembers, trips, type UserRow, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { recordActivity } from '../activity/record';
import { addDefaultWidgets } from '../board/service';
import { firstTripData } from '../featureLookup';
import { type ChangeContext, inTransaction } from '../live';
import { memberName, ownerPlanOf, type TripAccess, type TripRole, tripMemberIds } from './access';
import { type FoundZone, NO_ZONE, type TripZone, zoneChanges } from './tripZone';

const DAY_MS = 86_400_000;

/** A calendar day (`YYYY-MM-DD`, UTC) `days` after `from`. */
function dayAfter(from: Date, days: number): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export function toTrip(trip: TripRow, role: TripRole, ownerPlan: Plan): Trip {
  return {
    id: trip.id,
    name: trip.name,
    destination: trip.destination,
    startDate: trip.startDate,
    endDate: trip.endDate,
    timeZone: trip.timeZone,
    ownerId: trip.ownerId,
    anyoneChooses: trip.anyoneChooses,
    ownerPlan,
    role,
    createdAt: trip.createdAt.toISOString(),
  };
}

/** A trip's settings as every member sees them (the live `trip:saved` change): no role. */
export function liveSettingsOf(trip: TripRow | Trip, ownerPlan: Plan): LiveTripSettings {
  const { id, name, destination, startDate, endDate, timeZone, ownerId, anyoneChooses } = trip;
  return { id, name, destination, startDate, endDate, timeZone, ownerId, anyoneChooses, ownerPlan };
}

async function tripsOf(db: Db | Tx, userId: string) {
  return db
    .select({ trip: trips, role: tripMembers.role, ownerPlan: users.plan })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId))
    .innerJoin(users, eq(users.id, trips.ownerId))
    .where(eq(tripMembers.userId, userId))
    .orderBy(asc(trips.startDate), asc(trips.createdAt));
}

/**
 * Serialises one user's trip-making: the row lock makes two requests at once (two tabs on a first
 * visit, two quick "new trip" clicks) take turns, so neither a second Bali nor a trip past the
 * plan's limit can slip in between a count and an insert.
 */
async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function insertTrip(
  tx: Tx,
  ownerId: string,
  values: Pick<TripRow, 'name' | 'destination' | 'startDate' | 'endDate'> & TripZone,
  board: { weatherCity?: string } = {},
) {
  const [trip] = await tx
    .insert(trips)
    .values({ ...values, ownerId })
    .returning();
  await tx.insert(tripMembers).values({ tripId: trip!.id, userId: ownerId, role: 'owner' });
  await addDefaultWidgets(tx, trip!.id, board);
  return trip!;
}

/** The trips the user is on: a read, nothing more (the first trip is made at sign-up). */
export async function listTrips(db: Db, user: UserRow): Promise<Trip[]> {
  const rows = await tripsOf(db, user.id);
  return rows.map((row) => toTrip(row.trip, row.role, row.ownerPlan));
}

/**
 * A new account's first trip, made with the account (issue #16: a GET used to make it): the
 * spec's Bali trip with the five default widgets and five sample to-dos — real rows, to edit or
 * delete. Someone who signs up to join a trip by invitation starts on that trip instead.
 */
export async function createFirstTrip(tx: Tx, userId: string, now = new Date()) {
  const trip = await insertTrip(
    tx,
    userId,
    {
      name: DEFAULT_TRIP.name,
      destination: DEFAULT_TRIP.destination,
      timeZone: DEFAULT_TRIP.timeZone,
      startDate: dayAfter(now, DEFAULT_TRIP.startsInDays),
      endDate: dayAfter(now, DEFAULT_TRIP.startsInDays + DEFAULT_TRIP.lengthDays),
    },
    // spec §9: the sample trip's weather is Denpasar's (its destination is a whole island).
    { weatherCity: DEFAULT_WEATHER_CITY },
  );
  await firstTripData(tx, trip.id, now);
  await tx.update(users).set({ firstTripMadeAt: now }).where(eq(users.id, userId));
  return trip;
}

/** A trip counts against the plan until its last day is over. */
async function activeTripsOwned(tx: Tx, userId: string, now: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(trips)
    .where(and(eq(trips.ownerId, userId), gte(trips.endDate, dayAfter(now, 0))));
  return row?.n ?? 0;
}

/**
 * A new trip owned by the user, within their plan's active trips (architecture §7). Its zone is
 * the one sent, else `destinationZone` (the destination's, looked up by the caller).
 */
export async function createTrip(
  db: Db,
  user: UserRow,
  body: CreateTripBody,
  now = new Date(),
  destinationZone?: FoundZone,
): Promise<Trip> {
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const plan = PLAN_LIMITS[user.plan];
    const limit = plan.activeTrips;
    if (limit !== null && (await activeTripsOwned(tx, user.id, now)) >= limit) {
      throw new HttpError(
        'plan_limit',
        `Your ${plan.name} plan allows ${limit} active trip${limit === 1 ? '' : 's'}. ` +
          'Delete a trip you no longer need, or upgrade your plan, to plan another.',
      );
    }
    const trip = await insertTrip(tx, user.id, {
      name: body.name,
      destination: body.destination ?? null,
      startDate: body.startDate,
      endDate: body.endDate,
      ...zoneChanges(NO_ZONE, body, destinationZone),
    });
    return toTrip(trip, 'owner', user.plan);
  });
}

/**
 * Trip settings (owner only; the route checks). The dates must stay in order once merged. The
 * members' tabs hear of it wherever they are: the trip switcher shows the name and dates.
 */
export async function updateTrip(
  context: ChangeContext,
  access: TripAccess,
  body: UpdateTripBody,
  destinationZone?: FoundZone,
) {
  const startDate = body.startDate ?? access.trip.startDate;
  const endDate = body.endDate ?? access.trip.endDate;
  if (endDate < startDate) {
    throw new HttpError('invalid_dates', 'The trip must end on or after the day it starts');
  }
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    // As it is now, locked: what the history says changed is measured against it.
    const [before] = await tx
      .select()
      .from(trips)
      .where(eq(trips.id, access.trip.id))
      .for('update');
    if (!before) throw new HttpError('not_found', NO_SUCH_TRIP);
    const saved = await tx
      .update(trips)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.destination === undefined ? {} : { destination: body.destination ?? null }),
        ...(body.anyoneChooses === undefined ? {} : { anyoneChooses: body.anyoneChooses }),
        ...zoneChanges(before, body, destinationZone),
        startDate,
        endDate,
        updatedAt: new Date(),
      })
      .where(eq(trips.id, access.trip.id))
      .returning();
    const tripId = before.id;
    if (saved[0] && saved[0].name !== before.name) {
      await recordActivity(tx, tripId, actorId, {
        kind: 'trip.renamed',
        data: { label: saved[0].name, detail: before.name },
      });
    }
    if (startDate !== before.startDate || endDate !== before.endDate) {
      await recordActivity(tx, tripId, actorId, {
        kind: 'trip.dates',
        data: { label: `${startDate}/${endDate}` },
      });
    }
    const trip = saved[0]!;
    const ownerPlan = await ownerPlanOf(tx, tripId);
    live.tripChanged(
      tripId,
      { type: 'trip:saved', trip: liveSettingsOf(trip, ownerPlan) },
      { memberIds: await tripMemberIds(tx, tripId) },
    );
    return toTrip(trip, access.role, ownerPlan);
  });
}

/**
 * Deletes the trip and everything on it (widgets, to-dos, flights, members go with it); everyone
 * who was on it is told, wherever they look (their trip lists still show it).
 */
export async function deleteTrip(context: ChangeContext, access: TripAccess) {
  await inTransaction(context, async ({ db: tx, live }) => {
    const memberIds = await tripMemberIds(tx, access.trip.id);
    await tx.delete(trips).where(eq(trips.id, access.trip.id));
    live.tripDeleted(access.trip.id, { memberIds });
  });
}

/** The trip's members, the owner first and then in the order they joined. */
export async function listMembers(
  db: Db,
  access: TripAccess,
  currentUserId: string,
): Promise<TripMember[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      image: users.profileImageUrl,
      role: tripMembers.role,
    })
    .from(tripMembers)
    .innerJoin(users, eq(users.id, tripMembers.userId))
    .where(eq(tripMembers.tripId, access.trip.id))
    .orderBy(asc(tripMembers.joinedAt), asc(users.id));
  return rows
    .map((row) => ({
      id: row.id,
      name: memberName(row),
      image: row.image,
      role: row.role,
      isCurrentUser: row.id === currentUserId,
    }))
    .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}
