import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../email';
import { currentUser } from './user';

// Issue #3 rules: usernames are 3–32 of a-z 0-9 _ . - (letters in any case; unique ignoring
// case), passwords 8–128 characters.
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
// spec §9: two-factor codes are 6 digits.
export const TWO_FACTOR_CODE = /^\d{6}$/;

export const MESSAGES = {
  // spec §5, §8
  missingCredentials: 'Please enter your username and password',
  invalidCredentials: 'Invalid username or password',
  invalidCode: 'Please enter a valid 6-digit code',
  missingEmail: 'Please enter your email address',
  invalidEmail: 'Please enter a valid email address',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
} as const;

export const username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(USERNAME_PATTERN, 'Username may use only letters, digits, _ . and -');

export const email = z
  .string()
  .trim()
  .min(1, MESSAGES.missingEmail)
  .max(EMAIL_MAX_LENGTH, 'Email address is too long')
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: MESSAGES.invalidEmail }));

export const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const personName = z.string().trim().max(64, 'Names are at most 64 characters');
const optionalName = personName.nullish().transform((value) => value || null);

export const registerBody = z.object({
  username,
  email,
  password: newPassword,
  firstName: optionalName.optional(),
  lastName: optionalName.optional(),
  /**
   * Issue #7: the invitation the person came with, as its code or its /join/… link. Needed when
   * sign-up is by invitation only (REGISTRATION=invite); joining the trip is a separate call.
   */
  invitation: z.string().trim().max(300).optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  // A username or an e-mail address.
  username: z
    .string(MESSAGES.missingCredentials)
    .trim()
    .min(1, MESSAGES.missingCredentials)
    .max(254),
  password: z.string(MESSAGES.missingCredentials).min(1, MESSAGES.missingCredentials).max(1024),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResponse = z.union([
  z.object({ requiresTwoFactor: z.literal(true) }),
  z.object({ success: z.literal(true), user: currentUser }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const twoFactorCodeBody = z.object({
  token: z.string(MESSAGES.invalidCode).trim().regex(TWO_FACTOR_CODE, MESSAGES.invalidCode),
});
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;

/** spec §7: the client verifies first, then disables with an empty code. */
export const disableTwoFactorBody = z.object({
  token: z
    .string()
    .trim()
    .refine((value) => value === '' || TWO_FACTOR_CODE.test(value), MESSAGES.invalidCode)
    .default(''),
});

export const setupTwoFactorResponse = z.object({
  /** A PNG data URL of the otpauth:// link. */
  qrCode: z.string(),
  /** The base32 secret, for typing into an authenticator by hand. Shown only here. */
  secret: z.string(),
});
export type SetupTwoFactorResponse = z.infer<typeof setupTwoFactorResponse>;

export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  password: newPassword,
});
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(1024),
  newPassword,
});

export const updateUserBody = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    email,
    profileImageUrl: z
      .string()
      .trim()
      .max(2048)
      .pipe(z.url({ protocol: /^https?$/, error: 'Profile image must be an http(s) URL' }))
      .nullable(),
  })
  .partial();
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const deleteUserBody = z.object({
  password: z.string().max(1024).default(''),
  token: z.string().trim().max(6).optional(),
});

export const LOGIN_OUTCOMES = [
  'success',
  'wrong_password',
  'wrong_code',
  'locked',
  'password_reset',
  'password_changed',
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

export const notificationPreferences = z.object({
  tripInvitations: z.boolean(),
  tripReminders: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const okResponse = z.object({ success: z.literal(true) });
