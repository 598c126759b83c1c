import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import {
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
import { changeContext } from '../realtime';
import { itemOf, tripAccessOf, tripMember } from '../trips/access';
import * as widgets from './service';

const tags = ['board'];
// A widget of a trip the caller is not on answers like a missing one. Ids are `<type><time>`.
const member = tripMember();
const widgetMember = tripMember(itemOf(widgetsTable, NO_SUCH_WIDGET, { uuid: false }));

/** The board of a trip (spec §3 Widget): any member may add, move, edit and remove widgets. */
export const widgetsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/trips/:tripId/widgets',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "The trip's widgets",
        params: tripParams,
        response: { 200: widgetList },
      },
    },
    async (request) => widgets.listWidgets(db, tripAccessOf(request).trip.id),
  );

  app.post(
    '/api/trips/:tripId/widgets',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Add a widget to the board',
        params: tripParams,
        body: createWidgetBody,
        response: { 201: widget },
      },
    },
    async (request, reply) => {
      const { trip } = tripAccessOf(request);
      const added = await widgets.createWidget(changeContext(request), trip.id, request.body);
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/api/widgets/:id',
    {
      config: { access: widgetMember },
      schema: {
        tags,
        summary: 'Move, rename or reconfigure a widget',
        params: widgetParams,
        body: updateWidgetBody,
        response: { 200: widget },
      },
    },
    async (request) =>
      widgets.updateWidget(
        changeContext(request),
        tripAccessOf(request).trip.id,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/widgets/:id',
    {
      config: { access: widgetMember },
      schema: {
        tags,
        summary: 'Remove a widget',
        params: widgetParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { trip } = tripAccessOf(request);
      await widgets.deleteWidget(changeContext(request), trip.id, request.params.id);
      return { success: true as const };
    },
  );
};
