import { z } from 'zod';
import { MESSAGES, signedInResponse } from './auth';
import { text } from './text';

// spec §9: two-factor codes are 6 digits.
export const TWO_FACTOR_CODE = /^\d{6}$/;

export const twoFactorCodeBody = z.object({
  token: text(MESSAGES.invalidCode).trim().regex(TWO_FACTOR_CODE, MESSAGES.invalidCode),
});
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;

export const setupTwoFactorResponse = z.object({
  /** A PNG data URL of the otpauth:// link. */
  qrCode: z.string(),
  /** The base32 secret, for typing into an authenticator by hand. Shown only here. */
  secret: z.string(),
});
export type SetupTwoFactorResponse = z.infer<typeof setupTwoFactorResponse>;

// Issue #35: recovery codes, for when the authenticator app is lost. Ten at a time, each 10
// characters of Crockford's base32 (50 random bits) shown as `xxxxx-xxxxx`; each works once,
// anywhere a code from the app does.
export const RECOVERY_CODE_COUNT = 10;
/** At this many left or fewer, the security page warns and sign-in suggests making new ones. */
export const RECOVERY_CODES_LOW = 3;
/** Crockford's base32 in lower case: no i, l, o or u, which are easily misread. */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const RECOVERY_CODE_LENGTH = 10;
/** How long a typed code may be: a recovery code with spaces to spare. */
const TYPED_CODE_MAX = 64;

/**
 * The 10 characters of a recovery code as a person typed or pasted it, or null when it cannot be
 * one. Letter case, spaces and dashes do not matter, and, as Crockford's base32 reads them, i and
 * l are 1 and o is 0.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const compact = typed
    .toLowerCase()
    .replace(/[\s\-\u2010-\u2015_]/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
  return /^[0-9a-hjkmnp-tv-z]{10}$/.test(compact) ? compact : null;
}

/** `abcde12345` → `abcde-12345`, the way codes are shown and downloaded. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A 6-digit code from the app, or a recovery code in any of the forms a person may type. */
export function isSecondFactorCode(typed: string): boolean {
  return TWO_FACTOR_CODE.test(typed.trim()) || normalizeRecoveryCode(typed) !== null;
}

export const SECOND_FACTOR_MESSAGE = 'Please enter a 6-digit code or a recovery code';

const secondFactorCode = text(SECOND_FACTOR_MESSAGE)
  .trim()
  .max(TYPED_CODE_MAX, SECOND_FACTOR_MESSAGE)
  .refine(isSecondFactorCode, SECOND_FACTOR_MESSAGE);

/** A proof of the second factor: a code from the app, or one of the recovery codes. */
export const secondFactorBody = z.object({ token: secondFactorCode });
export type SecondFactorBody = z.input<typeof secondFactorBody>;

/** spec §7: the client verifies first, then disables with an empty code (or a recovery code). */
export const disableTwoFactorBody = z.object({
  token: text()
    .trim()
    .max(TYPED_CODE_MAX, MESSAGES.invalidCode)
    .refine((value) => value === '' || isSecondFactorCode(value), MESSAGES.invalidCode)
    .default(''),
});

/** `POST /api/confirm-2fa`: two-factor is on, and here are the recovery codes, shown only now. */
export const confirmTwoFactorResponse = z.object({
  success: z.literal(true),
  recoveryCodes: z.array(z.string()),
});
export type ConfirmTwoFactorResponse = z.infer<typeof confirmTwoFactorResponse>;

/** `POST /api/2fa/recovery-codes`: a new set; the old ones no longer work. Shown only now. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** `GET /api/2fa`: whether two-factor is on, and how many unused recovery codes are left. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/**
 * `POST /api/verify-2fa`: signed in (or the second factor proved again). After a recovery code,
 * how many are left, so the person can be told.
 */
export const verifyTwoFactorResponse = signedInResponse.extend({
  recoveryCodesLeft: z.number().int().min(0).optional(),
});
export type VerifyTwoFactorResponse = z.infer<typeof verifyTwoFactorResponse>;
