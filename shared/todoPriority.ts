export const TODO_PRIORITIES = ['high', 'medium', 'low'] as const;
export type TodoPriority = (typeof TODO_PRIORITIES)[number];

// spec §5, §9: due in 2 days or less is high priority (and shown in red), up to 7 days medium.
export const HIGH_PRIORITY_DAYS = 2;
export const MEDIUM_PRIORITY_DAYS = 7;
// spec §5, §9: a new task is due 7 days from now unless the user picks a date.
export const DEFAULT_DUE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

function msUntil(due: Date | string, now: Date) {
  return new Date(due).getTime() - now.getTime();
}

/** The automatic priority for a due date; overdue tasks are high. */
export function priorityForDueDate(due: Date | string, now: Date = new Date()): TodoPriority {
  const left = msUntil(due, now);
  if (Number.isNaN(left)) return 'medium';
  if (left <= HIGH_PRIORITY_DAYS * DAY_MS) return 'high';
  if (left <= MEDIUM_PRIORITY_DAYS * DAY_MS) return 'medium';
  return 'low';
}

/** True when the task is due within 2 days, or overdue; false without a valid date. */
export function isDueSoon(due: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (due === null || due === undefined || due === '') return false;
  const left = msUntil(due, now);
  return !Number.isNaN(left) && left <= HIGH_PRIORITY_DAYS * DAY_MS;
}

export function defaultDueDate(now: Date = new Date()): Date {
  return new Date(now.getTime() + DEFAULT_DUE_DAYS * DAY_MS);
}
