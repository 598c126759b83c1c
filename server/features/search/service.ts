import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { itemSaved } from '../../../shared/contracts/live';
import {
  type FlightOffer,
  type FlightQuery,
  type FlightSearch,
  SEARCH_MESSAGES,
  type SearchKind,
  type StayQuery,
  type StaySearch,
  type TripSearch,
  type TripSearches,
} from '../../../shared/contracts/search';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { tripMembers, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { TtlCache } from '../../platform/ttlCache';
import { UpstreamError } from '../../platform/upstream';
import { type ChangeContext, inTransaction } from '../live';
import { memberName } from '../trips/access';
import { duffelOffers } from './duffel';
import { flightLinks, stayLinks } from './partners';
import { tripSearches } from './tables';

// Prices move; a few minutes is long enough for a group looking at the same search together.
const PRICES_CACHE_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A first day before yesterday (UTC) is in the past everywhere on Earth: refused. Yesterday may
 * still be today somewhere, so it passes.
 */
function checkNotPast(firstDay: string, now = Date.now()) {
  const yesterday = new Date(now - DAY_MS).toISOString().slice(0, 10);
  if (firstDay < yesterday) throw new HttpError('invalid_input', SEARCH_MESSAGES.past);
}

type Row = typeof tripSearches.$inferSelect & {
  username: string | null;
  firstName: string | null;
  lastName: string | null;
};

function toSearch(row: Row): TripSearch {
  const ranBy =
    row.ranBy && row.username !== null
      ? { id: row.ranBy, name: memberName({ ...row, username: row.username }) }
      : null;
  // The answer was written from the same contract's shapes (saveSearch below).
  return {
    kind: row.kind,
    tripId: row.tripId,
    ranBy,
    ranAt: row.ranAt.toISOString(),
    query: row.query,
    ...(row.kind === 'flights' ? { fromHomes: [] } : {}),
    ...row.answer,
  } as TripSearch;
}

async function readSearches(db: Db, tripId: string, kind?: SearchKind) {
  const rows = await db
    .select({
      tripId: tripSearches.tripId,
      kind: tripSearches.kind,
      query: tripSearches.query,
      answer: tripSearches.answer,
      ranBy: tripSearches.ranBy,
      ranAt: tripSearches.ranAt,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(tripSearches)
    .leftJoin(users, eq(users.id, tripSearches.ranBy))
    .where(
      kind
        ? and(eq(tripSearches.tripId, tripId), eq(tripSearches.kind, kind))
        : eq(tripSearches.tripId, tripId),
    );
  return rows.map(toSearch);
}

/** The query from each member's home airport, where it differs from the query's airports. */
async function fromHomes(
  db: Db,
  tripId: string,
  query: FlightQuery,
  affiliates: Config['search']['affiliates'],
) {
  const members = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      homeAirport: users.homeAirport,
    })
    .from(tripMembers)
    .innerJoin(users, eq(users.id, tripMembers.userId))
    .where(and(eq(tripMembers.tripId, tripId), isNotNull(users.homeAirport)))
    .orderBy(asc(tripMembers.joinedAt));
  return members
    .filter(({ homeAirport }) => homeAirport !== query.origin && homeAirport !== query.destination)
    .map((member) => ({
      member: { id: member.id, name: memberName(member) },
      origin: member.homeAirport!,
      links: flightLinks({ ...query, origin: member.homeAirport! }, affiliates),
    }));
}

/** The trip's latest flight and stay searches. */
export async function listSearches(db: Db, tripId: string): Promise<TripSearches> {
  const found = await readSearches(db, tripId);
  return {
    flights: (found.find((search) => search.kind === 'flights') as FlightSearch) ?? null,
    stays: (found.find((search) => search.kind === 'stays') as StaySearch) ?? null,
  };
}

/** Keeps the search as the trip's latest of its kind and shows it to everyone on the trip. */
async function saveSearch<T extends TripSearch>(
  context: ChangeContext,
  tripId: string,
  userId: string,
  kind: SearchKind,
  query: Record<string, unknown>,
  answer: Record<string, unknown>,
): Promise<T> {
  const values = { tripId, kind, query, answer, ranBy: userId, ranAt: new Date() };
  return inTransaction(context, async ({ db: tx, live }) => {
    await tx
      .insert(tripSearches)
      .values(values)
      .onConflictDoUpdate({
        target: [tripSearches.tripId, tripSearches.kind],
        set: { query, answer, ranBy: userId, ranAt: values.ranAt },
      });
    const [search] = await readSearches(tx, tripId, kind);
    live.tripChanged(tripId, itemSaved('searches', search!));
    return search as T;
  });
}

/**
 * Searches for flights and stays (issue #21). Link providers always answer; with a Duffel token
 * flights are priced too. One service (and one price cache) per app.
 */
export function createSearchService(settings: Config['search']) {
  const prices = new TtlCache<FlightOffer[]>(PRICES_CACHE_MS, 500);

  async function priceFlights(query: FlightQuery, bookUrl: string, log: FastifyBaseLogger) {
    const duffel = settings.duffel;
    if (!duffel) return null;
    try {
      return await prices.get(JSON.stringify(query), () => duffelOffers(duffel, query, bookUrl));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // The error names the service and the failure, never the token.
      log.warn(
        {
          service: error.service,
          failure: error.failure,
          status: error.status,
          ...(error.status === 401 ? { hint: 'Duffel refused DUFFEL_ACCESS_TOKEN' } : {}),
        },
        `Flight prices unavailable: ${error.message}`,
      );
      throw new HttpError('upstream_unavailable', SEARCH_MESSAGES.providerDown);
    }
  }

  return {
    priced: settings.duffel !== undefined,

    async searchFlights(
      context: ChangeContext,
      tripId: string,
      userId: string,
      query: FlightQuery,
      log: FastifyBaseLogger,
    ): Promise<FlightSearch> {
      checkNotPast(query.departDate);
      const links = flightLinks(query, settings.affiliates);
      const offers = await priceFlights(query, links[0]!.url, log);
      return saveSearch<FlightSearch>(context, tripId, userId, 'flights', query, {
        links,
        source: offers ? 'priced' : 'links',
        offers: offers ?? [],
        fromHomes: await fromHomes(context.db, tripId, query, settings.affiliates),
      });
    },

    async searchStays(
      context: ChangeContext,
      tripId: string,
      userId: string,
      query: StayQuery,
    ): Promise<StaySearch> {
      checkNotPast(query.checkIn);
      const links = stayLinks(query, settings.affiliates);
      return saveSearch<StaySearch>(context, tripId, userId, 'stays', query, { links });
    },
  };
}
