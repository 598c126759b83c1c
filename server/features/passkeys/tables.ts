import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from '../../platform/db/schema';

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
