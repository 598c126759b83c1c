import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import {
  createTodoBody,
  TODO_MESSAGES,
  todo,
  todoList,
  todoParams,
  tripTodosParams,
  updateTodoBody,
} from '../../../shared/contracts/todos';
import type { Db } from '../../platform/db/client';
import { todos as todosTable } from '../../platform/db/schema';
import { changeContext } from '../realtime';
import { itemOf, tripAccessOf, tripMember } from '../trips/access';
import * as todos from './service';

// A to-do of a trip the caller is not on answers like a missing one.
const member = tripMember();
const todoMember = tripMember(itemOf(todosTable, TODO_MESSAGES.notFound));

/** spec §7 to-do calls. Every route checks that the caller is a member of the to-do's trip. */
export const todosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/trips/:tripId/todos',
    {
      config: { access: member },
      schema: {
        tags: ['todos'],
        summary: "The trip's to-do list, oldest first",
        params: tripTodosParams,
        response: { 200: todoList },
      },
    },
    async (request) => todos.listTodos(db, tripAccessOf(request).trip.id),
  );

  app.post(
    '/api/trips/:tripId/todos',
    {
      config: { access: member },
      schema: {
        tags: ['todos'],
        summary: 'Add a to-do to the trip',
        description:
          'Answers 201 with the to-do. Due in 7 days unless `dueDate` is given (null: no due ' +
          'date); the priority follows the due date unless given; `assignedTo` must be a member.',
        params: tripTodosParams,
        body: createTodoBody,
        response: { 201: todo },
      },
    },
    async (request, reply) => {
      const { trip } = tripAccessOf(request);
      return reply
        .code(201)
        .send(await todos.createTodo(changeContext(request), trip.id, request.body));
    },
  );

  app.patch(
    '/api/todos/:id',
    {
      config: { access: todoMember },
      schema: {
        tags: ['todos'],
        summary: 'Change a to-do (any of isCompleted, text, dueDate, priority, assignedTo)',
        params: todoParams,
        body: updateTodoBody,
        response: { 200: todo },
      },
    },
    async (request) =>
      todos.updateTodo(
        changeContext(request),
        tripAccessOf(request).trip.id,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/todos/:id',
    {
      config: { access: todoMember },
      schema: {
        tags: ['todos'],
        summary: 'Delete a to-do',
        params: todoParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await todos.deleteTodo(
        changeContext(request),
        tripAccessOf(request).trip.id,
        request.params.id,
      );
      return { success: true as const };
    },
  );
};
