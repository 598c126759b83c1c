import { formatDate } from '../../shared/dates';

// spec §9: dates display in en-US; the time of day follows in the same locale ("3:04 PM").
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "Nov 22, 2026, 3:04 PM" in the viewer's time zone; an invalid value gives ''. */
export function formatDateTime(value: Date | string | number): string {
  const day = formatDate(value);
  if (!day) return '';
  return `${day}, ${timeFormat.format(new Date(value))}`;
}
