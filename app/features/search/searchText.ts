import type { Money } from '../../../shared/contracts/search';

/** "US$636.40": the amount in its own currency; the bare figure if the code is not one. */
export function formatPrice({ amount, currency }: Money): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday": when a search was run, for the line under it. */
export function timeAgo(at: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  if (seconds > -45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/** "direct", "1 stop", "2 stops". */
export const stopsLabel = (stops: number) =>
  stops === 0 ? 'direct' : `${stops} ${stops === 1 ? 'stop' : 'stops'}`;

/** 1, 2, … max: a count picker's choices. */
export const countUpTo = (max: number) => Array.from({ length: max }, (_, index) => index + 1);
