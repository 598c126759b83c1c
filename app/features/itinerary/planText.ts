import {
  BedDouble,
  type LucideIcon,
  MapPin,
  StickyNote,
  TrainFront,
  UtensilsCrossed,
} from 'lucide-react';
import { formatLongDay } from '../../../shared/calendar';
import type { Cost, ItineraryItem, ItineraryKind } from '../../../shared/contracts/itinerary';

/** Each kind as people read it, and its icon (issue #39: a place or activity, a meal, …). */
export const KINDS: Record<ItineraryKind, { label: string; icon: LucideIcon }> = {
  activity: { label: 'Place or activity', icon: MapPin },
  meal: { label: 'Meal', icon: UtensilsCrossed },
  transport: { label: 'Transport', icon: TrainFront },
  stay: { label: 'Stay', icon: BedDouble },
  note: { label: 'Note', icon: StickyNote },
};

// spec §9: en-US. A time of day is the trip's wall clock, so it is formatted as a UTC clock.
const clock = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** "09:30" → "9:30 AM"; '' for anything else. */
export function formatClock(time: string | null): string {
  const match = time ? /^(\d{2}):(\d{2})$/.exec(time) : null;
  if (!match) return '';
  return clock.format(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2])));
}

/** "9:30 AM – 11:00 AM", "9:30 AM", or '' for an untimed item. */
export function timeRange(item: Pick<ItineraryItem, 'startTime' | 'endTime'>): string {
  const start = formatClock(item.startTime);
  if (!start) return '';
  const end = formatClock(item.endTime);
  return end ? `${start} – ${end}` : start;
}

/** "Day 2 · Mon, Dec 21, 2026". */
export const dayTitle = (number: number, day: string) => `Day ${number} · ${formatLongDay(day)}`;

/** An estimated cost: "≈ €45.00"; a currency Intl does not know shows its code ("≈ 45 XYZ"). */
export function costLabel(cost: Cost): string {
  try {
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: cost.currency });
    return `≈ ${money.format(cost.amount)}`;
  } catch {
    return `≈ ${cost.amount} ${cost.currency}`;
  }
}

/** A link as a short name: its host without "www." ("booking.com"). */
export function linkHost(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return link;
  }
}
