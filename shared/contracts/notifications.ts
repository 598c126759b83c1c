import { z } from 'zod';
import { pageQuery } from './paging';
import { uuidParam } from './params';

/**
 * Issue #24: what Tripmates tells a person about, each chosen per channel on the profile's
 * Notification Settings. The first seven are entries in the bell (and, if asked, e-mails);
 * `summary` is only ever an e-mail (Pro trips' daily summary).
 */
export const NOTIFICATION_KINDS = [
  'invited',
  'mentioned',
  'assigned',
  'dueTomorrow',
  'callStarted',
  'pollClosed',
  'tripReminder',
  'summary',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationChannel = 'inApp' | 'email';

/** The kinds that are entries in the bell. */
export const BELL_KINDS = NOTIFICATION_KINDS.filter(
  (kind): kind is Exclude<NotificationKind, 'summary'> => kind !== 'summary',
);
export type BellKind = (typeof BELL_KINDS)[number];

/** The channels each kind can use (a summary is an e-mail or nothing). */
export const CHANNELS_OF: Record<NotificationKind, readonly NotificationChannel[]> = {
  invited: ['inApp', 'email'],
  mentioned: ['inApp', 'email'],
  assigned: ['inApp', 'email'],
  dueTomorrow: ['inApp', 'email'],
  callStarted: ['inApp', 'email'],
  pollClosed: ['inApp', 'email'],
  tripReminder: ['inApp', 'email'],
  summary: ['email'],
};

/** The settings page's words for each kind. */
export const NOTIFICATION_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  invited: {
    label: 'Trip invitations',
    hint: 'Someone invites you to plan a trip with them.',
  },
  mentioned: { label: 'Mentions', hint: 'Someone mentions you in a comment.' },
  assigned: { label: 'Assigned to-dos', hint: 'Someone gives you a to-do.' },
  dueTomorrow: { label: 'Due tomorrow', hint: 'A to-do given to you is due tomorrow.' },
  callStarted: {
    label: 'Audio room started',
    hint: 'Someone starts talking in a trip’s audio room: drop in.',
  },
  pollClosed: { label: 'Poll results', hint: 'A poll on one of your trips closes.' },
  tripReminder: {
    label: 'Trip reminders',
    hint: 'A reminder as the departure date of your trips gets close: 7 days and 1 day before.',
  },
  summary: {
    label: 'Daily summary',
    hint: 'Pro trips: one e-mail a day with what changed since you last looked, only when something did.',
  },
};

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
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  invited: { inApp: true, email: true },
  mentioned: { inApp: true, email: true },
  assigned: { inApp: true, email: false },
  dueTomorrow: { inApp: true, email: false },
  callStarted: { inApp: true, email: false },
  pollClosed: { inApp: true, email: false },
  tripReminder: { inApp: true, email: true },
  summary: { inApp: false, email: true },
};

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
  const who = names.actor ?? 'Someone';
  const trip = names.trip ?? 'a trip';
  const { data } = entry;
  const quoted = (text: string | undefined) => (text ? `“${text}”` : 'a to-do');
  switch (entry.kind) {
    case 'invited':
      return `${who} invited you to ${trip}`;
    case 'mentioned':
      return `${who} mentioned you${data.label ? ` on ${quoted(data.label)}` : ''} in ${trip}`;
    case 'assigned':
      return `${who} gave you ${quoted(data.label)} in ${trip}`;
    case 'dueTomorrow':
      return `${quoted(data.label)} is due tomorrow (${trip})`;
    case 'callStarted':
      return `${who} started talking in ${trip}’s audio room`;
    case 'pollClosed':
      return `The poll ${quoted(data.label)} closed${data.result ? `: ${data.result}` : ''} (${trip})`;
    case 'tripReminder':
      return data.days === 1
        ? `${trip} starts tomorrow`
        : `${trip} starts in ${data.days ?? 7} days`;
  }
}
