import { z } from 'zod';
import { formatBytes } from '../bytes';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../email';
import { pageQuery } from './paging';
import { uuidParam } from './params';
import { text } from './text';

// The account: who a person is here, the rules its fields follow (sign-up in contracts/auth.ts
// builds on them), and what its owner can see and change. Nothing here imports the sign-in or
// two-factor contracts: they import this.

export const PLANS = ['free', 'premium', 'pro'] as const;
export type Plan = (typeof PLANS)[number];
export const ROLES = ['user', 'admin'] as const;

/** `GET /api/user`: the signed-in user (spec §3 User, with plan and role of architecture §7). */
export const currentUser = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The confirmed address; null until the link sent at sign-up is opened (issue #16). */
  email: z.string().nullable(),
  /** An address asked for (at sign-up or in the profile) whose link has not been opened yet. */
  pendingEmail: z.string().nullable(),
  /**
   * The profile picture's address, or null: an uploaded picture as this server serves it
   * (`profilePicturePath`; PUT /api/user/picture sets it, DELETE removes it).
   */
  profileImageUrl: z.string().nullable(),
  /** Where this person's flights start from (issue #21): a 3-letter airport code, or null. */
  homeAirport: z.string().nullable(),
  isPremium: z.boolean(),
  plan: z.enum(PLANS),
  role: z.enum(ROLES),
  twoFactorEnabled: z.boolean(),
  /** False for an account made by a magic link: it confirms deletion by an e-mailed link. */
  hasPassword: z.boolean(),
  /**
   * Issue #38: an administrator who has not yet seen the welcome naming the admin screens
   * (POST /api/user/admin-welcome marks it seen). False for everyone else.
   */
  adminWelcome: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

// Issue #3 rules: usernames are 3–32 of a-z 0-9 _ . - (letters in any case; unique ignoring
// case), passwords 8–128 characters.
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** spec §5, §8: what the e-mail field says (sign-up, password reset, profile). */
export const EMAIL_MESSAGES = {
  missing: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
} as const;

export const username = text()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(USERNAME_PATTERN, 'Username may use only letters, digits, _ . and -');

export const email = text()
  .trim()
  .min(1, EMAIL_MESSAGES.missing)
  .max(EMAIL_MAX_LENGTH, 'Email address is too long')
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGES.invalid }));

export const newPassword = text()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const HOME_AIRPORT_MESSAGE = 'Home airport: the 3-letter code, like SIN';

const personName = text().trim().max(64, 'Names are at most 64 characters');
/** A first or last name; an empty one is stored as none. */
export const optionalName = personName.nullish().transform((value) => value || null);

// Issue #38 item 9: a profile picture is uploaded, not linked: the page's Content-Security-Policy
// shows pictures from this origin only, so a picture from another site never appeared.
export const updateUserBody = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    email,
    /** An empty one (the field cleared) is none. */
    homeAirport: text(HOME_AIRPORT_MESSAGE)
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{3})?$/, HOME_AIRPORT_MESSAGE)
      .nullable()
      .transform((value) => value || null),
  })
  .partial();
export type UpdateUserBody = z.input<typeof updateUserBody>;

/**
 * Issue #38 item 9: `PUT /api/user/picture` takes a picture as its own bytes (JPEG, PNG, WebP,
 * AVIF, GIF's first frame; HEIC where the server can read it), and keeps it as a square of at
 * most PROFILE_PICTURE_PX, cut from its middle, as WebP, with no metadata (no EXIF, so no GPS).
 */
export const PROFILE_PICTURE_PX = 512;
/** The largest file taken: a phone's photo as it comes off its camera. */
export const PROFILE_PICTURE_MAX_BYTES = 20 * 1024 * 1024;
export const PROFILE_PICTURE_TYPE = 'image/webp';

export const PROFILE_PICTURE_MESSAGES = {
  tooLarge: `That file is too large: a profile picture can be up to ${formatBytes(PROFILE_PICTURE_MAX_BYTES)}.`,
  notAPicture:
    'That file is not a picture Tripmates can use. Choose a JPEG, PNG, WebP or AVIF picture.',
  empty: 'That file is empty. Choose a picture.',
  heic: 'That is a HEIC photo, which Tripmates cannot read yet. Choose a JPEG or PNG instead.',
  unreadable: 'That picture could not be read: it may be damaged. Try another one.',
  tooManyPixels: (format: string, megapixels: number) =>
    `That picture has too many pixels: a ${format} can be up to ${megapixels} megapixels. Save it smaller and try again.`,
  interrupted: 'The upload stopped before the whole picture arrived. Try again.',
  busy: 'Tripmates is making many pictures ready just now. Try again in a minute.',
  storageDown: 'Pictures cannot be stored or shown just now. Try again in a minute.',
  notFound: 'That profile picture does not exist (any more).',
} as const;

/**
 * `GET /api/users/:id/picture?v=`: a person's picture, by the version its address names (an old
 * or made-up version is not found: the address as handed out is needed, not just the id).
 */
export const profilePictureParams = z.object({ id: uuidParam(PROFILE_PICTURE_MESSAGES.notFound) });
export const profilePictureQuery = z.object({ v: text().max(64) });

/**
 * Where a picture is served: a new version is a new address, so browsers keep each for good and
 * never show an old one after a change.
 */
export const profilePicturePath = (userId: string, version: string) =>
  `/api/users/${userId}/picture?v=${version}`;

export const changePasswordBody = z.object({
  currentPassword: text().min(1, 'Please enter your current password').max(1024),
  newPassword,
});

/** `POST /api/confirm-email`: the token of the link sent to a new address. */
export const confirmEmailBody = z.object({
  token: text('The confirmation link is incomplete')
    .min(1, 'The confirmation link is incomplete')
    .max(200),
});
export const confirmEmailResponse = z.object({ email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponse>;

export const deleteUserBody = z.object({
  password: text().max(1024).default(''),
  // A 6-digit code, or a recovery code (issue #35) in whatever form it was typed.
  token: text().trim().max(64).optional(),
});

/**
 * `POST /api/delete-account`: deletes an account without a password through the link e-mailed
 * to it (`confirmation`, its token), with a two-factor `token` when that is on.
 */
export const deleteByLinkBody = z.object({
  confirmation: text().trim().min(1, 'The link is incomplete').max(100),
  token: text().trim().max(64).optional(),
});

export const LOGIN_OUTCOMES = [
  'success',
  'wrong_password',
  'wrong_code',
  'locked',
  'password_reset',
  'password_changed',
  // Issue #35: recovering a second factor, and passkeys.
  'recovery_code',
  'recovery_codes_made',
  'passkey',
  'passkey_added',
  'passkey_removed',
  // Issue #38: an administrator removed the account's second factors and signed it out.
  'second_factors_reset',
] as const;

export const loginActivity = z.array(
  z.object({
    id: z.string(),
    createdAt: z.string(),
    ip: z.string().nullable(),
    browser: z.string().nullable(),
    outcome: z.enum(LOGIN_OUTCOMES),
  }),
);
export type LoginActivity = z.infer<typeof loginActivity>;

export const NO_SUCH_SESSION = 'No such session';

/** `DELETE /api/sessions/:id`: one of the caller's sessions (another's is not found either). */
export const sessionParams = z.object({ id: uuidParam(NO_SUCH_SESSION) });

export const activeSessions = z.array(
  z.object({
    id: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    ip: z.string().nullable(),
    browser: z.string().nullable(),
    current: z.boolean(),
  }),
);
export type ActiveSessions = z.infer<typeof activeSessions>;

// Issue #38: the administrators' people list, beside the waitlist and the early-access requests.
export const PEOPLE_MESSAGES = {
  noSuchPerson: 'No such user',
  badCursor: 'That page of people is not valid. Reload the list.',
  notYourself: 'Reset your own second factors on your Security page.',
} as const;

/** `GET /api/admin/users`: one account as the administrators see it. */
export const adminPerson = z.object({
  id: z.string(),
  username: z.string(),
  /** First and last name, or null when there is neither. */
  name: z.string().nullable(),
  /** The confirmed address, or the one waiting for confirmation (`emailConfirmed` false). */
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  plan: z.enum(PLANS),
  role: z.enum(ROLES),
  /** Two-factor by authenticator app (TOTP) is on. */
  totp: z.boolean(),
  /** How many passkeys the account has. */
  passkeys: z.number().int(),
  createdAt: z.string(),
  /**
   * The last time the account was seen: its sessions' last request (every few minutes) or its
   * last sign-in, whichever is later; null when it has never signed in since it was made.
   */
  lastSeenAt: z.string().nullable(),
});
export type AdminPerson = z.infer<typeof adminPerson>;
export const adminPeople = z.array(adminPerson);

// Paged as the waitlist (shared/contracts/paging.ts), newest accounts first.
export const PEOPLE_PAGE_SIZE = 50;
export const peoplePageQuery = pageQuery({ size: PEOPLE_PAGE_SIZE, max: 200 }).extend({
  /** Part of a username, name or e-mail address (confirmed or waiting), any case. */
  q: text().trim().max(200, 'Search is at most 200 characters').optional(),
});
export const personParams = z.object({ id: uuidParam(PEOPLE_MESSAGES.noSuchPerson) });

/**
 * `POST /api/admin/users/:id/reset-second-factors`: the account afterwards, and what went (the
 * same counts the server log records).
 */
export const secondFactorsReset = z.object({
  person: adminPerson,
  removed: z.object({
    totp: z.boolean(),
    recoveryCodes: z.number().int(),
    passkeys: z.number().int(),
    sessions: z.number().int(),
  }),
});
export type SecondFactorsReset = z.infer<typeof secondFactorsReset>;
