import { and, eq } from 'drizzle-orm';
import type { CreateFlight, Flight, UpdateFlight } from '../../../shared/contracts/flights';
import { FLIGHT_MESSAGES, MAX_FLIGHTS_PER_TRIP } from '../../../shared/contracts/flights';
import { itemRemoved, itemSaved } from '../../../shared/contracts/live';
import {
  flightDurationMinutes,
  formatFlightDuration,
  isArrivalAfterDeparture,
} from '../../../shared/flightDuration';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { isUuid } from '../../platform/uuid';
import { type Activity, type Restorer, recordActivity } from '../activity/record';
import { type Change, type ChangeContext, inTransaction, type LiveChanges } from '../live';
import { isTripMember, memberName } from '../trips/access';
import { assertRoomFor, deleteTripItem, idTaken, isRepeatedCreate } from '../trips/items';
import { type FlightRow, flights } from './tables';

const NO_SUCH_FLIGHT = FLIGHT_MESSAGES.notFound;

type Traveller = Flight['traveller'];
const travellerColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

export function toFlight(row: FlightRow, traveller: Traveller): Flight {
  // Stored times passed the contract (explicit offsets, arrival after departure), so this reads.
  const durationMinutes = flightDurationMinutes(row.departureTime, row.arrivalTime) ?? 0;
  return {
    id: row.id,
    tripId: row.tripId,
    flightNumber: row.flightNumber,
    departureAirport: row.departureAirport,
    departureTime: row.departureTime,
    arrivalAirport: row.arrivalAirport,
    arrivalTime: row.arrivalTime,
    stops: row.stops,
    durationMinutes,
    duration: formatFlightDuration(durationMinutes),
    traveller,
    createdAt: row.createdAt.toISOString(),
  };
}

async function travellerOf(db: Db, travellerId: string | null): Promise<Traveller> {
  if (travellerId === null) return null;
  const [user] = await db.select(travellerColumns).from(users).where(eq(users.id, travellerId));
  return user ? { id: user.id, name: memberName(user) } : null;
}

/** A traveller must be on the trip (issue #5); an id that cannot be a user's is the same 400. */
async function checkTraveller(db: Db, tripId: string, travellerId: string | null | undefined) {
  if (travellerId === null || travellerId === undefined) return;
  if (!isUuid(travellerId) || !(await isTripMember(db, tripId, travellerId))) {
    throw new HttpError('not_a_member', FLIGHT_MESSAGES.traveller);
  }
}

/**
 * A trip's flights in the order they leave. Times are stored as given (text with its offset), so
 * the order is by instant here rather than by the text in SQL; ties keep the order of entry.
 */
export async function listFlights(db: Db, tripId: string): Promise<Flight[]> {
  const rows = await db
    .select({ flight: flights, traveller: travellerColumns })
    .from(flights)
    .leftJoin(users, eq(users.id, flights.travellerId))
    .where(eq(flights.tripId, tripId));
  const departs = (row: FlightRow) => Date.parse(row.departureTime);
  return rows
    .sort(
      (a, b) =>
        departs(a.flight) - departs(b.flight) ||
        a.flight.createdAt.getTime() - b.flight.createdAt.getTime() ||
        a.flight.id.localeCompare(b.flight.id),
    )
    .map(({ flight, traveller }) =>
      toFlight(flight, traveller ? { id: traveller.id, name: memberName(traveller) } : null),
    );
}

/** Adds a flight to the trip; the same `id` sent again answers the flight it made. */
export async function createFlight(
  context: ChangeContext,
  tripId: string,
  body: CreateFlight,
): Promise<Flight> {
  const limit = { max: MAX_FLIGHTS_PER_TRIP, message: FLIGHT_MESSAGES.tooMany };
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    if (body.id && (await isRepeatedCreate(tx, flights, tripId, body.id, actorId))) {
      return readFlight(tx, tripId, body.id);
    }
    await checkTraveller(tx, tripId, body.travellerId);
    await assertRoomFor(tx, flights, tripId, limit);
    const [row] = await tx
      .insert(flights)
      .values({ ...body, tripId, createdBy: actorId })
      .onConflictDoNothing({ target: flights.id })
      .returning();
    if (!row) throw idTaken();
    await recordActivity(tx, tripId, actorId, flightActivity('flight.added', row));
    return announceSaved(live, toFlight(row, await travellerOf(tx, row.travellerId)));
  });
}

/** The trip's flight `id` as it is now. */
async function readFlight(db: Db, tripId: string, id: string): Promise<Flight> {
  const [row] = await db
    .select()
    .from(flights)
    .where(and(eq(flights.id, id), eq(flights.tripId, tripId)));
  if (!row) throw new HttpError('not_found', NO_SUCH_FLIGHT);
  return toFlight(row, await travellerOf(db, row.travellerId));
}

function announceSaved(live: LiveChanges, flight: Flight) {
  live.tripChanged(flight.tripId, itemSaved('flights', flight));
  return flight;
}

/**
 * Applies the changes, checking the resulting times against each other: a new departure alone
 * must still be before the stored arrival. The row is locked while it is checked, so two edits
 * of one time each cannot together leave a flight arriving before it departs.
 */
export async function updateFlight(
  context: ChangeContext,
  tripId: string,
  id: string,
  changes: UpdateFlight,
): Promise<Flight> {
  await checkTraveller(context.db, tripId, changes.travellerId);
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    const [current] = await tx
      .select()
      .from(flights)
      .where(and(eq(flights.id, id), eq(flights.tripId, tripId)))
      .for('update');
    if (!current) throw new HttpError('not_found', NO_SUCH_FLIGHT);
    const departureTime = changes.departureTime ?? current.departureTime;
    const arrivalTime = changes.arrivalTime ?? current.arrivalTime;
    if (!isArrivalAfterDeparture(departureTime, arrivalTime)) {
      throw new HttpError('invalid_dates', FLIGHT_MESSAGES.arrivalBeforeDeparture);
    }
    const [row] = await tx
      .update(flights)
      .set({ ...changes, departureTime, arrivalTime }) // an undefined field stays as it is
      .where(eq(flights.id, current.id))
      .returning();
    if (!row) throw new HttpError('not_found', NO_SUCH_FLIGHT);
    await recordActivity(tx, tripId, actorId, flightActivity('flight.edited', row));
    return announceSaved(live, toFlight(row, await travellerOf(tx, row.travellerId)));
  });
}

/** A flight's entry in the trip's history, named by its number and route. */
function flightActivity(kind: Activity['kind'], row: FlightRow): Activity {
  return {
    kind,
    subjectId: row.id,
    data: { label: row.flightNumber, detail: `${row.departureAirport}–${row.arrivalAirport}` },
  };
}

export async function deleteFlight(context: ChangeContext, tripId: string, id: string) {
  await inTransaction(context, async ({ db: tx, live, actorId }) => {
    await deleteTripItem(tx, flights, tripId, id, NO_SUCH_FLIGHT, {
      actorId,
      describe: (row) => ({ ...flightActivity('flight.deleted', row), snapshot: row }),
    });
    live.tripChanged(tripId, itemRemoved('flights', id));
  });
}

/** A deleted flight comes back as it was, the group's if its traveller has left the trip since. */
export const flightRestorer: Restorer = {
  table: flights,
  limit: { max: MAX_FLIGHTS_PER_TRIP, message: FLIGHT_MESSAGES.tooMany },
  async prepare(tx, tripId, row) {
    const travellerId = typeof row.travellerId === 'string' ? row.travellerId : null;
    const stays = travellerId !== null && (await isTripMember(tx, tripId, travellerId));
    return { ...row, travellerId: stays ? travellerId : null };
  },
  async announce({ db, live }, tripId, id) {
    const [row] = await db
      .select()
      .from(flights)
      .where(and(eq(flights.id, id), eq(flights.tripId, tripId)));
    if (row) announceSaved(live, toFlight(row, await travellerOf(db, row.travellerId)));
  },
};

/** Someone left the trip: their flights on it become the group's (inside the caller's change). */
export async function clearTravellerOf({ db: tx, live }: Change, tripId: string, userId: string) {
  const cleared = await tx
    .update(flights)
    .set({ travellerId: null })
    .where(and(eq(flights.tripId, tripId), eq(flights.travellerId, userId)))
    .returning();
  for (const row of cleared) announceSaved(live, toFlight(row, null));
}
