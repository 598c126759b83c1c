import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flightQuery,
  flightSearch,
  stayQuery,
  staySearch,
  tripSearches,
} from '../../../shared/contracts/search';
import { tripParams } from '../../../shared/contracts/trips';
import { currentAuth } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { perUser } from '../../platform/rateLimit';
import { changeContext } from '../live';
import { tripAccessOf, tripMember } from '../trips/access';
import { createSearchService, listSearches } from './service';

const tags = ['search'];

// Each flight search may call the priced provider: a member's bursts are bounded.
const searchesPerMinute = perUser(30, 60_000);

/** Issue #21: the trip's shared flight and stay searches. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  const search = createSearchService(config.search);
  const member = tripMember();

  app.get(
    '/api/trips/:tripId/searches',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "The trip's latest flight search and stay search (null before the first)",
        params: tripParams,
        response: { 200: tripSearches },
      },
    },
    async (request) => listSearches(db, tripAccessOf(request).trip.id),
  );

  app.post(
    '/api/trips/:tripId/searches/flights',
    {
      config: { access: member, ...searchesPerMinute },
      schema: {
        tags,
        summary: 'Search flights for the trip; everyone on it sees the search',
        description:
          'Always answers with the partners’ searches for the query (`links`). With ' +
          '`DUFFEL_ACCESS_TOKEN` set, also with priced offers (`source: priced`, the cheapest ' +
          'ten); Duffel down or slow answers 502 `upstream_unavailable`.',
        params: tripParams,
        body: flightQuery,
        response: { 200: flightSearch },
      },
    },
    async (request) =>
      search.searchFlights(
        changeContext(request),
        tripAccessOf(request).trip.id,
        currentAuth(request).user.id,
        request.body,
        request.log,
      ),
  );

  app.post(
    '/api/trips/:tripId/searches/stays',
    {
      config: { access: member, ...searchesPerMinute },
      schema: {
        tags,
        summary: 'Search places to stay for the trip; everyone on it sees the search',
        description: 'Answers with the partners’ searches for the query, prefilled.',
        params: tripParams,
        body: stayQuery,
        response: { 200: staySearch },
      },
    },
    async (request) =>
      search.searchStays(
        changeContext(request),
        tripAccessOf(request).trip.id,
        currentAuth(request).user.id,
        request.body,
      ),
  );
};
