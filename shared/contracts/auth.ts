import { z } from 'zod';
import { currentUser, EMAIL_MESSAGES, email, newPassword, optionalName, username } from './account';
import { text } from './text';

// Signing up, in and out, and resetting a forgotten password. The fields' rules are the
// account's (contracts/account.ts).

export const MESSAGES = {
  // spec §5, §8
  missingCredentials: 'Please enter your username and password',
  invalidCredentials: 'Invalid username or password',
  invalidCode: 'Please enter a valid 6-digit code',
  missingEmail: EMAIL_MESSAGES.missing,
  invalidEmail: EMAIL_MESSAGES.invalid,
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
} as const;

export const registerBody = z.object({
  username,
  email,
  password: newPassword,
  firstName: optionalName.optional(),
  lastName: optionalName.optional(),
  /**
   * Issue #7: the invitation the person came with, as its code or its /join/… link. Needed when
   * sign-up is by invitation only (REGISTRATION=invite). Issue #38: a valid one also joins its
   * trip with the sign-up (the answer's `tripId`).
   */
  invitation: text().trim().max(300).optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  // A username or an e-mail address.
  username: text(MESSAGES.missingCredentials).trim().min(1, MESSAGES.missingCredentials).max(254),
  password: text(MESSAGES.missingCredentials).min(1, MESSAGES.missingCredentials).max(1024),
});
export type LoginBody = z.input<typeof loginBody>;

/** A finished sign-in (sign-up, a password alone, or the second factor): who is signed in. */
export const signedInResponse = z.object({ success: z.literal(true), user: currentUser });

/**
 * `POST /api/register`: signed in, and `tripId`, the trip the invitation joined them to (null
 * without one, or when it could not: the link no longer works, or the trip is full).
 */
export const registerResponse = signedInResponse.extend({ tripId: z.string().nullable() });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const loginResponse = z.union([
  z.object({ requiresTwoFactor: z.literal(true) }),
  signedInResponse,
]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({
  token: text().min(1, 'The reset link is incomplete').max(200),
  password: newPassword,
});

export const okResponse = z.object({ success: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;
