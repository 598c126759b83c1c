import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { itemRemoved, itemSaved } from '../../../shared/contracts/live';
import {
  type CreateTodo,
  MAX_TODOS_PER_TRIP,
  TODO_MESSAGES,
  type Todo,
  type UpdateTodo,
} from '../../../shared/contracts/todos';
import {
  defaultDueDate,
  priorityForDueDate,
  type TodoPriority,
} from '../../../shared/todoPriority';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { readTrip } from '../../platform/db/tripReads';
import { HttpError } from '../../platform/errors';
import { isUuid } from '../../platform/uuid';
import type { Activity, Restorer } from '../activity/record';
import { recordActivity } from '../activity/record';
import { type Change, type ChangeContext, inTransaction, type LiveChanges } from '../live';
import { isTripMember, memberName } from '../trips/access';
import {
  assertRoomFor,
  deleteTripItem,
  idTaken,
  isRepeatedCreate,
  updateTripItem,
} from '../trips/items';
import { type TodoRow, todos } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;

const assignee = alias(users, 'assignee');

/** A to-do row with the fields of its assignee needed for the answer. */
const todoWithAssignee = {
  todo: todos,
  assignee: {
    id: assignee.id,
    username: assignee.username,
    firstName: assignee.firstName,
    lastName: assignee.lastName,
  },
};

type TodoWithAssignee = {
  todo: TodoRow;
  assignee: {
    id: string;
    username: string;
    firstName: string | null;
    lastName: string | null;
  } | null;
};

function toTodo({ todo, assignee }: TodoWithAssignee): Todo {
  return {
    id: todo.id,
    tripId: todo.tripId,
    text: todo.text,
    isCompleted: todo.isCompleted,
    dueDate: todo.dueDate ? todo.dueDate.toISOString() : null,
    priority: todo.priority,
    assignedTo: assignee ? { id: assignee.id, name: memberName(assignee) } : null,
    createdAt: todo.createdAt.toISOString(),
  };
}

function selectTodos(db: Db) {
  return db
    .select(todoWithAssignee)
    .from(todos)
    .leftJoin(assignee, eq(assignee.id, todos.assignedTo));
}

async function loadTodo(db: Db, id: string): Promise<Todo> {
  const [row] = await selectTodos(db).where(eq(todos.id, id));
  if (!row) throw new HttpError('not_found', TODO_MESSAGES.notFound);
  return toTodo(row);
}

/** The trip's to-dos, oldest first (issue #5), so a new task appears at the bottom of the list. */
export async function listTodos(db: Db, tripId: string): Promise<Todo[]> {
  return readTrip(db, tripId, 'todos', async () => {
    const rows = await selectTodos(db)
      .where(eq(todos.tripId, tripId))
      .orderBy(asc(todos.createdAt), asc(todos.id));
    return rows.map(toTodo);
  });
}

/** issue #5: `assignedTo` is a member's user id; anyone else is refused with a 400. */
async function checkAssignee(db: Db, tripId: string, userId: string | null | undefined) {
  if (userId === null || userId === undefined) return;
  if (!isUuid(userId) || !(await isTripMember(db, tripId, userId))) {
    throw new HttpError('not_a_member', TODO_MESSAGES.assigneeNotMember);
  }
}

/** Without a due date there is nothing to be urgent about: spec §5's form default, medium. */
function automaticPriority(due: Date | null, now: Date): TodoPriority {
  return due ? priorityForDueDate(due, now) : 'medium';
}

/**
 * Adds a to-do to the trip (the caller has checked membership). spec §5: due 7 days from now
 * unless given, priority from the due date unless given. The same `id` sent again answers the
 * to-do it made (isRepeatedCreate).
 */
export async function createTodo(
  context: ChangeContext,
  tripId: string,
  input: CreateTodo,
  now: Date = new Date(),
): Promise<Todo> {
  const due =
    input.dueDate === undefined
      ? defaultDueDate(now)
      : input.dueDate === null
        ? null
        : new Date(input.dueDate);
  const limit = { max: MAX_TODOS_PER_TRIP, message: TODO_MESSAGES.tooMany };
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    if (input.id && (await isRepeatedCreate(tx, todos, tripId, input.id, actorId))) {
      return loadTodo(tx, input.id);
    }
    await checkAssignee(tx, tripId, input.assignedTo);
    await assertRoomFor(tx, todos, tripId, limit);
    const [inserted] = await tx
      .insert(todos)
      .values({
        id: input.id,
        tripId,
        text: input.text,
        dueDate: due,
        priority: input.priority ?? automaticPriority(due, now),
        isCompleted: input.isCompleted ?? false,
        assignedTo: input.assignedTo ?? null,
        createdBy: actorId,
      })
      .onConflictDoNothing({ target: todos.id })
      .returning();
    if (!inserted) throw idTaken();
    await recordActivity(tx, tripId, actorId, {
      kind: 'todo.added',
      subjectId: inserted.id,
      data: {
        label: inserted.text,
        ...(inserted.assignedTo ? { userId: inserted.assignedTo } : {}),
      },
      ...(inserted.assignedTo ? { tell: assigneeTold(inserted) } : {}),
    });
    return announceSaved(live, await loadTodo(tx, inserted.id));
  });
}

function announceSaved(live: LiveChanges, todo: Todo) {
  live.tripChanged(todo.tripId, itemSaved('todos', todo));
  return todo;
}

/** Changes the fields given of the trip's to-do `id`; the others stay. */
export async function updateTodo(
  context: ChangeContext,
  tripId: string,
  id: string,
  input: UpdateTodo,
): Promise<Todo> {
  await checkAssignee(context.db, tripId, input.assignedTo);
  const { dueDate, ...rest } = input;
  const changes = { ...rest, dueDate: dueDate == null ? dueDate : new Date(dueDate) };
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    const row = await updateTripItem(tx, todos, tripId, id, changes, TODO_MESSAGES.notFound, {
      actorId,
      describe: todoChange,
    });
    return announceSaved(live, await loadTodo(tx, row.id));
  });
}

/** A to-do given to someone tells them (unless they gave it to themselves). */
const assigneeTold = (row: TodoRow) => ({
  userIds: row.assignedTo ? [row.assignedTo] : [],
  kind: 'assigned' as const,
  data: { label: row.text },
});

/**
 * What a change to a to-do tells the history: ticked or unticked first, then a new assignee,
 * then any other edit; nothing when nothing changed.
 */
export function todoChange(row: TodoRow, before: TodoRow): Activity | null {
  const about = { subjectId: row.id, data: { label: row.text } };
  if (row.isCompleted !== before.isCompleted) {
    return { kind: row.isCompleted ? 'todo.completed' : 'todo.reopened', ...about };
  }
  if (row.assignedTo && row.assignedTo !== before.assignedTo) {
    return {
      kind: 'todo.assigned',
      subjectId: row.id,
      data: { label: row.text, userId: row.assignedTo },
      tell: assigneeTold(row),
    };
  }
  const edited =
    row.text !== before.text ||
    row.priority !== before.priority ||
    row.dueDate?.getTime() !== before.dueDate?.getTime() ||
    row.assignedTo !== before.assignedTo;
  return edited ? { kind: 'todo.edited', ...about } : null;
}

export async function deleteTodo(context: ChangeContext, tripId: string, id: string) {
  await inTransaction(context, async ({ db: tx, live, actorId }) => {
    await deleteTripItem(tx, todos, tripId, id, TODO_MESSAGES.notFound, {
      actorId,
      describe: (row) => ({
        kind: 'todo.deleted',
        subjectId: row.id,
        data: { label: row.text },
        snapshot: row,
      }),
    });
    live.tripChanged(tripId, itemRemoved('todos', id));
  });
}

/** A deleted to-do comes back as it was, unassigned if its assignee has left the trip since. */
export const todoRestorer: Restorer = {
  table: todos,
  limit: { max: MAX_TODOS_PER_TRIP, message: TODO_MESSAGES.tooMany },
  async prepare(tx, tripId, row) {
    const assignedTo = typeof row.assignedTo === 'string' ? row.assignedTo : null;
    const stays = assignedTo !== null && (await isTripMember(tx, tripId, assignedTo));
    return { ...row, assignedTo: stays ? assignedTo : null };
  },
  async announce({ db: tx, live }, _tripId, id) {
    announceSaved(live, await loadTodo(tx, id));
  },
};

/** Someone left the trip: their to-dos on it stay, unassigned (inside the caller's change). */
export async function unassignTodosOf({ db: tx, live }: Change, tripId: string, userId: string) {
  const unassigned = await tx
    .update(todos)
    .set({ assignedTo: null })
    .where(and(eq(todos.tripId, tripId), eq(todos.assignedTo, userId)))
    .returning({ id: todos.id });
  for (const { id } of unassigned) announceSaved(live, await loadTodo(tx, id));
}

// spec §9: a new trip comes with 5 sample to-dos (the demo trip's are for Bali, the default
// destination). Days until due, spread so the automatic priorities show all three levels.
const SAMPLE_TODOS: { text: string; dueInDays: number }[] = [
  { text: 'Book flights to Bali (Denpasar, DPS)', dueInDays: 1 },
  { text: 'Check everyone’s passport is valid for 6 months after the trip', dueInDays: 4 },
  { text: 'Buy travel insurance for the group', dueInDays: 9 },
  { text: 'Reserve a villa in Ubud', dueInDays: 14 },
  { text: 'Plan a day trip to Nusa Penida', dueInDays: 20 },
];

/**
 * Inserts the five sample to-dos of a new trip (issue #5: real rows, editable and deletable).
 * Works inside the caller's transaction.
 */
export async function createSampleTodos(db: Db, tripId: string, now: Date = new Date()) {
  await db.insert(todos).values(
    SAMPLE_TODOS.map(({ text, dueInDays }, index) => {
      const due = new Date(now.getTime() + dueInDays * DAY_MS);
      return {
        tripId,
        text,
        dueDate: due,
        priority: priorityForDueDate(due, now),
        // One statement gives every row the same now(): a microsecond apiece keeps the list in
        // this order.
        createdAt: sql`now() + ${index} * interval '1 microsecond'`,
      };
    }),
  );
}
