import type { ActivityEntry, ActivityKind } from './contracts/activity';
import { formatDate } from './dates';
import { listNames } from './text';

// Issue #24: the history's wording, one for the activity panel and the Pro summary e-mails.

/**
 * Entries told together: one person doing the same thing several times in a row on one day
 * ("Ana Lima added 3 to-dos"). A deletion is always alone, as it has its own Restore.
 */
export type ActivityGroup = {
  key: string;
  kind: ActivityKind;
  actor: ActivityEntry['actor'];
  /** Newest first; the group's time is the first's. */
  entries: ActivityEntry[];
};

export type ActivityDay = { key: string; label: string; groups: ActivityGroup[] };

// What several of can be told as one sentence: "<verb> <count> <things>".
const COUNTED: Partial<Record<ActivityKind, [verb: string, things: string]>> = {
  'todo.added': ['added', 'to-dos'],
  'todo.completed': ['ticked off', 'to-dos'],
  'todo.edited': ['edited', 'to-dos'],
  'flight.added': ['added', 'flights'],
  'flight.edited': ['changed', 'flights'],
  'widget.added': ['added', 'widgets'],
  'widget.moved': ['moved', 'widgets'],
  'photo.added': ['added', 'photos'],
  'option.added': ['shortlisted', 'options'],
};

/** The local calendar day of a time, as a key. */
function dayKey(at: string) {
  const date = new Date(at);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long' });

/** "Today", "Yesterday", or "Monday, Nov 23, 2026". */
export function dayLabel(at: string, now: Date) {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(at) === dayKey(now.toISOString())) return 'Today';
  if (dayKey(at) === dayKey(yesterday.toISOString())) return 'Yesterday';
  return `${weekday.format(new Date(at))}, ${formatDate(at)}`;
}

/** The entries (newest first) by day, each day's runs of one person doing one thing together. */
export function groupActivity(entries: ActivityEntry[], now: Date): ActivityDay[] {
  const days: ActivityDay[] = [];
  for (const entry of entries) {
    const key = dayKey(entry.at);
    let day = days.at(-1);
    if (!day || day.key !== key) {
      day = { key, label: dayLabel(entry.at, now), groups: [] };
      days.push(day);
    }
    const last = day.groups.at(-1);
    if (
      last &&
      COUNTED[entry.kind] &&
      last.kind === entry.kind &&
      (last.actor?.id ?? null) === (entry.actor?.id ?? null)
    ) {
      last.entries.push(entry);
    } else {
      day.groups.push({ key: entry.id, kind: entry.kind, actor: entry.actor, entries: [entry] });
    }
  }
  return days;
}

const quoted = (text: string | undefined) => `“${text ?? ''}”`;

/** "the Weather widget"; a title that says "Widget" already is not told twice. */
function widgetName(title: string | undefined) {
  const name = title ?? 'a';
  return /\bwidget$/i.test(name) ? `the ${name}` : `the ${name} widget`;
}

function minutesText(minutes: number | undefined) {
  if (!minutes) return 'less than a minute';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** "Jun 1 – Jun 14, 2030" from a stored "2030-06-01/2030-06-14". */
function datesText(range: string | undefined) {
  const [start, end] = (range ?? '').split('/');
  return start && end ? `${formatDate(start)} – ${formatDate(end)}` : 'new dates';
}

/** What one entry says its actor did ("added the to-do “Rent scooters”"). */
function deed(entry: ActivityEntry): string {
  const { label, detail } = entry.data;
  switch (entry.kind) {
    case 'todo.added':
      return `added the to-do ${quoted(label)}`;
    case 'todo.completed':
      return `ticked off ${quoted(label)}`;
    case 'todo.reopened':
      return `reopened ${quoted(label)}`;
    case 'todo.edited':
      return `edited the to-do ${quoted(label)}`;
    case 'todo.assigned':
      return `assigned ${quoted(label)} to ${detail ?? 'a former member'}`;
    case 'todo.deleted':
      return `deleted the to-do ${quoted(label)}`;
    case 'todo.restored':
      return `restored the to-do ${quoted(label)}`;
    case 'flight.added':
      return `added the flight ${label}${detail ? ` (${detail})` : ''}`;
    case 'flight.edited':
      return `changed the flight ${label}`;
    case 'flight.deleted':
      return `deleted the flight ${label}${detail ? ` (${detail})` : ''}`;
    case 'flight.restored':
      return `restored the flight ${label}`;
    case 'widget.added':
      return `added ${widgetName(label)}`;
    case 'widget.moved':
      return `moved ${widgetName(label)}`;
    case 'widget.renamed':
      return `renamed ${widgetName(detail)} to ${quoted(label)}`;
    case 'widget.removed':
      return `removed ${widgetName(label)}`;
    case 'widget.restored':
      return `restored ${widgetName(label)}`;
    case 'poll.created':
      return `asked ${quoted(label)}`;
    case 'poll.voted':
      return detail ? `voted for ${detail} in ${quoted(label)}` : `voted in ${quoted(label)}`;
    case 'poll.closed':
      return `closed the poll ${quoted(label)}`;
    case 'poll.deleted':
      return `deleted the poll ${quoted(label)}`;
    case 'option.added':
      return `shortlisted ${label}`;
    case 'option.voted':
      return detail === 'no' ? `voted against ${label}` : `voted for ${label}`;
    case 'option.chosen':
      return `chose ${label}`;
    case 'option.removed':
      return `took ${label} off the shortlist`;
    case 'photo.added':
      return 'added a photo';
    case 'photo.deleted':
      return 'deleted a photo';
    case 'comment.added':
      return `commented on ${quoted(label)}`;
    case 'member.joined':
      return 'joined the trip';
    case 'member.left':
      return 'left the trip';
    case 'member.removed':
      return `removed ${detail ?? 'a former member'} from the trip`;
    case 'trip.renamed':
      return `renamed the trip to ${quoted(label)}`;
    case 'trip.dates':
      return `moved the trip to ${datesText(label)}`;
    case 'call.ended':
      return 'had a call';
  }
}

/** The group as one sentence, its actor first: "Ana Lima added 3 to-dos". */
export function describeGroup(group: ActivityGroup): string {
  const [first] = group.entries;
  if (!first) return '';
  if (group.kind === 'call.ended') {
    const people = first.data.people ?? [];
    const who = people.length ? `Call with ${listNames(people)}` : 'A call';
    return `${who}, ${minutesText(first.data.minutes)}`;
  }
  const actor = group.actor?.name ?? 'A former member';
  const counted = COUNTED[group.kind];
  // The same thing done again and again (a widget moved three times) is told once.
  const things = new Set(group.entries.map((entry) => entry.subjectId)).size;
  if (!counted || things === 1) return `${actor} ${deed(first)}`;
  const [verb, nouns] = counted;
  return `${actor} ${verb} ${things} ${nouns}`;
}
