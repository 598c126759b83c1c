import { z } from 'zod';
import { isDay, isTimeOfDay } from '../calendar';
import { quoted, type SharedFeature } from '../featureContract';
import { canonicalId } from '../ids';
import { newItemId, uuidParam } from './params';
import { text } from './text';

/**
 * Issue #39: the plan, day by day. Each trip day (its dates, in the trip's time zone) holds items
 * in order; an item with no day is an idea, kept in the "Ideas" list until it is planned. Every
 * member adds, edits, moves and removes items (the item policy), live for everyone.
 *
 * Order: an item's `rank` is a fractional index (the `fractional-indexing` package, as tldraw and
 * Figma order things): a move writes one key between its new neighbours' and touches no other
 * row, so two members moving different items at once both keep their moves. Two moves that pick
 * the same key are ordered by id, the same way on every screen.
 */

export const ITINERARY_KINDS = ['activity', 'meal', 'transport', 'stay', 'note'] as const;
export type ItineraryKind = (typeof ITINERARY_KINDS)[number];

export const ITINERARY_TITLE_MAX = 200;
export const ITINERARY_NOTES_MAX = 4000;
export const ITINERARY_LINK_MAX = 2000;
export const PLACE_NAME_MAX = 200;
export const PLACE_ADDRESS_MAX = 500;
// A trip's plan is at most this long and this full; past it, a clear message.
export const MAX_ITINERARY_ITEMS_PER_TRIP = 1000;
export const MAX_PLAN_DAYS = 60;
// A rank is short in practice (a few characters); the bound keeps a hostile one from growing.
export const RANK_MAX = 100;
// An estimated cost, in the currency's units (not cents): up to a million, two decimals.
export const COST_MAX = 1_000_000;

export const ITINERARY_MESSAGES = {
  tooMany: `A trip's plan holds at most ${MAX_ITINERARY_ITEMS_PER_TRIP} items. Remove some to add more.`,
  kind: `The kind must be one of ${ITINERARY_KINDS.join(', ')}`,
  missingTitle: 'Please give the item a title',
  titleTooLong: `A title is at most ${ITINERARY_TITLE_MAX} characters`,
  day: 'The day must be a date like 2026-12-28, or null for an idea',
  dayOutsideTrip: 'That day is not one of the trip’s days',
  dayBeyondPlan: `A plan covers a trip's first ${MAX_PLAN_DAYS} days`,
  time: 'A time is hours and minutes, like 09:30',
  endBeforeStart: 'The end time is before the start time',
  endWithoutStart: 'Give a start time before an end time',
  notes: `Notes are at most ${ITINERARY_NOTES_MAX} characters`,
  link: 'The link must be a web address starting with http:// or https://',
  linkTooLong: `A link is at most ${ITINERARY_LINK_MAX} characters`,
  placeName: `A place's name is 1 to ${PLACE_NAME_MAX} characters`,
  placeAddress: `A place's address is at most ${PLACE_ADDRESS_MAX} characters`,
  coordinates: 'Coordinates are a latitude from -90 to 90 and a longitude from -180 to 180',
  cost: `An estimated cost is a number from 0 to ${COST_MAX.toLocaleString('en-US')}`,
  currency: 'The currency must be a three-letter code, like EUR',
  goers: 'Who goes must be a list of the trip’s members, or null for everyone',
  goerNotMember: 'Everyone who goes must be a member of this trip',
  rank: 'The position in the day is not valid: read the plan again and retry',
  emptyUpdate: 'Send at least one thing to change',
  notFound: 'No such item in the plan',
} as const;

const M = ITINERARY_MESSAGES;

const title = text({ error: M.missingTitle })
  .trim()
  .min(1, M.missingTitle)
  .max(ITINERARY_TITLE_MAX, M.titleTooLong);

/** A trip day (`2026-12-28`), or null: an idea, not yet planned. */
const day = z
  .string({ error: M.day })
  .refine((value) => isDay(value), M.day)
  .nullable();

/** A local time of day in the trip's time zone, `HH:MM`; null: no time. */
const timeOfDay = z
  .string({ error: M.time })
  .refine((value) => isTimeOfDay(value), M.time)
  .nullable();

const link = text({ error: M.link })
  .trim()
  .max(ITINERARY_LINK_MAX, M.linkTooLong)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, M.link)
  // An emptied field clears the link.
  .transform((value) => value || null)
  .nullable();

const notes = text({ error: M.notes }).max(ITINERARY_NOTES_MAX, M.notes).nullable();

/**
 * Where an item happens: a name always; an address, coordinates and the geocoder's id when it
 * came from a search or a pasted map link (issue #39 item 3). Typed by hand, offline, it is a
 * name alone, and still an item.
 */
export const place = z.object({
  name: text({ error: M.placeName }).trim().min(1, M.placeName).max(PLACE_NAME_MAX, M.placeName),
  address: text({ error: M.placeAddress }).trim().max(PLACE_ADDRESS_MAX, M.placeAddress).nullish(),
  lat: z.number({ error: M.coordinates }).min(-90, M.coordinates).max(90, M.coordinates).nullish(),
  lon: z
    .number({ error: M.coordinates })
    .min(-180, M.coordinates)
    .max(180, M.coordinates)
    .nullish(),
  /** The geocoder's own id (`osm:N123`), to find it again. */
  providerId: text({ error: M.placeName }).max(100, M.placeName).nullish(),
});
export type Place = z.infer<typeof place>;

/** An estimated cost: an amount in a currency (ISO 4217), both or neither. */
export const cost = z.object({
  amount: z
    .number({ error: M.cost })
    .min(0, M.cost)
    .max(COST_MAX, M.cost)
    .transform((value) => Math.round(value * 100) / 100),
  currency: z
    .string({ error: M.currency })
    .regex(/^[A-Za-z]{3}$/, M.currency)
    .transform((value) => value.toUpperCase()),
});
export type Cost = z.output<typeof cost>;

/** Who goes: null for everyone on the trip, else these members (at least one). */
const goers = z
  .array(text({ error: M.goers }).max(100, M.goers).overwrite(canonicalId), { error: M.goers })
  .min(1, M.goers)
  .max(100, M.goers)
  .transform((ids) => [...new Set(ids)])
  .nullable();

/** A fractional-index key between the item's neighbours (see above). */
const rank = z
  .string({ error: M.rank })
  .min(1, M.rank)
  .max(RANK_MAX, M.rank)
  .regex(/^[0-9A-Za-z]+$/, M.rank);

const itemFields = {
  kind: z.enum(ITINERARY_KINDS, { error: M.kind }),
  title,
  day,
  startTime: timeOfDay,
  endTime: timeOfDay,
  place: place.nullable(),
  link,
  notes,
  cost: cost.nullable(),
  goers,
};

/** An end needs a start, and comes after it (an item past midnight ends the next day: a note). */
function timesInOrder(
  body: { startTime?: string | null; endTime?: string | null },
  context: z.RefinementCtx,
) {
  const { startTime, endTime } = body;
  if (endTime && !startTime && startTime !== undefined) {
    context.addIssue({ code: 'custom', path: ['endTime'], message: M.endWithoutStart });
  }
  if (startTime && endTime && endTime < startTime) {
    context.addIssue({ code: 'custom', path: ['endTime'], message: M.endBeforeStart });
  }
}

/**
 * `POST /api/trips/{tripId}/itinerary`: a new item, at the end of its day (or of the ideas)
 * unless `rank` places it. Only `title` is required; `kind` defaults to an activity, `day` to an
 * idea. `id`: the client's choice.
 */
export const createItineraryItemBody = z
  .object({
    id: newItemId.optional(),
    kind: itemFields.kind.default('activity'),
    title,
    day: day.default(null),
    startTime: timeOfDay.default(null),
    endTime: timeOfDay.default(null),
    place: itemFields.place.default(null),
    link: link.default(null),
    notes: notes.default(null),
    cost: itemFields.cost.default(null),
    goers: goers.default(null),
    rank: rank.optional(),
  })
  .superRefine(timesInOrder);
export type CreateItineraryItemBody = z.input<typeof createItineraryItemBody>;
export type CreateItineraryItem = z.output<typeof createItineraryItemBody>;

/**
 * `PATCH /api/itinerary/{id}`: any of the fields; absent ones stay, null clears. A move is
 * `day` with `rank` (the new key between its neighbours there); `day` alone puts it last.
 */
export const updateItineraryItemBody = z
  .object({
    kind: itemFields.kind.optional(),
    title: title.optional(),
    day: day.optional(),
    startTime: timeOfDay.optional(),
    endTime: timeOfDay.optional(),
    place: itemFields.place.optional(),
    link: link.optional(),
    notes: notes.optional(),
    cost: itemFields.cost.optional(),
    goers: goers.optional(),
    rank: rank.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), M.emptyUpdate)
  .superRefine(timesInOrder);
export type UpdateItineraryItemBody = z.input<typeof updateItineraryItemBody>;
export type UpdateItineraryItem = z.output<typeof updateItineraryItemBody>;

/** One item of the plan, as every member sees it. */
export const itineraryItem = z.object({
  id: z.string(),
  tripId: z.string(),
  kind: z.enum(ITINERARY_KINDS),
  title: z.string(),
  /** The trip day, or null for an idea. */
  day: z.string().nullable(),
  rank: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  place: place.nullable(),
  link: z.string().nullable(),
  notes: z.string().nullable(),
  cost: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  /** null: everyone on the trip; else the members who go, by id and current name. */
  goers: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ItineraryItem = z.infer<typeof itineraryItem>;
/** `GET /api/trips/{tripId}/itinerary`: every item, by day then rank (ideas last). */
export const itineraryList = z.array(itineraryItem);

export const itineraryParams = z.object({ id: uuidParam(M.notFound) });

/** The plan's order within one day: rank, then id (two equal keys from concurrent moves). */
export function byPlanOrder(a: { rank: string; id: string }, b: { rank: string; id: string }) {
  if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** What the itinerary adds to the shared lists (shared/contracts/features.ts). */
export const itineraryShared = {
  lists: { itinerary: itineraryItem },
  widgets: { itinerary: { width: 420, height: 520 } },
  commentSubjects: ['plan'],
  activity: {
    'plan.added': {
      deed: ({ label }) => `planned ${quoted(label)}`,
      counted: ['planned', 'items'],
    },
    'plan.edited': {
      deed: ({ label }) => `edited ${quoted(label)} in the plan`,
      counted: ['edited', 'items in the plan'],
    },
    'plan.moved': {
      deed: ({ label, detail }) =>
        detail ? `moved ${quoted(label)} to ${detail}` : `moved ${quoted(label)} to the ideas`,
      counted: ['moved', 'items in the plan'],
    },
    'plan.deleted': { deed: ({ label }) => `removed ${quoted(label)} from the plan` },
    'plan.restored': { deed: ({ label }) => `put ${quoted(label)} back in the plan` },
  },
} as const satisfies SharedFeature;
