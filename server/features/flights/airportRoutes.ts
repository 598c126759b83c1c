import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { airportList, airportQuery } from '../../../shared/contracts/airports';
import { searchAirports } from './airports';

// A lookup as the person types, like the weather's: 60 a minute per address leaves room for a
// flight's two airports and stops a client from walking the whole list.
const perMinute = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** `GET /api/airports?q=` (issue #37): the flight form's airport picker. */
export const airportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/airports',
    {
      config: { access: 'user', ...perMinute },
      schema: {
        tags: ['flights'],
        summary: 'Airports matching a code, city or name, with their time zones',
        description:
          'Up to 10, best first: the IATA code itself, codes starting with the text, airports ' +
          'with a word of their name starting with it, then countries. From airport-data-js ' +
          '(CC BY 4.0).',
        querystring: airportQuery,
        response: { 200: airportList },
      },
    },
    async (request) => searchAirports(request.query.q),
  );
};
