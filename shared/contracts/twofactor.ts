import { z } from 'zod';
import { MESSAGES } from './auth';
import { text } from './text';

// spec §9: two-factor codes are 6 digits.
export const TWO_FACTOR_CODE = /^\d{6}$/;

export const twoFactorCodeBody = z.object({
  token: text(MESSAGES.invalidCode).trim().regex(TWO_FACTOR_CODE, MESSAGES.invalidCode),
});
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;

/** spec §7: the client verifies first, then disables with an empty code. */
export const disableTwoFactorBody = z.object({
  token: text()
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
