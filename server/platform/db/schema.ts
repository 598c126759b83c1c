import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LOGIN_OUTCOMES } from '../../../shared/contracts/account';
import { WIDGET_TYPES } from '../../../shared/contracts/board';
import type {
  NotificationChannel,
  NotificationKind,
} from '../../../shared/contracts/notifications';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** What a person chose per kind and channel (issue #24); kinds not in it take the defaults. */
export type StoredNotificationPreferences = Partial<
  Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>
>;

// spec §3 User, with the plan and role of architecture §7 and §1 (the first account is admin).
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /**
     * A confirmed address: set when its owner opens the link sent to it (sign-up, e-mail change)
     * or by a magic link. Null until then (issue #16: sign-up no longer says an address is taken).
     */
    email: text('email'),
    /** The address last asked for and not yet confirmed (its links are in email_changes). */
    pendingEmail: text('pending_email'),
    /** argon2id; null for passwordless accounts made by a magic link. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** The picture's address as served (`profilePicturePath`), or null. */
    profileImageUrl: text('profile_image_url'),
    /**
     * Issue #38 item 9: where the photo storage keeps the uploaded picture. Replacing or removing
     * it, or deleting the account, leaves the old key to the storage sweeper (a trigger).
     */
    profileImageKey: text('profile_image_key'),
    /** Issue #21: the airport flight searches start from for this person (3 letters), if set. */
    homeAirport: text('home_airport'),
    plan: text('plan', { enum: ['free', 'premium', 'pro'] })
      .notNull()
      .default('free'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Base32 TOTP secret once confirmed. Never sent to the client after setup, never logged. */
    totpSecret: text('totp_secret'),
    /** Secret issued by setup-2fa and not yet confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step: a code is accepted at most once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    notificationPreferences: jsonb('notification_preferences')
      .$type<StoredNotificationPreferences>()
      .notNull()
      .default({}),
    /**
     * Names this person in their e-mails' unsubscribe links (issue #24): it can only turn e-mails
     * off, so a leaked link costs nothing more. Random (gen_random_uuid is from a strong source).
     */
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /**
     * When the sample first trip was made (at sign-up since issue #16). Made once: someone who later
     * deletes every trip sees an empty dashboard, not a new sample trip taking their plan's slot.
     */
    firstTripMadeAt: timestamp('first_trip_made_at', { withTimezone: true }),
    /**
     * Issue #38: when this administrator closed the welcome naming the admin screens; null until
     * then, so it shows once per account (the first account, or one promoted later).
     */
    adminWelcomedAt: timestamp('admin_welcomed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // Case-insensitive uniqueness: "Alice" and "alice" are one account.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    // Issue #35: a reset link also goes to an address not confirmed yet.
    index('users_pending_email_lower_idx')
      .on(sql`lower(${table.pendingEmail})`)
      .where(sql`${table.email} is null`),
  ],
);

/** Only the SHA-256 of a session token is stored: a database leak does not sign anyone in. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Password accepted, second factor still owed: grants nothing but verify-2fa. */
    pendingTwoFactor: boolean('pending_two_factor').notNull().default(false),
    failedCodeAttempts: integer('failed_code_attempts').notNull().default(0),
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end of the session, whatever its activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sessions_token_hash_idx').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

export const loginEvents = pgTable(
  'login_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outcome: text('outcome', {
      enum: LOGIN_OUTCOMES,
    }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [index('login_events_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Failures in a row, and the lock they lead to, per key: failed passwords per account name as
 * typed (lower-cased, `user:` or `name:`), whether or not such an account exists, so a lockout
 * answers the same for real and made-up names; wrong second-factor codes per account (`code:`).
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** How many times this key has been locked since it last succeeded: each lock lasts longer. */
  lockouts: integer('lockouts').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The columns of a table of single-use links e-mailed to an account (claimed with
 * platform/tokens.ts claimSingleUse): whose, the token's SHA-256, until when, and when used.
 */
export const singleUseLinkColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  ...timestamps,
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    ...singleUseLinkColumns(),
    /**
     * Issue #35: the address the link went to when the account had no confirmed one (its
     * pending address); using the link confirms it.
     */
    email: text('email'),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_idx').on(table.tokenHash)],
);

/**
 * A new e-mail address waiting for its owner to confirm it (issue #16): the account's address
 * changes only through the link sent to the new one, so the change answers alike whether or not
 * another account has that address.
 */
export const emailChanges = pgTable(
  'email_changes',
  { ...singleUseLinkColumns(), email: text('email').notNull() },
  (table) => [
    uniqueIndex('email_changes_hash_idx').on(table.tokenHash),
    index('email_changes_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * A link that confirms deleting an account without a password (made by a magic link), e-mailed
 * to its address (issue #16): a session alone is not enough to delete the account.
 */
export const accountDeletions = pgTable('account_deletions', singleUseLinkColumns(), (table) => [
  uniqueIndex('account_deletions_hash_idx').on(table.tokenHash),
  index('account_deletions_user_idx').on(table.userId, table.createdAt),
]);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** A trip: the unit of everything (issue #5). Dates are calendar days, `YYYY-MM-DD`. */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    destination: text('destination'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Issue #21: anyone on the trip may mark a shortlisted option chosen, not only the owner. */
    anyoneChooses: boolean('anyone_chooses').notNull().default(false),
    /** Issue #37: the IANA zone the trip's days are lived in; null until known. */
    timeZone: text('time_zone'),
    /** Whether a person chose the zone; if not, it follows the destination when that changes. */
    timeZoneChosen: boolean('time_zone_chosen').notNull().default(false),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('trips_owner_idx').on(table.ownerId)],
);

/** Who is on a trip: the owner (who pays, spec §1) and the members they invited. */
export const tripMembers = pgTable(
  'trip_members',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** When they last had the trip open (issue #24: a summary tells what changed since). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tripId, table.userId] }),
    index('trip_members_user_idx').on(table.userId),
  ],
);

/**
 * spec §3 Widget: the board of a trip, the same for every member. The id keeps the spec's shape,
 * `<type><timestamp>` (made unique by the server).
 */
export const widgets = pgTable(
  'widgets',
  {
    id: text('id').primaryKey(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    type: text('type', { enum: WIDGET_TYPES }).notNull(),
    top: integer('top').notNull(),
    left: integer('left').notNull(),
    right: integer('right'),
    title: text('title').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** Who added it (issue #37: a create sent again by them answers it); null: the server's own. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('widgets_trip_idx').on(table.tripId)],
);

export type TripRow = typeof trips.$inferSelect;
export type TripMemberRow = typeof tripMembers.$inferSelect;
export type WidgetRow = typeof widgets.$inferSelect;

/**
 * A trip's history (issue #24): one row for each change to it, written by the service that makes
 * the change, in the change's own transaction (server/features/activity/record.ts), so a change
 * rolled back leaves no entry and no committed change lacks one. The Trip activity panel reads it;
 * notifications and summaries will too. Entries older than the owner's plan keeps are deleted by
 * a scheduled job (server/features/activity/retention.ts).
 */
export const tripActivity = pgTable(
  'trip_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** Who made the change; null for the trip itself (a call ending) or a deleted account. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** The to-do, flight, widget, poll… the entry is about, by its id. */
    subjectId: text('subject_id'),
    /** What the entry says about it (its text or title then, a count, a choice). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** A deleted item's row, to restore it from this entry; never sent to a browser. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    // Written from the server's clock in milliseconds (not now()), so a page's cursor, which
    // carries milliseconds, never falls between two entries.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('trip_activity_trip_idx').on(table.tripId, table.createdAt, table.id),
    index('trip_activity_created_idx').on(table.createdAt),
    // A deleted account's entries lose their actor: found by this, not by reading them all.
    index('trip_activity_actor_idx').on(table.actorId),
  ],
);

/**
 * The server's scheduled jobs (issue #24): when each is next due, and until when a run holds it.
 * An instance runs a job only by moving `running_until` forward in one UPDATE while it is due and
 * not held, so with several instances each run happens once; a due time in the past after a
 * restart is a run missed, made at once (server/platform/scheduler.ts).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  runningUntil: timestamp('running_until', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

/**
 * Issue #35: every e-mail, written in the same transaction as the change that causes it and sent
 * by the outbox worker (server/platform/mail/outbox.ts): temporary failures are tried again with
 * growing waits for more than a day, permanent ones are recorded (`failed`) for the sender to see.
 * A sent message's body is emptied, since links in it are secrets.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What it is (an invitation, a reset link …): for the sender's screen and the log. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Whose act sent it and on which trip, so an owner sees an invitation "not delivered". */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Held by a send under way until then; a later time means its instance died mid-send. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The mail server's last answer (code and text, no address), when it was not a yes. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_trip_idx').on(table.tripId, table.createdAt),
    // A person's own links (a pending address), and their rows when their account goes.
    index('mail_outbox_sender_idx').on(table.senderId, table.createdAt),
    index('mail_outbox_created_idx').on(table.createdAt),
  ],
);
export type OutboxMailRow = typeof mailOutbox.$inferSelect;
