import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorResponse } from '../../../shared/contracts/common';
import {
  createTodoBody,
  todo,
  todoList,
  todoParams,
  tripTodosParams,
  updateTodoBody,
} from '../../../shared/contracts/todos';
import { currentAuth, requireUser } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { liveOrigin } from '../realtime/plugin';
import { requireTripMember } from '../trips/access';
import * as todos from './service';

const signedIn = { preHandler: requireUser };
const memberErrors = { 401: errorResponse, 404: errorResponse };

/** spec §7 to-do calls. Every route checks that the caller is a member of the to-do's trip. */
export const todosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/trips/:tripId/todos',
    {
      ...signedIn,
      schema: {
        tags: ['todos'],
        summary: "The trip's to-do list, oldest first",
        params: tripTodosParams,
        response: { 200: todoList, ...memberErrors },
      },
    },
    async (request) => {
      const { trip } = await requireTripMember(
        db,
        request.params.tripId,
        currentAuth(request).user.id,
      );
      return todos.listTodos(db, trip.id);
    },
  );

  app.post(
    '/api/trips/:tripId/todos',
    {
      ...signedIn,
      schema: {
        tags: ['todos'],
        summary: 'Add a to-do to the trip',
        description:
          'Answers 201 with the to-do. Due in 7 days unless `dueDate` is given (null: no due ' +
          'date); the priority follows the due date unless given; `assignedTo` must be a member.',
        params: tripTodosParams,
        body: createTodoBody,
        response: { 201: todo, 400: errorResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const { trip } = await requireTripMember(
        db,
        request.params.tripId,
        currentAuth(request).user.id,
      );
      const added = await todos.createTodo(db, trip.id, request.body);
      app.live.tripChanged(trip.id, { type: 'todo:saved', todo: added }, liveOrigin(request));
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/api/todos/:id',
    {
      ...signedIn,
      schema: {
        tags: ['todos'],
        summary: 'Change a to-do (any of isCompleted, text, dueDate, priority, assignedTo)',
        params: todoParams,
        body: updateTodoBody,
        response: { 200: todo, 400: errorResponse, ...memberErrors },
      },
    },
    async (request) => {
      const current = await todos.requireTodoForMember(
        db,
        request.params.id,
        currentAuth(request).user.id,
      );
      const saved = await todos.updateTodo(db, current, request.body);
      app.live.tripChanged(
        current.tripId,
        { type: 'todo:saved', todo: saved },
        liveOrigin(request),
      );
      return saved;
    },
  );

  app.delete(
    '/api/todos/:id',
    {
      ...signedIn,
      schema: {
        tags: ['todos'],
        summary: 'Delete a to-do',
        params: todoParams,
        response: { 200: okResponse, ...memberErrors },
      },
    },
    async (request) => {
      const current = await todos.requireTodoForMember(
        db,
        request.params.id,
        currentAuth(request).user.id,
      );
      await todos.deleteTodo(db, current.id);
      app.live.tripChanged(
        current.tripId,
        { type: 'todo:removed', todoId: current.id },
        liveOrigin(request),
      );
      return { success: true as const };
    },
  );
};
