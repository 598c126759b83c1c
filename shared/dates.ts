// spec §9: dates display in en-US, short month, numeric day, numeric year ("Nov 22, 2026").
const OPTIONS = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const localFormat = new Intl.DateTimeFormat('en-US', OPTIONS);
const utcFormat = new Intl.DateTimeFormat('en-US', { ...OPTIONS, timeZone: 'UTC' });

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Formats a date for display. A date-only string ("2026-11-22", like a trip's start date) is a
 * calendar day, shown as that day in every time zone; a date-time is shown in the viewer's zone.
 * An invalid date gives an empty string rather than "Invalid Date".
 */
export function formatDate(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    // Engines roll an impossible day over ("2026-02-30" → Mar 2); it is invalid input, not a date.
    if (date.toISOString().slice(0, 10) !== value) return '';
    return utcFormat.format(date);
  }
  return localFormat.format(date);
}
