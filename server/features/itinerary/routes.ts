import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createItineraryItemBody,
  ITINERARY_MESSAGES,
  itineraryItem,
  itineraryList,
  itineraryParams,
  updateItineraryItemBody,
} from '../../../shared/contracts/itinerary';
import type { Db } from '../../platform/db/client';
import { registerTripItemRoutes } from '../trips/itemRoutes';
import * as itinerary from './service';
import { itineraryItems } from './tables';

/** Issue #39, the plan: any member of the trip adds, edits, moves and removes its items. */
export const itineraryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerTripItemRoutes(app, db, {
    name: 'itinerary',
    tag: 'itinerary',
    table: itineraryItems,
    notFound: ITINERARY_MESSAGES.notFound,
    schemas: {
      item: itineraryItem,
      list: itineraryList,
      create: createItineraryItemBody,
      update: updateItineraryItemBody,
      params: itineraryParams,
    },
    docs: {
      list: { summary: "The trip's plan: its items by day, then in each day's order (ideas last)" },
      create: {
        summary: 'Add an item to the plan',
        description:
          'Answers 201 with the item. `day`: one of the trip’s days (among its first 60), or ' +
          'null for an idea; placed last there unless `rank` (a fractional-indexing key between ' +
          'its neighbours) says where. `goers`: members, or null for everyone.',
      },
      update: {
        summary: 'Edit or move a plan item',
        description:
          'Absent fields stay, null clears. A move is `day` with `rank`; a new `day` alone puts ' +
          'the item last there; `rank` alone moves it within its day.',
      },
      remove: { summary: 'Remove an item from the plan' },
    },
    service: {
      list: itinerary.listItinerary,
      create: itinerary.createItineraryItem,
      update: itinerary.updateItineraryItem,
      remove: itinerary.deleteItineraryItem,
    },
  });
};
