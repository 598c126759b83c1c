import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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

const timestamps = {
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
    profileImageUrl: text('profile_image_url'),
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
const singleUseLinkColumns = () => ({
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

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;

/**
 * spec §3 waitlist entries, sent by the landing banner, the newsletter box and the blog. One row
 * per address (stored lower-cased): a repeated sign-up changes nothing.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    source: text('source', { enum: ['landing', 'newsletter', 'blog'] }).notNull(),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('waitlist_entries_email_idx').on(table.email),
    index('waitlist_entries_created_idx').on(table.createdAt),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/**
 * Issue #17: a signed-in account asking for a paid plan while plans cannot be bought (spec §9).
 * One request per account, the latest plan asked for; an administrator grants it from the admin
 * screen, which moves the account to that plan.
 */
export const earlyAccessRequests = pgTable(
  'early_access_requests',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['premium', 'pro'] }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('early_access_requests_created_idx').on(table.createdAt, table.userId)],
);

export type EarlyAccessRequestRow = typeof earlyAccessRequests.$inferSelect;

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
    ...timestamps,
  },
  (table) => [index('widgets_trip_idx').on(table.tripId)],
);

/** spec §3 Todo: a trip's shared to-do list. */
export const todos = pgTable(
  'todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    isCompleted: boolean('is_completed').notNull().default(false),
    dueDate: timestamp('due_date', { withTimezone: true }),
    priority: text('priority', { enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    /** A member's user id (spec §3); cleared if that account goes. */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('todos_trip_idx').on(table.tripId, table.createdAt),
    // Issue #24: the to-dos coming due, for their assignees' notifications.
    index('todos_due_idx')
      .on(table.dueDate)
      .where(sql`not ${table.isCompleted} and ${table.assignedTo} is not null`),
  ],
);

/**
 * spec §3 Flight, real rather than sample data. Times keep the offset they were given in
 * (`2026-12-20T08:30:00+08:00`), so each shows in its airport's local time.
 */
export const flights = pgTable(
  'flights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    flightNumber: text('flight_number').notNull(),
    departureAirport: text('departure_airport').notNull(),
    departureTime: text('departure_time').notNull(),
    arrivalAirport: text('arrival_airport').notNull(),
    arrivalTime: text('arrival_time').notNull(),
    stops: integer('stops').notNull().default(0),
    /** The member who takes this flight, if it is not the whole group's. */
    travellerId: uuid('traveller_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('flights_trip_idx').on(table.tripId)],
);

/** A poll option as stored: its id (short, random) is what votes name. */
export type PollOptionRow = { id: string; text: string };

/**
 * A trip's poll (issue #21). Options live in the row (2 to 10, asked together, never edited);
 * votes have a table of their own. Closed by hand (`closed_at`) or by its deadline.
 */
export const polls = pgTable(
  'polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    options: jsonb('options').$type<PollOptionRow[]>().notNull(),
    multiple: boolean('multiple').notNull().default(false),
    hideVoters: boolean('hide_voters').notNull().default(false),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Who asked; kept when that account goes, as null. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('polls_trip_idx').on(table.tripId, table.createdAt)],
);

/** One member's choice of one option; a member with several choices has several rows. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: text('option_id').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.pollId, table.userId, table.optionId] })],
);

/**
 * The latest search of each kind on a trip (issue #21): the query, who ran it, and its answer
 * (offers and partner links, as shared/contracts/search.ts shapes them). A new search replaces
 * the last; everyone on the trip sees the same one.
 */
export const tripSearches = pgTable(
  'trip_searches',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['flights', 'stays'] }).notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    ranBy: uuid('ran_by').references(() => users.id, { onDelete: 'set null' }),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tripId, table.kind] })],
);

/**
 * The options a trip's group decides between (issue #21): built by the server from its own
 * search answers or a link's public preview. `source_key` (the offer, the partner's search, or
 * the link) keeps one of each on a trip.
 */
export const shortlistOptions = pgTable(
  'shortlist_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['flight', 'stay'] }).notNull(),
    sourceKey: text('source_key').notNull(),
    title: text('title').notNull(),
    detail: text('detail'),
    partner: text('partner').notNull(),
    imageUrl: text('image_url'),
    price: jsonb('price').$type<{ amount: string; currency: string }>(),
    bookUrl: text('book_url').notNull(),
    slices: jsonb('slices').$type<OfferSliceRow[]>(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
    chosenBy: uuid('chosen_by').references(() => users.id, { onDelete: 'set null' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('shortlist_options_source_idx').on(table.tripId, table.sourceKey),
    index('shortlist_options_trip_idx').on(table.tripId, table.createdAt),
  ],
);

/** A priced flight's leg, as shared/contracts/search.ts's OfferSlice. */
export type OfferSliceRow = {
  origin: string;
  destination: string;
  departAt: string;
  arriveAt: string;
  stops: number;
  flightNumbers: string[];
};

/** A member's yes or no on an option: one each, changed in place. */
export const shortlistVotes = pgTable(
  'shortlist_votes',
  {
    optionId: uuid('option_id')
      .notNull()
      .references(() => shortlistOptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: text('vote', { enum: ['yes', 'no'] }).notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.optionId, table.userId] })],
);

/**
 * A trip's invitation link (issue #7): one per trip, made when the owner first asks for it. The
 * code is the link's secret; resetting the link replaces it, and the old code stops at once.
 */
export const tripInvitations = pgTable('trip_invitations', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  /** 128 random bits, base64url. */
  code: text('code').notNull().unique('trip_invitations_code_key'),
  /** Who made (or last reset) the link; kept when that account goes, as null. */
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type Trip = typeof trips.$inferSelect;
export type TripMember = typeof tripMembers.$inferSelect;
export type WidgetRow = typeof widgets.$inferSelect;
export type TodoRow = typeof todos.$inferSelect;
export type FlightRow = typeof flights.$inferSelect;
export type PollRow = typeof polls.$inferSelect;
export type TripInvitation = typeof tripInvitations.$inferSelect;

/**
 * A magic-link invitation (issue #7, Premium and Pro): e-mailed to one address, it signs that
 * person in — making a passwordless account when they have none — and joins them to the trip.
 * Only the SHA-256 of the token is kept (like sessions and reset links): a database leak lets
 * nobody in. Single use: `used_at` is set in the statement that claims it.
 */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** Lower-cased: the account it signs into is found by e-mail, ignoring case. */
    email: text('email').notNull(),
    /** As the owner typed it; becomes the first name of an account made by the link. */
    name: text('name'),
    /** Who sent it; kept when that account goes, as null. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('magic_links_token_hash_idx').on(table.tokenHash),
    index('magic_links_trip_idx').on(table.tripId),
  ],
);

export type MagicLink = typeof magicLinks.$inferSelect;

/**
 * A call in a trip's audio room (issue #19): it starts when a second person joins and ends when
 * fewer than two remain, or at its plan's limit (the trip owner's plan when it started). At most
 * one open call per trip, which the unique index holds when two instances start one at once.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason', { enum: ['empty', 'limit'] }),
    plan: text('plan', { enum: ['free', 'premium', 'pro'] }).notNull(),
    /** The call's limit in minutes, from its plan (spec §9); null: none. */
    limitMinutes: integer('limit_minutes'),
  },
  (table) => [
    uniqueIndex('calls_open_trip_idx').on(table.tripId).where(sql`${table.endedAt} is null`),
    index('calls_trip_idx').on(table.tripId, table.startedAt),
  ],
);

export type CallRow = typeof calls.$inferSelect;

/** Who took part in a call, and for how long: a row each time a person is in it. */
export const callParticipants = pgTable(
  'call_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (table) => [index('call_participants_call_idx').on(table.callId)],
);

// Bytes as they are (PostgreSQL's bytea; Drizzle has no built-in for it).
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A row of a whiteboard's (issue #22): its trip, its widget, and the row's own id. */
const ofWhiteboard = () => ({
  // The widget's trip, so every row of a trip's is found by it (and goes with it).
  tripId: uuid('trip_id')
    .notNull()
    .references(() => trips.id, { onDelete: 'cascade' }),
  widgetId: text('widget_id')
    .notNull()
    .references(() => widgets.id, { onDelete: 'cascade' }),
  id: text('id').notNull(),
});

/**
 * The elements of a whiteboard's scene (issue #22), one row each, so an edit rewrites only the
 * elements it touched. `version` and `version_nonce` are the element's own (copied out of it for
 * the conditional upsert that reconciles concurrent edits); `bytes` is its size as JSON, summed
 * against the scene's limit. Deleted elements stay: they carry the version that deleted them.
 */
export const whiteboardElements = pgTable(
  'whiteboard_elements',
  {
    ...ofWhiteboard(),
    version: integer('version').notNull(),
    versionNonce: integer('version_nonce').notNull(),
    isDeleted: boolean('is_deleted').notNull(),
    element: jsonb('element').$type<Record<string, unknown>>().notNull(),
    bytes: integer('bytes').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.widgetId, table.id] })],
);

/**
 * Pictures pasted on a whiteboard, served only to the trip's members. `id` is Excalidraw's (a
 * hash of the bytes): a picture is written once and never changes. Its bytes are in the photo
 * storage at `storage_key` (issue #23; a row's delete leaves the key to the storage sweeper, by a
 * trigger of migration 0022); rows from before that kept them in `data`, until moved.
 */
export const whiteboardFiles = pgTable(
  'whiteboard_files',
  {
    ...ofWhiteboard(),
    mimeType: text('mime_type').notNull(),
    data: bytes('data'),
    storageKey: text('storage_key'),
    bytes: integer('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.widgetId, table.id] })],
);

/**
 * A trip's album (issue #23): the group's own photos. The files live in the photo storage (files
 * under DATA_DIR, or S3), at `storage_keys`; a row's delete, by hand or by its trip's or its
 * uploader's account's cascade, leaves those keys in `storage_deletions` in the same transaction
 * (a trigger, migration 0021), so no path that deletes a photo can forget its files.
 */
export const tripPhotos = pgTable(
  'trip_photos',
  {
    id: uuid('id').primaryKey(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    // Deleting an account removes the photos it added (issue #23), on every trip.
    addedBy: uuid('added_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caption: text('caption'),
    fileName: text('file_name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Every stored variant's size, added up: what the photo takes of the album's room. */
    bytes: integer('bytes').notNull(),
    /** The content type of each stored variant, by name (`thumbnail`, `medium`, `full`, `original`). */
    variants: jsonb('variants').$type<Record<string, string>>().notNull(),
    storageKeys: text('storage_keys').array().notNull(),
    ...timestamps,
  },
  (table) => [
    index('trip_photos_trip_idx').on(table.tripId, table.createdAt),
    // An account's deletion finds its photos by this.
    index('trip_photos_added_by_idx').on(table.addedBy),
  ],
);

/**
 * Stored files to delete once `due_at` has come (issue #23). A deleted photo's files are due at
 * once; an upload's files are written here as due an hour later before they are stored, and
 * struck off when the photo's row is saved, so a crash between the two leaves nothing behind.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    key: text('key').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('storage_deletions_due_idx').on(table.dueAt)],
);

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
 * A comment on something of a trip (issue #24): a to-do, a flight, a shortlisted option, a poll
 * or a photo, named by type and id (no foreign key: a deleted item's thread stays, hidden, and is
 * back with the item if it is restored). It goes with its trip, and with its author's account.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', {
      enum: ['todo', 'flight', 'option', 'poll', 'photo'],
    }).notNull(),
    subjectId: text('subject_id').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Members it mentions (kept to those on the trip when written). */
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    ...timestamps,
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [
    index('comments_subject_idx').on(table.tripId, table.subjectType, table.subjectId),
    index('comments_author_idx').on(table.authorId),
  ],
);
export type CommentRow = typeof comments.$inferSelect;

/**
 * Issue #24: what a person is told about, one row per person and event. `in_app` rows are the
 * bell's entries; `email_pending` ones wait for the notification e-mails' job. `dedupe_key` makes
 * an event found by a scheduled job (a reminder, a poll's deadline) one row however many runs or
 * instances find it. A trigger announces every change on `tripmates_notifications` (migration
 * 0025), so the person's open tabs hear of it whichever instance or job made it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').unique(),
    inApp: boolean('in_app').notNull(),
    emailPending: boolean('email_pending').notNull(),
    // From the server's clock in milliseconds, as the history's, for the pages' cursors.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_bell_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`${table.inApp}`),
    index('notifications_email_idx').on(table.createdAt).where(sql`${table.emailPending}`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Every e-mail Tripmates sent on its own (issue #24), by what it was for: a notification's, or a
 * trip's summary for one person on one day. Its row is written before the e-mail is sent, and
 * the key is unique, so an e-mail is never sent twice — by a second instance, a retried job or a
 * run after a restart (a crash between the two loses that e-mail rather than repeat it).
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('email_deliveries_user_idx').on(table.userId, table.kind, table.tripId)],
);

/**
 * Issue #35: one-time recovery codes for a second factor, ten made at once (set-up, or made anew
 * from the security page, which deletes the old ones). Only each code's SHA-256 is kept; a code
 * counts once (`used_at`).
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('recovery_codes_user_code_idx').on(table.userId, table.codeHash)],
);

/**
 * Issue #35: a person's passkeys (WebAuthn credentials), several per account, each with a name
 * they chose. The public key and credential id are base64url; `counter` is the authenticator's
 * signature count (0 for most synced passkeys).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** Synced to other devices by the platform (multiDevice), and backed up now. */
    multiDevice: boolean('multi_device').notNull().default(false),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('passkeys_credential_idx').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId),
  ],
);

/**
 * Issue #35: a WebAuthn challenge the server handed out, single use and short-lived: to register
 * a passkey (`register`, an account's), to finish a sign-in with one as the second factor
 * (`second_factor`, a pending session's account) or to sign in without a password (`sign_in`,
 * nobody's yet).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['register', 'second_factor', 'sign_in'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('webauthn_challenges_expires_idx').on(table.expiresAt),
    // An answer names its challenge: found by it, and claimed once.
    uniqueIndex('webauthn_challenges_challenge_idx').on(table.challenge),
  ],
);

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
export type OutboxMail = typeof mailOutbox.$inferSelect;
