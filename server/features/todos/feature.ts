import { labelledBy, type ServerFeature } from '../feature';
import { dueRemindersJob } from './dueReminders';
import { todosRoutes } from './routes';
import { createSampleTodos, todoRestorer, unassignTodosOf } from './service';
import { todos } from './tables';

export const todosFeature: ServerFeature = {
  name: 'todos',
  register: (app, { db }) => app.register(todosRoutes, { db }),
  jobs: ({ db }) => [dueRemindersJob(db)],
  restorers: { 'todo.deleted': { restorer: todoRestorer, restored: 'todo.restored' } },
  commentSubjects: { todo: labelledBy(todos, todos.text) },
  memberLeaving: unassignTodosOf,
  firstTrip: createSampleTodos,
};
