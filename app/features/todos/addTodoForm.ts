import { z } from 'zod';
import { localDayOf } from '../../../shared/calendar';
import { type CreateTodoBody, createTodoBody } from '../../../shared/contracts/todos';
import { defaultDueDate, TODO_PRIORITIES } from '../../../shared/todoPriority';
import { dueDateForDay, priorityForDay } from './todoDates';

/**
 * The add-a-task form as typed: the text, a calendar day ('' for none), the priority the person
 * picked (null until they pick one: until then it follows the day) and an assignee ('' for
 * nobody).
 */
const addTodoShape = z.object({
  text: z.string(),
  day: z.string(),
  pickedPriority: z.enum(TODO_PRIORITIES).nullable(),
  assignee: z.string(),
});
export type AddTodoValues = z.infer<typeof addTodoShape>;

/** The priority the form shows and sends: the one picked, or the automatic one for the day. */
export function formPriority({
  day,
  pickedPriority,
}: Pick<AddTodoValues, 'day' | 'pickedPriority'>) {
  return pickedPriority ?? priorityForDay(day);
}

/**
 * The form checked as the shared `POST` contract: the day becomes its local noon (todoDates),
 * and the text's rules and messages are createTodoBody's.
 */
export const addTodoForm = addTodoShape
  .transform(
    (values): CreateTodoBody => ({
      text: values.text,
      dueDate: dueDateForDay(values.day),
      priority: formPriority(values),
      isCompleted: false,
      assignedTo: values.assignee,
    }),
  )
  .pipe(createTodoBody);

/** The spec's defaults (spec §5): due in 7 days, its priority automatic. */
export function defaultDay(): string {
  return localDayOf(defaultDueDate());
}
