import { z } from 'zod';
import { type TripPlace, tripPlacePath } from '../clientRoutes';
import { type NoticeKind, quoted } from '../featureContract';
import { FEATURE_NOTICES, type FeatureNoticeKind } from './features';
import { pageQuery } from './paging';
import { uuidParam } from './params';

/** The core's notifications: invitations, mentions, trip reminders (features add theirs). */
const CORE_NOTICES = {
  invited: {
    label: 'Trip invitations',
    hint: 'Someone invites you to plan a trip with them.',
    channels: ['inApp', 'email'],
    defaults: { inApp: true, email: true },
    sentence: (_data, { who, trip }) => `${who} invited you to ${trip}`,
    action: 'Open the trip',
  },
  mentioned: {
    label: 'Mentions',
    hint: 'Someone mentions you in a comment.',
    channels: ['inApp', 'email'],
    defaults: { inApp: true, email: true },
    sentence: ({ label }, { who, trip }) =>
      `${who} mentioned you${label ? ` on ${quoted(label)}` : ''} in ${trip}`,
    action: 'Read the comment',
    // Its thread, on the item the comment is on (entries from before #38 do not say which kind).
    opens: ({ subjectId, data }) =>
      data.on ? { type: data.on, id: subjectId, comments: true } : null,
  },
} as const satisfies Record<string, NoticeKind>;

const LAST_NOTICES = {
  tripReminder: {
    label: 'Trip reminders',
    hint: 'A reminder as the departure date of your trips gets close: 7 days and 1 day before.',
    channels: ['inApp', 'email'],
    defaults: { inApp: true, email: true },
    sentence: ({ days }, { trip }) =>
      days === 1 ? `${trip} starts tomorrow` : `${trip} starts in ${days ?? 7} days`,
    action: 'Open the trip',
  },
} as const satisfies Record<string, NoticeKind>;

/**
 * Issue #24: what Tripmates tells a person about, each chosen per channel on the profile's
 * Notification Settings, in the settings' order. All but `summary` are entries in the bell (and,
 * if asked, e-mails); `summary` is only ever an e-mail (Pro trips' daily summary).
 */
export const BELL_NOTICES: Record<BellKind, NoticeKind> = {
  ...CORE_NOTICES,
  ...FEATURE_NOTICES,
  ...LAST_NOTICES,
};
export type BellKind = keyof typeof CORE_NOTICES | FeatureNoticeKind | keyof typeof LAST_NOTICES;

const SUMMARY = {
  label: 'Daily summary',
  hint: 'Pro trips: one e-mail a day with what changed since you last looked, only when something did.',
  channels: ['email'],
  defaults: { inApp: false, email: true },
} as const satisfies Omit<NoticeKind, 'sentence' | 'action'>;

export type NotificationKind = BellKind | 'summary';
export type NotificationChannel = 'inApp' | 'email';

/** The kinds that are entries in the bell. */
export const BELL_KINDS = Object.keys(BELL_NOTICES) as unknown as readonly [
  BellKind,
  ...BellKind[],
];
export const NOTIFICATION_KINDS = [...BELL_KINDS, 'summary'] as unknown as readonly [
  NotificationKind,
  ...NotificationKind[],
];

const KIND_INFO: Record<NotificationKind, Omit<NoticeKind, 'sentence' | 'action'>> = {
  ...BELL_NOTICES,
  summary: SUMMARY,
};
const eachKind = <T>(value: (kind: NotificationKind) => T) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, value(kind)])) as Record<
    NotificationKind,
    T
  >;

/** The channels each kind can use (a summary is an e-mail or nothing). */
export const CHANNELS_OF = eachKind((kind) => KIND_INFO[kind].channels);

/** The settings page's words for each kind. */
export const NOTIFICATION_LABELS = eachKind((kind) => ({
  label: KIND_INFO[kind].label,
  hint: KIND_INFO[kind].hint,
}));

const channels = z.object({ inApp: z.boolean(), email: z.boolean() });

/**
 * `GET/PUT /api/notification-preferences`: for each kind, in the app and by e-mail. A channel a
 * kind does not have (a summary in the app) is always false.
 */
export const notificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channels])) as Record<
    NotificationKind,
    typeof channels
  >,
);
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/**
 * What a person gets until they choose: everything in the app; e-mails for what is about them
 * personally or cannot wait (invitations, mentions, reminders, summaries).
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = eachKind((kind) => ({
  ...KIND_INFO[kind].defaults,
}));

/** What an entry says beside its kind, as it was when it was made. */
export const notificationData = z.object({
  /** The to-do's text, the poll's question, the commented item's label. */
  label: z.string().optional(),
  /** A comment's first words (mentions). */
  excerpt: z.string().optional(),
  /** A closed poll's leading answer(s). */
  result: z.string().optional(),
  /** A reminder's days to departure (7 or 1). */
  days: z.number().optional(),
  /** Where the entry leads when it is not the trip itself (an invitation's join page). */
  path: z.string().optional(),
  /** The kind of item a mention's comment is on (`todo`, `poll` …): its thread is opened. */
  on: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationData>;

export const notificationEntry = z.object({
  id: z.string(),
  kind: z.enum(BELL_KINDS),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** The trip it is about, and its name now; null once the trip is gone. */
  trip: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Who did it; null for the server itself (a reminder) or an account since deleted. */
  actor: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }).nullable(),
  subjectId: z.string().nullable(),
  data: notificationData,
});
export type NotificationEntry = z.infer<typeof notificationEntry>;

/**
 * `GET /api/notifications`: the caller's bell, newest first, paged as every growing list is (the
 * cursor and the count in headers).
 */
export const notificationList = z.array(notificationEntry);
export const NOTIFICATION_PAGE = { size: 30, max: 100 } as const;
export const notificationQuery = pageQuery(NOTIFICATION_PAGE);

/** `GET /api/notifications/unread`, and the answer of marking some read. */
export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** `POST /api/notifications/read`: these entries, or all of the caller's. */
export const markRead = z.union([
  z.object({ ids: z.array(z.uuid().toLowerCase()).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkRead = z.infer<typeof markRead>;

/**
 * `POST /api/unsubscribe?token&kind` (RFC 8058 one-click, from the List-Unsubscribe header, or the
 * /unsubscribe page's button): turns that kind's e-mails off. The token is the person's, so the
 * request needs no session.
 */
export const unsubscribeQuery = z.object({
  token: z.string().min(10).max(200),
  kind: z.enum(NOTIFICATION_KINDS),
});
export const unsubscribeAnswer = z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.string() });

export const NOTIFICATION_MESSAGES = {
  badCursor: 'That page of your notifications cannot be found. Start again from the newest.',
  badUnsubscribe:
    'This unsubscribe link is not valid. Change your e-mails in Notification Settings.',
} as const;

export const notificationParams = z.object({
  id: uuidParam('No such notification'),
});

/** A person's or trip's name as shown in a sentence. */
type Named = { actor: string | null; trip: string | null };

/**
 * The sentence for an entry, in the bell and as an e-mail's subject: one wording for both.
 * `names.actor` is null for a deleted account ("Someone").
 */
export function describeNotification(
  entry: { kind: BellKind; data: NotificationData },
  names: Named,
): string {
  return BELL_NOTICES[entry.kind].sentence(entry.data, {
    who: names.actor ?? 'Someone',
    trip: names.trip ?? 'a trip',
  });
}

/** What an entry opens in its trip (issue #38): its to-do, its poll, its thread …, or nothing. */
export function notificationPlace(entry: {
  kind: BellKind;
  subjectId: string | null;
  data: NotificationData;
}): TripPlace | null {
  const opens = BELL_NOTICES[entry.kind].opens;
  return opens && entry.subjectId ? opens({ subjectId: entry.subjectId, data: entry.data }) : null;
}

/**
 * Where an entry leads, in the bell and from its e-mail's button: its own page (an invitation's
 * join page), else what it is about in its trip, else the dashboard (the trip is gone).
 */
export function notificationPath(
  entry: { kind: BellKind; subjectId: string | null; data: NotificationData },
  tripId: string | null,
): string {
  if (entry.data.path) return entry.data.path;
  return tripId ? tripPlacePath(tripId, notificationPlace(entry)) : '/dashboard';
}
