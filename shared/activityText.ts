import { addDays, formatDate, localDayOf } from './calendar';
import type { ActivityEntry, ActivityKind, CoreActivityKind } from './contracts/activity';
import { FEATURE_ACTIVITY } from './contracts/features';
import { type ActivityWords, quoted } from './featureContract';

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

/** "the Weather widget"; a title that says "Widget" already is not told twice. */
function widgetName(title: string | undefined) {
  const name = title ?? 'a';
  return /\bwidget$/i.test(name) ? `the ${name}` : `the ${name} widget`;
}

/** "Jun 1 – Jun 14, 2030" from a stored "2030-06-01/2030-06-14". */
function datesText(range: string | undefined) {
  const [start, end] = (range ?? '').split('/');
  return start && end ? `${formatDate(start)} – ${formatDate(end)}` : 'new dates';
}

// The board's, comments', members' and the trip's own entries; each feature words its own.
const CORE_ACTIVITY: Record<CoreActivityKind, ActivityWords> = {
  'widget.added': {
    deed: ({ label }) => `added ${widgetName(label)}`,
    counted: ['added', 'widgets'],
  },
  'widget.moved': {
    deed: ({ label }) => `moved ${widgetName(label)}`,
    counted: ['moved', 'widgets'],
  },
  'widget.renamed': {
    deed: ({ label, detail }) => `renamed ${widgetName(detail)} to ${quoted(label)}`,
  },
  'widget.removed': { deed: ({ label }) => `removed ${widgetName(label)}` },
  'widget.restored': { deed: ({ label }) => `restored ${widgetName(label)}` },
  'widget.arranged': { deed: () => 'tidied up the board' },
  'comment.added': { deed: ({ label }) => `commented on ${quoted(label)}` },
  'member.joined': { deed: () => 'joined the trip' },
  'member.left': { deed: () => 'left the trip' },
  'member.removed': {
    deed: ({ detail }) => `removed ${detail ?? 'a former member'} from the trip`,
  },
  'trip.renamed': { deed: ({ label }) => `renamed the trip to ${quoted(label)}` },
  'trip.dates': { deed: ({ label }) => `moved the trip to ${datesText(label)}` },
};

const ACTIVITY_WORDS: Record<ActivityKind, ActivityWords> = {
  ...CORE_ACTIVITY,
  ...FEATURE_ACTIVITY,
};

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long' });

/** "Today", "Yesterday", or "Monday, Nov 23, 2026". */
export function dayLabel(at: string, now: Date) {
  const day = localDayOf(new Date(at));
  const today = localDayOf(now);
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  return `${weekday.format(new Date(at))}, ${formatDate(at)}`;
}

/** The entries (newest first) by day, each day's runs of one person doing one thing together. */
export function groupActivity(entries: ActivityEntry[], now: Date): ActivityDay[] {
  const days: ActivityDay[] = [];
  for (const entry of entries) {
    const key = localDayOf(new Date(entry.at));
    let day = days.at(-1);
    if (!day || day.key !== key) {
      day = { key, label: dayLabel(entry.at, now), groups: [] };
      days.push(day);
    }
    const last = day.groups.at(-1);
    if (
      last &&
      ACTIVITY_WORDS[entry.kind].counted &&
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

/** The group as one sentence, its actor first: "Ana Lima added 3 to-dos". */
export function describeGroup(group: ActivityGroup): string {
  const [first] = group.entries;
  if (!first) return '';
  const words = ACTIVITY_WORDS[group.kind];
  if (words.sentence) return words.sentence(first.data);
  const actor = group.actor?.name ?? 'A former member';
  const { counted } = words;
  // The same thing done again and again (a widget moved three times) is told once.
  const things = new Set(group.entries.map((entry) => entry.subjectId)).size;
  if (!counted || things === 1) return `${actor} ${words.deed(first.data)}`;
  const [verb, nouns] = counted;
  return `${actor} ${verb} ${things} ${nouns}`;
}
