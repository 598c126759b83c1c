import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTodoBody,
  TODO_MESSAGES,
  todo,
  todoList,
  todoParams,
  updateTodoBody,
} from '../../../shared/contracts/todos';
import type { Db } from '../../platform/db/client';
import { registerTripItemRoutes } from '../trips/itemRoutes';
import * as todos from './service';
import { todos as todosTable } from './tables';

/** spec §7 to-do calls: any member of the trip may add, change and delete its to-dos. */
export const todosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerTripItemRoutes(app, db, {
    name: 'todos',
    tag: 'todos',
    table: todosTable,
    notFound: TODO_MESSAGES.notFound,
    schemas: {
      item: todo,
      list: todoList,
      create: createTodoBody,
      update: updateTodoBody,
      params: todoParams,
    },
    docs: {
      list: { summary: "The trip's to-do list, oldest first" },
      create: {
        summary: 'Add a to-do to the trip',
        description:
          'Answers 201 with the to-do. Due in 7 days unless `dueDate` is given (null: no due ' +
          'date); the priority follows the due date unless given; `assignedTo` must be a member.',
      },
      update: {
        summary: 'Change a to-do (any of isCompleted, text, dueDate, priority, assignedTo)',
      },
      remove: { summary: 'Delete a to-do' },
    },
    service: {
      list: todos.listTodos,
      create: (context, tripId, body) => todos.createTodo(context, tripId, body),
      update: todos.updateTodo,
      remove: todos.deleteTodo,
    },
  });
};
