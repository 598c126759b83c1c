import { z } from 'zod';
import { quoted, quotedOr, type SharedFeature } from '../featureContract';
import { canonicalId } from '../ids';
import { TODO_PRIORITIES } from '../todoPriority';
import { newItemId, uuidParam } from './params';
import { text } from './text';

// Issue #5: a task's text is at most 500 characters (after trimming).
export const TODO_TEXT_MAX = 500;
// Issue #16: every kind of item has a ceiling per trip, so no list grows without bound.
export const MAX_TODOS_PER_TRIP = 500;

export const TODO_MESSAGES = {
  tooMany: `A trip holds at most ${MAX_TODOS_PER_TRIP} tasks. Remove some to add more.`,
  // spec §5 Add task: text non-blank after trimming.
  missingText: 'Please enter a task',
  textNotText: 'The task must be text',
  textTooLong: `A task is at most ${TODO_TEXT_MAX} characters`,
  // PostgreSQL text cannot hold NUL; refused here rather than failing in the database.
  dueDate: 'The due date must be an ISO date-time with a time zone, e.g. 2026-12-20T09:00:00Z',
  dueDateRange: 'The due date must be between the years 1970 and 9999',
  priority: 'Priority must be high, medium or low',
  isCompleted: 'isCompleted must be true or false',
  assignee: 'The assignee must be a user id',
  assigneeNotMember: 'The assignee must be a member of this trip',
  emptyUpdate: 'Send at least one of isCompleted, text, dueDate, priority, assignedTo',
  notFound: 'No such task',
} as const;

const todoText = text({
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? TODO_MESSAGES.missingText
      : TODO_MESSAGES.textNotText,
})
  .trim()
  .min(1, TODO_MESSAGES.missingText)
  .max(TODO_TEXT_MAX, TODO_MESSAGES.textTooLong);

// Outside these years the instant either is nonsense for a trip or cannot be stored (PostgreSQL
// has no year 0, and a UTC year past 9999 has no four-digit ISO form).
const DUE_MIN = Date.UTC(1970, 0, 1);
const DUE_MAX = Date.UTC(10000, 0, 1);

/**
 * spec §3: an ISO date-time. The offset is required (`Z` or `+08:00`) so the instant is never
 * guessed from the server's time zone; answers give it back in UTC. null: no due date.
 */
const dueDate = z.iso
  .datetime({ offset: true, error: TODO_MESSAGES.dueDate })
  .refine((value) => {
    const time = Date.parse(value);
    return time >= DUE_MIN && time < DUE_MAX;
  }, TODO_MESSAGES.dueDateRange)
  .nullable();

const priority = z.enum(TODO_PRIORITIES, { error: TODO_MESSAGES.priority });

const isCompleted = z.boolean({ error: TODO_MESSAGES.isCompleted });

/**
 * A member's user id, or null for nobody. An empty string (a select's "Unassigned" option) is
 * nobody too. Whether the id is a member of the trip is the server's check.
 */
const assignedTo = text({ error: TODO_MESSAGES.assignee })
  .max(100, TODO_MESSAGES.assignee)
  .overwrite(canonicalId)
  .nullable()
  .transform((value) => value || null);

/**
 * `POST /api/trips/{tripId}/todos` (spec §7). Only `text` is required: the due date defaults to
 * 7 days from now (spec §5), the priority to the automatic one for the due date (spec §5),
 * `isCompleted` to false. `id`, if given, is the client's choice (`newItemId`); fields not listed
 * here (a `tripId`) are ignored.
 */
export const createTodoBody = z.object({
  id: newItemId.optional(),
  text: todoText,
  dueDate: dueDate.optional(),
  priority: priority.optional(),
  isCompleted: isCompleted.optional(),
  assignedTo: assignedTo.optional(),
});
export type CreateTodoBody = z.input<typeof createTodoBody>;
export type CreateTodo = z.output<typeof createTodoBody>;

/**
 * `PATCH /api/todos/{id}` (spec §7 sends isCompleted; issue #5 adds the rest): any of the fields,
 * with the same rules, at least one of them. Absent fields stay as they are; `dueDate: null` and
 * `assignedTo: null` clear them. The priority does not follow a new due date by itself.
 */
export const updateTodoBody = z
  .object({
    text: todoText.optional(),
    dueDate: dueDate.optional(),
    priority: priority.optional(),
    isCompleted: isCompleted.optional(),
    assignedTo: assignedTo.optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    TODO_MESSAGES.emptyUpdate,
  );
export type UpdateTodoBody = z.input<typeof updateTodoBody>;
export type UpdateTodo = z.output<typeof updateTodoBody>;

/** spec §3 Todo; the assignee comes with their name (issue #5), as in the spec's demo data. */
export const todo = z.object({
  id: z.string(),
  tripId: z.string(),
  text: z.string(),
  isCompleted: z.boolean(),
  /** ISO 8601 in UTC, or null when the task has no due date. */
  dueDate: z.string().nullable(),
  priority: z.enum(TODO_PRIORITIES),
  assignedTo: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** ISO 8601; the list is in this order, oldest first. */
  createdAt: z.string(),
});
export type Todo = z.infer<typeof todo>;
export const todoList = z.array(todo);

export const todoParams = z.object({ id: uuidParam(TODO_MESSAGES.notFound) });

/** What to-dos add to the shared lists (shared/contracts/features.ts). */
export const todosShared = {
  lists: { todos: todo },
  widgets: { todo: { width: 320, height: 420 } },
  commentSubjects: ['todo'],
  activity: {
    'todo.added': {
      deed: ({ label }) => `added the to-do ${quoted(label)}`,
      counted: ['added', 'to-dos'],
    },
    'todo.completed': {
      deed: ({ label }) => `ticked off ${quoted(label)}`,
      counted: ['ticked off', 'to-dos'],
    },
    'todo.reopened': { deed: ({ label }) => `reopened ${quoted(label)}` },
    'todo.edited': {
      deed: ({ label }) => `edited the to-do ${quoted(label)}`,
      counted: ['edited', 'to-dos'],
    },
    'todo.assigned': {
      deed: ({ label, detail }) => `assigned ${quoted(label)} to ${detail ?? 'a former member'}`,
    },
    'todo.deleted': { deed: ({ label }) => `deleted the to-do ${quoted(label)}` },
    'todo.restored': { deed: ({ label }) => `restored the to-do ${quoted(label)}` },
  },
  notices: {
    assigned: {
      label: 'Assigned to-dos',
      hint: 'Someone gives you a to-do.',
      channels: ['inApp', 'email'],
      defaults: { inApp: true, email: false },
      sentence: ({ label }, { who, trip }) =>
        `${who} gave you ${quotedOr(label, 'a to-do')} in ${trip}`,
      action: 'See your to-dos',
      opens: ({ subjectId }) => ({ type: 'todo', id: subjectId }),
    },
    dueTomorrow: {
      label: 'Due tomorrow',
      hint: 'A to-do given to you is due tomorrow.',
      channels: ['inApp', 'email'],
      defaults: { inApp: true, email: false },
      sentence: ({ label }, { trip }) => `${quotedOr(label, 'a to-do')} is due tomorrow (${trip})`,
      action: 'See your to-dos',
      opens: ({ subjectId }) => ({ type: 'todo', id: subjectId }),
    },
  },
} as const satisfies SharedFeature;
