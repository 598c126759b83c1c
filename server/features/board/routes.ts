import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  arrangeWidgetsBody,
  createWidgetBody,
  NO_SUCH_WIDGET,
  updateWidgetBody,
  widget,
  widgetList,
  widgetParams,
} from '../../../shared/contracts/board';
import { tripParams } from '../../../shared/contracts/trips';
import type { Db } from '../../platform/db/client';
import { widgets as widgetsTable } from '../../platform/db/schema';
import { changeContext } from '../live';
import { actorOf, tripMember } from '../trips/access';
import { registerTripItemRoutes } from '../trips/itemRoutes';
import * as widgets from './service';

/** The board of a trip (spec §3 Widget): any member may add, move, edit and remove widgets. */
export const widgetsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerTripItemRoutes(app, db, {
    name: 'widgets',
    tag: 'board',
    table: widgetsTable,
    notFound: NO_SUCH_WIDGET,
    uuid: false, // ids are `<type><time>`
    schemas: {
      item: widget,
      list: widgetList,
      create: createWidgetBody,
      update: updateWidgetBody,
      params: widgetParams,
    },
    docs: {
      list: { summary: "The trip's widgets" },
      create: { summary: 'Add a widget to the board' },
      update: { summary: 'Move, rename or reconfigure a widget' },
      remove: { summary: 'Remove a widget' },
    },
    service: {
      list: widgets.listWidgets,
      create: widgets.createWidget,
      update: widgets.updateWidget,
      remove: widgets.deleteWidget,
    },
  });

  app.put(
    '/api/trips/:tripId/widgets/arrangement',
    {
      config: { access: tripMember() },
      schema: {
        tags: ['board'],
        summary: 'Move several widgets at once (Tidy up, and its Undo)',
        description: 'All or none: a widget not on this trip answers 404 and moves nothing.',
        params: tripParams,
        body: arrangeWidgetsBody,
        response: { 200: widgetList },
      },
    },
    async (request) => {
      const { tripId } = actorOf(request);
      return widgets.arrangeWidgets(changeContext(request), tripId, request.body);
    },
  );
};
