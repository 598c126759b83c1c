// Plain calendar days, `YYYY-MM-DD`, as trips keep them (days without a zone).

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a time, in UTC. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The day `days` after `day` (before it, for a negative count). */
export const addDays = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
