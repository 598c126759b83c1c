import { generateKeyBetween } from 'fractional-indexing';
import { tripDays } from '../../../shared/calendar';
import {
  byPlanOrder,
  type ItineraryItem,
  MAX_PLAN_DAYS,
} from '../../../shared/contracts/itinerary';

/*
 * The plan as the widget lays it out (issue #39): the trip's days in order, each with its items
 * in the plan's order; the ideas (no day); and what sits on a day the trip no longer has (its
 * dates changed since). Pure, so the widget, the moves and the tests share one reading.
 */

/** What the layout reads of an item. */
export type PlanEntry = Pick<
  ItineraryItem,
  'id' | 'rank' | 'day' | 'startTime' | 'endTime' | 'title' | 'goers'
>;

/** Two items of a day whose times overlap, for people who go to both. */
export type Overlap<T extends PlanEntry = PlanEntry> = { first: T; second: T };

export type PlanDay<T extends PlanEntry = PlanEntry> = {
  day: string;
  /** 1 for the trip's first day. */
  number: number;
  items: T[];
  overlaps: Overlap<T>[];
};

export type Plan<T extends PlanEntry = PlanEntry> = {
  days: PlanDay<T>[];
  ideas: T[];
  /** Items on a day outside the trip's dates, by day then in order. */
  outside: T[];
};

/** The days a plan covers: the trip's, at most its first MAX_PLAN_DAYS (the contract's limit). */
export function planDaysOf(trip: { startDate: string; endDate: string }): string[] {
  return tripDays(trip.startDate, trip.endDate).slice(0, MAX_PLAN_DAYS);
}

export function groupPlan<T extends PlanEntry>(
  items: readonly T[],
  days: readonly string[],
): Plan<T> {
  const byDay = new Map<string, T[]>(days.map((day) => [day, []]));
  const ideas: T[] = [];
  const outside: T[] = [];
  for (const item of items) {
    if (item.day === null) ideas.push(item);
    else (byDay.get(item.day) ?? outside).push(item);
  }
  ideas.sort(byPlanOrder);
  outside.sort((a, b) => (a.day! < b.day! ? -1 : a.day! > b.day! ? 1 : byPlanOrder(a, b)));
  return {
    days: days.map((day, index) => {
      const list = byDay.get(day)!.sort(byPlanOrder);
      return { day, number: index + 1, items: list, overlaps: overlapsIn(list) };
    }),
    ideas,
    outside,
  };
}

/** "09:30" → 570. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * An item's time as a span of minutes: from its start to its end, or the minute it starts when
 * it has no end (so two that start at once overlap, and one that starts inside another does).
 * Untimed items take no time. Times are within the day: an end before the start is not read.
 */
function spanOf(item: PlanEntry): { from: number; to: number } | null {
  if (!item.startTime) return null;
  const from = minutesOf(item.startTime);
  const end = item.endTime ? minutesOf(item.endTime) : from;
  return { from, to: Math.max(end, from + 1) };
}

/** Whether one person could be at both: everyone (null) meets anyone; else a shared member. */
function shareAGoer(a: PlanEntry, b: PlanEntry): boolean {
  if (a.goers === null || b.goers === null) return true;
  const ids = new Set(a.goers.map((goer) => goer.id));
  return b.goers.some((goer) => ids.has(goer.id));
}

/**
 * A day's timed items that overlap, in the day's order. Two groups doing different things at once
 * (no member in common) are a plan, not a clash: no warning.
 */
export function overlapsIn<T extends PlanEntry>(items: readonly T[]): Overlap<T>[] {
  const timed = items
    .map((item) => ({ item, span: spanOf(item) }))
    .filter((entry): entry is { item: T; span: { from: number; to: number } } => !!entry.span);
  const found: Overlap<T>[] = [];
  timed.forEach((a, index) => {
    for (const b of timed.slice(index + 1)) {
      if (a.span.from < b.span.to && b.span.from < a.span.to && shareAGoer(a.item, b.item)) {
        found.push({ first: a.item, second: b.item });
      }
    }
  });
  return found;
}

/**
 * The rank for an item put at `index` among `others` (its new section's items without it, in
 * order): a fractional key between its new neighbours', so no other item changes. Null when a
 * neighbour's key is not one this library reads (the server then puts the item last).
 */
export function rankAt(others: readonly { rank: string }[], index: number): string | null {
  const before = others[index - 1]?.rank ?? null;
  let after = others[index]?.rank ?? null;
  // Two items with one key (two members' moves that picked the same): no key sits between them,
  // so the item goes after both, before the next key that is greater.
  if (before !== null && after !== null && after <= before) {
    after = others.slice(index).find((other) => other.rank > before)?.rank ?? null;
  }
  try {
    return generateKeyBetween(before, after);
  } catch {
    return null;
  }
}

/** Where a section's key says its items are: a day, the ideas (null), or nowhere to drop. */
export type SectionKey = 'ideas' | 'outside' | `day:${string}`;
export const sectionOfDay = (day: string | null): SectionKey =>
  day === null ? 'ideas' : `day:${day}`;
export function dayOfSection(section: SectionKey): string | null | undefined {
  if (section === 'ideas') return null;
  if (section === 'outside') return undefined;
  return section.slice(4);
}

/** The plan's sections, in the order they are laid out, each with its items' ids. */
export function sectionsOf(plan: Plan): Map<SectionKey, string[]> {
  const ids = (items: readonly PlanEntry[]) => items.map((item) => item.id);
  const sections = new Map<SectionKey, string[]>();
  for (const day of plan.days) sections.set(sectionOfDay(day.day), ids(day.items));
  if (plan.outside.length > 0) sections.set('outside', ids(plan.outside));
  sections.set('ideas', ids(plan.ideas));
  return sections;
}

/** Each section's items' ids, in order, as the layout (or a drag in progress) has them. */
export type Columns = ReadonlyMap<SectionKey, readonly string[]>;

/** The section an item is in, or the section itself when `id` names one. */
export function sectionHolding(columns: Columns, id: string): SectionKey | undefined {
  if (columns.has(id as SectionKey)) return id as SectionKey;
  for (const [section, ids] of columns) if (ids.includes(id)) return section;
  return undefined;
}

/**
 * The columns with the item `activeId` moved to where `overId` is (an item: its place, or just
 * after it when `below`; a section: its end). Null when it cannot go there: nothing is dropped
 * among the items outside the trip's dates.
 */
export function moveOver(
  columns: Columns,
  activeId: string,
  overId: string,
  below = false,
): Map<SectionKey, readonly string[]> | null {
  const from = sectionHolding(columns, activeId);
  const to = sectionHolding(columns, overId);
  if (!from || !to || to === 'outside' || overId === activeId) return null;
  const next = new Map(columns);
  const source = [...(columns.get(from) ?? [])];
  const oldIndex = source.indexOf(activeId);
  if (from === to) {
    // Over its own section's background: it stays where it is.
    const newIndex = source.indexOf(overId);
    if (newIndex < 0 || newIndex === oldIndex) return null;
    source.splice(oldIndex, 1);
    source.splice(newIndex, 0, activeId);
    next.set(to, source);
    return next;
  }
  source.splice(oldIndex, 1);
  const target = [...(columns.get(to) ?? [])];
  const overIndex = target.indexOf(overId);
  target.splice(overIndex < 0 ? target.length : overIndex + (below ? 1 : 0), 0, activeId);
  next.set(from, source);
  next.set(to, target);
  return next;
}
