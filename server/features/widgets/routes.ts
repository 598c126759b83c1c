import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorResponse } from '../../../shared/contracts/common';
import { tripParams } from '../../../shared/contracts/trips';
import {
  createWidgetBody,
  updateWidgetBody,
  widget,
  widgetList,
} from '../../../shared/contracts/widgets';
import { currentAuth, requireUser } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { liveOrigin } from '../realtime/plugin';
import { requireTripMember } from '../trips/access';
import * as widgets from './service';

const signedIn = { preHandler: requireUser };
const tags = ['board'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const widgetParams = z.object({ id: z.string().max(100) });

/** The board of a trip (spec §3 Widget): any member may add, move, edit and remove widgets. */
export const widgetsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/trips/:tripId/widgets',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The trip's widgets",
        params: tripParams,
        response: { 200: widgetList, ...errors },
      },
    },
    async (request) => {
      const { trip } = await requireTripMember(
        db,
        request.params.tripId,
        currentAuth(request).user.id,
      );
      return widgets.listWidgets(db, trip.id);
    },
  );

  app.post(
    '/api/trips/:tripId/widgets',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Add a widget to the board',
        params: tripParams,
        body: createWidgetBody,
        response: { 201: widget, ...errors },
      },
    },
    async (request, reply) => {
      const { trip } = await requireTripMember(
        db,
        request.params.tripId,
        currentAuth(request).user.id,
      );
      const added = await widgets.createWidget(db, trip.id, request.body);
      app.live.tripChanged(trip.id, { type: 'widget:saved', widget: added }, liveOrigin(request));
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/api/widgets/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Move, rename or reconfigure a widget',
        params: widgetParams,
        body: updateWidgetBody,
        response: { 200: widget, ...errors },
      },
    },
    async (request) => {
      const row = await widgets.requireWidget(db, request.params.id, currentAuth(request).user.id);
      const saved = await widgets.updateWidget(db, row, request.body);
      app.live.tripChanged(
        row.tripId,
        { type: 'widget:saved', widget: saved },
        liveOrigin(request),
      );
      return saved;
    },
  );

  app.delete(
    '/api/widgets/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Remove a widget',
        params: widgetParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const row = await widgets.requireWidget(db, request.params.id, currentAuth(request).user.id);
      await widgets.deleteWidget(db, row);
      app.live.tripChanged(
        row.tripId,
        { type: 'widget:removed', widgetId: row.id },
        liveOrigin(request),
      );
      return { success: true as const };
    },
  );
};
