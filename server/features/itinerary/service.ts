import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { generateKeyBetween } from 'fractional-indexing';
import { daysBetween, formatDate } from '../../../shared/calendar';
import {
  type CreateItineraryItem,
  ITINERARY_MESSAGES,
  type ItineraryItem,
  MAX_ITINERARY_ITEMS_PER_TRIP,
  MAX_PLAN_DAYS,
  type UpdateItineraryItem,
} from '../../../shared/contracts/itinerary';
import { itemRemoved, itemSaved } from '../../../shared/contracts/live';
import type { Db, Tx } from '../../platform/db/client';
import { trips, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { isUuid } from '../../platform/uuid';
import { type Activity, type Restorer, recordActivity } from '../activity/record';
import { type Change, type ChangeContext, inTransaction, type LiveChanges } from '../live';
import { memberName, tripMemberIds } from '../trips/access';
import {
  assertRoomFor,
  deleteTripItem,
  idTaken,
  isRepeatedCreate,
  updateTripItem,
} from '../trips/items';
import { type ItineraryItemRow, itineraryItems } from './tables';

const M = ITINERARY_MESSAGES;
const LIMIT = { max: MAX_ITINERARY_ITEMS_PER_TRIP, message: M.tooMany };

const invalid = (message: string) => new HttpError('invalid_input', message);

// ---- Reading ---------------------------------------------------------------------------------

type Names = Map<string, string>;

/** The current names of these people (goers, who added), in one query. */
async function namesOf(db: Db | Tx, rows: ItineraryItemRow[]): Promise<Names> {
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.createdBy) ids.add(row.createdBy);
    for (const id of row.goers ?? []) ids.add(id);
  }
  if (ids.size === 0) return new Map();
  const people = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(people.map((person) => [person.id, memberName(person)]));
}

function toItem(row: ItineraryItemRow, names: Names): ItineraryItem {
  const person = (id: string) => ({ id, name: names.get(id) ?? '' });
  // A goer whose account is gone is let go (memberLeaving); never answer a nameless one.
  const goers = row.goers?.filter((id) => names.has(id)).map(person) ?? [];
  return {
    id: row.id,
    tripId: row.tripId,
    kind: row.kind,
    title: row.title,
    day: row.day,
    rank: row.rank,
    startTime: row.startTime,
    endTime: row.endTime,
    place: row.place,
    link: row.link,
    notes: row.notes,
    cost:
      row.costCents !== null && row.costCurrency !== null
        ? { amount: row.costCents / 100, currency: row.costCurrency }
        : null,
    goers: goers.length > 0 ? goers : null,
    createdBy: row.createdBy && names.has(row.createdBy) ? person(row.createdBy) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The plan's order: by day (ideas last), then by rank byte by byte (the column's collation),
 * then by id, as `byPlanOrder` sorts on the client.
 */
const PLAN_ORDER = [
  sql`${itineraryItems.day} asc nulls last`,
  asc(itineraryItems.rank),
  asc(itineraryItems.id),
];

/** `GET /api/trips/:tripId/itinerary`: every item of the trip, in the plan's order. */
export async function listItinerary(db: Db, tripId: string): Promise<ItineraryItem[]> {
  const rows = await db
    .select()
    .from(itineraryItems)
    .where(eq(itineraryItems.tripId, tripId))
    .orderBy(...PLAN_ORDER);
  const names = await namesOf(db, rows);
  return rows.map((row) => toItem(row, names));
}

async function loadItem(db: Db | Tx, id: string): Promise<ItineraryItem> {
  const [row] = await db.select().from(itineraryItems).where(eq(itineraryItems.id, id));
  if (!row) throw new HttpError('not_found', M.notFound);
  return toItem(row, await namesOf(db, [row]));
}

function announceSaved(live: LiveChanges, item: ItineraryItem) {
  live.tripChanged(item.tripId, itemSaved('itinerary', item));
  return item;
}

// ---- Checks ------------------------------------------------------------------------------------

/**
 * A day must be one of the trip's days, and among its first MAX_PLAN_DAYS (issue #39's bound). Only
 * checked when an item is put on a day: a trip whose dates change later keeps its items' days.
 */
async function checkDay(tx: Tx, tripId: string, day: string) {
  const [trip] = await tx
    .select({ startDate: trips.startDate, endDate: trips.endDate })
    .from(trips)
    .where(eq(trips.id, tripId));
  if (!trip) throw new HttpError('not_found', M.notFound);
  if (day < trip.startDate || day > trip.endDate) throw invalid(M.dayOutsideTrip);
  if (daysBetween(trip.startDate, day) >= MAX_PLAN_DAYS) throw invalid(M.dayBeyondPlan);
}

/** Everyone named as going must be on the trip (400 `not_a_member` otherwise). */
async function checkGoers(tx: Tx, tripId: string, goers: string[] | null | undefined) {
  if (!goers) return;
  const members = new Set(await tripMemberIds(tx, tripId));
  if (goers.some((id) => !isUuid(id) || !members.has(id))) {
    throw new HttpError('not_a_member', M.goerNotMember);
  }
}

/**
 * A rank the client worked out must be a key of the scheme, with room after it (the next item
 * added at the end goes there): `generateKeyBetween` throws on anything else.
 */
function checkRank(rank: string) {
  try {
    generateKeyBetween(rank, null);
  } catch {
    throw invalid(M.rank);
  }
}

/** The times an item will have once changed: an end needs a start and comes after it. */
function checkTimes(startTime: string | null, endTime: string | null) {
  if (endTime && !startTime) throw invalid(M.endWithoutStart);
  if (startTime && endTime && endTime < startTime) throw invalid(M.endBeforeStart);
}

/** A key after every item of that day (or of the ideas) but `except`: the end of the list. */
async function endOf(tx: Tx, tripId: string, day: string | null, except?: string) {
  const [last] = await tx
    .select({ rank: itineraryItems.rank })
    .from(itineraryItems)
    .where(
      and(
        eq(itineraryItems.tripId, tripId),
        day === null ? isNull(itineraryItems.day) : eq(itineraryItems.day, day),
        except ? ne(itineraryItems.id, except) : undefined,
      ),
    )
    .orderBy(desc(itineraryItems.rank))
    .limit(1);
  return generateKeyBetween(last?.rank ?? null, null);
}

const costColumns = (cost: CreateItineraryItem['cost']) => ({
  costCents: cost ? Math.round(cost.amount * 100) : null,
  costCurrency: cost ? cost.currency : null,
});

// ---- Changes -----------------------------------------------------------------------------------

/** The item's day as the history tells a move ("Dec 20, 2030"); none for the ideas. */
function movedTo(row: ItineraryItemRow): Activity {
  return {
    kind: 'plan.moved',
    subjectId: row.id,
    data: { label: row.title, ...(row.day ? { detail: formatDate(row.day) } : {}) },
  };
}

/**
 * `POST /api/trips/:tripId/itinerary`: a new item, at the end of its day (or of the ideas) unless
 * `rank` places it. The same `id` sent again answers the item it made (isRepeatedCreate).
 */
export async function createItineraryItem(
  context: ChangeContext,
  tripId: string,
  input: CreateItineraryItem,
): Promise<ItineraryItem> {
  if (input.rank !== undefined) checkRank(input.rank);
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    if (input.id && (await isRepeatedCreate(tx, itineraryItems, tripId, input.id, actorId))) {
      return loadItem(tx, input.id);
    }
    if (input.day !== null) await checkDay(tx, tripId, input.day);
    await checkGoers(tx, tripId, input.goers);
    // The trip stays locked from here: items added at once to the end of a day get keys in turn.
    await assertRoomFor(tx, itineraryItems, tripId, LIMIT);
    const [inserted] = await tx
      .insert(itineraryItems)
      .values({
        id: input.id,
        tripId,
        createdBy: actorId,
        kind: input.kind,
        title: input.title,
        day: input.day,
        rank: input.rank ?? (await endOf(tx, tripId, input.day)),
        startTime: input.startTime,
        endTime: input.endTime,
        place: input.place,
        link: input.link,
        notes: input.notes,
        ...costColumns(input.cost),
        goers: input.goers,
      })
      .onConflictDoNothing({ target: itineraryItems.id })
      .returning();
    if (!inserted) throw idTaken();
    await recordActivity(tx, tripId, actorId, {
      kind: 'plan.added',
      subjectId: inserted.id,
      data: { label: inserted.title },
    });
    return announceSaved(live, await loadItem(tx, inserted.id));
  });
}

async function lockItem(tx: Tx, tripId: string, id: string) {
  const [row] = await tx
    .select()
    .from(itineraryItems)
    .where(and(eq(itineraryItems.id, id), eq(itineraryItems.tripId, tripId)))
    .for('update');
  if (!row) throw new HttpError('not_found', M.notFound);
  return row;
}

/**
 * `PATCH /api/itinerary/:id`: the fields given change, the others stay. A move is `day` and
 * `rank`; a new `day` alone puts the item last there; `rank` alone moves it within its day. Only
 * the item's own row is written (and locked), so moves of different items never wait on each
 * other or undo each other.
 */
export async function updateItineraryItem(
  context: ChangeContext,
  tripId: string,
  id: string,
  input: UpdateItineraryItem,
): Promise<ItineraryItem> {
  if (input.rank !== undefined) checkRank(input.rank);
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    const before = await lockItem(tx, tripId, id);
    const day = input.day === undefined ? before.day : input.day;
    const dayChanged = day !== before.day;
    if (dayChanged && day !== null) await checkDay(tx, tripId, day);
    checkTimes(
      input.startTime === undefined ? before.startTime : input.startTime,
      input.endTime === undefined ? before.endTime : input.endTime,
    );
    await checkGoers(tx, tripId, input.goers);
    const { cost, rank, ...fields } = input;
    const row = await updateTripItem(
      tx,
      itineraryItems,
      tripId,
      id,
      {
        ...fields,
        ...(cost === undefined ? {} : costColumns(cost)),
        rank: rank ?? (dayChanged ? await endOf(tx, tripId, day, id) : undefined),
      },
      M.notFound,
      { actorId, describe: planChange },
    );
    return announceSaved(live, await loadItem(tx, row.id));
  });
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a change tells the history: a move (to another day, or within one) first, then any other
 * edit; nothing when nothing changed.
 */
export function planChange(row: ItineraryItemRow, before: ItineraryItemRow): Activity | null {
  if (row.day !== before.day || row.rank !== before.rank) return movedTo(row);
  const edited =
    row.kind !== before.kind ||
    row.title !== before.title ||
    row.startTime !== before.startTime ||
    row.endTime !== before.endTime ||
    row.link !== before.link ||
    row.notes !== before.notes ||
    row.costCents !== before.costCents ||
    row.costCurrency !== before.costCurrency ||
    !sameJson(row.place, before.place) ||
    !sameJson(row.goers, before.goers);
  return edited ? { kind: 'plan.edited', subjectId: row.id, data: { label: row.title } } : null;
}

/** `DELETE /api/itinerary/:id`: gone for everyone, its row kept in the history to restore. */
export async function deleteItineraryItem(context: ChangeContext, tripId: string, id: string) {
  await inTransaction(context, async ({ db: tx, live, actorId }) => {
    await deleteTripItem(tx, itineraryItems, tripId, id, M.notFound, {
      actorId,
      describe: (row) => ({
        kind: 'plan.deleted',
        subjectId: row.id,
        data: { label: row.title },
        snapshot: row,
      }),
    });
    live.tripChanged(tripId, itemRemoved('itinerary', id));
  });
}

/**
 * A deleted item comes back where it was (its day kept, even one the trip's dates have left),
 * going with those of its goers still on the trip (everyone, when none is).
 */
export const itineraryRestorer: Restorer = {
  table: itineraryItems,
  limit: LIMIT,
  async prepare(tx, tripId, row) {
    const members = new Set(await tripMemberIds(tx, tripId));
    const goers = Array.isArray(row.goers)
      ? row.goers.filter((id): id is string => typeof id === 'string' && members.has(id))
      : [];
    const creator = typeof row.createdBy === 'string' ? row.createdBy : null;
    // Whoever added it may have deleted their account since: the row says nobody then.
    const [exists] = creator
      ? await tx.select({ id: users.id }).from(users).where(eq(users.id, creator))
      : [];
    return { ...row, goers: goers.length > 0 ? goers : null, createdBy: exists ? creator : null };
  },
  async announce({ db: tx, live }, _tripId, id) {
    announceSaved(live, await loadItem(tx, id));
  },
};

/**
 * Someone left the trip: they no longer go to anything on it, and an item only they went to is
 * everyone's again (inside the caller's change).
 */
export async function letGoerGo({ db: tx, live }: Change, tripId: string, userId: string) {
  const changed = await tx
    .update(itineraryItems)
    .set({ goers: sql`nullif(array_remove(${itineraryItems.goers}, ${userId}::uuid), '{}')` })
    .where(
      and(eq(itineraryItems.tripId, tripId), sql`${userId}::uuid = any(${itineraryItems.goers})`),
    )
    .returning({ id: itineraryItems.id });
  for (const { id } of changed) announceSaved(live, await loadItem(tx, id));
}
