import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { addDays, dayOf, dayStartUtc } from '../../../shared/calendar';
import type { Db } from '../../platform/db/client';
import type { Job } from '../../platform/scheduler';
import { notify } from '../notifications';
import { todos } from './tables';

/** "Due tomorrow": open to-dos whose due time falls on tomorrow's (UTC) day, to their assignee. */
export async function remindDueTodos(db: Db, now: Date) {
  const today = dayOf(now);
  const tomorrow = dayStartUtc(addDays(today, 1));
  const dayAfter = dayStartUtc(addDays(today, 2));
  const due = await db
    .select({
      id: todos.id,
      tripId: todos.tripId,
      text: todos.text,
      dueDate: todos.dueDate,
      assignedTo: todos.assignedTo,
    })
    .from(todos)
    .where(
      and(
        eq(todos.isCompleted, false),
        isNotNull(todos.assignedTo),
        gte(todos.dueDate, new Date(tomorrow)),
        lt(todos.dueDate, new Date(dayAfter)),
      ),
    );
  let told = 0;
  for (const todo of due) {
    told += await notify(
      db,
      [todo.assignedTo!],
      {
        kind: 'dueTomorrow',
        tripId: todo.tripId,
        actorId: null,
        subjectId: todo.id,
        data: { label: todo.text },
        // A new due date is a new reminder.
        dedupeKey: `due:${todo.id}:${todo.dueDate!.toISOString()}`,
      },
      now,
    );
  }
  return told;
}

/** Hourly, once across instances: a reminder found due waits for the next minute's e-mails. */
export const dueRemindersJob = (db: Db): Job => ({
  name: 'todos-due-tomorrow',
  everyMs: 60 * 60 * 1000,
  run: async (now) => {
    await remindDueTodos(db, now);
  },
});
