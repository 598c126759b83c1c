import { z } from 'zod';
import { uuidParam } from './params';
import { text } from './text';

// Issue #35: passkeys (WebAuthn credentials). A person adds several to their account, names and
// removes them, and signs in with one: as the second step after a password, or on its own. The
// ceremonies' options and answers are SimpleWebAuthn's JSON forms (PublicKeyCredential…JSON).

export const PASSKEY_MESSAGES = {
  notFound: 'No such passkey',
  missingName: 'Please give the passkey a name',
  nameTooLong: 'A passkey name is at most 64 characters',
  malformed: "The passkey's answer is malformed",
} as const;

export const PASSKEY_NAME_MAX = 64;
/** How many passkeys one account may hold: plenty for every device and key a person owns. */
export const MAX_PASSKEYS = 20;

export const passkeyName = text(PASSKEY_MESSAGES.missingName)
  .trim()
  .min(1, PASSKEY_MESSAGES.missingName)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong);

/** One of the signed-in person's passkeys, as their security page lists it. */
export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The last sign-in with it; null when it has not been used since it was added. */
  lastUsedAt: z.string().nullable(),
  /** Synced by its provider to the person's other devices (and backed up there). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeyList = z.array(passkey);

export const passkeyParams = z.object({ id: uuidParam(PASSKEY_MESSAGES.notFound) });
export const renamePasskeyBody = z.object({ name: passkeyName });
export type RenamePasskeyBody = z.input<typeof renamePasskeyBody>;

// What a browser sends back. Byte strings are base64url; the limits are far above what any
// authenticator produces (a credential id is at most 1,023 bytes: WebAuthn §5.4.3).
const base64url = (max: number) =>
  text(PASSKEY_MESSAGES.malformed)
    .max(max, PASSKEY_MESSAGES.malformed)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, PASSKEY_MESSAGES.malformed);
const credentialId = base64url(1400).min(1, PASSKEY_MESSAGES.malformed);
// Only the extension the server reads is kept (credProps); others are dropped, not refused.
const clientExtensionResults = z
  .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
  .default({});
const answerCommon = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.malformed }),
  authenticatorAttachment: text().max(32).optional(),
  clientExtensionResults,
};

/** `navigator.credentials.create()`'s answer (SimpleWebAuthn's RegistrationResponseJSON). */
export const registrationResponse = z.object({
  ...answerCommon,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: z.array(text().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

/** `navigator.credentials.get()`'s answer (SimpleWebAuthn's AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  ...answerCommon,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65536),
    signature: base64url(8192),
    userHandle: base64url(1400).nullish(),
  }),
});

/**
 * `POST /api/passkeys`: the new passkey and, optionally, its name (without one the server names
 * it after its provider, or the browser and system it was made on).
 */
export const createPasskeyBody = z.object({
  response: registrationResponse,
  name: passkeyName.optional(),
});
export type CreatePasskeyBody = z.input<typeof createPasskeyBody>;

/** A sign-in with a passkey: the second step, or the whole sign-in. */
export const passkeyAssertionBody = z.object({ response: authenticationResponse });
export type PasskeyAssertionBody = z.input<typeof passkeyAssertionBody>;

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** What `navigator.credentials.create()` is given (PublicKeyCredentialCreationOptionsJSON). */
export const registrationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type RegistrationOptions = z.infer<typeof registrationOptions>;

/** What `navigator.credentials.get()` is given (PublicKeyCredentialRequestOptionsJSON). */
export const authenticationOptions = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  /** The account's passkeys for a second step; absent for a sign-in without a password. */
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});
export type AuthenticationOptions = z.infer<typeof authenticationOptions>;

/** `GET /api/passkeys/second-factor`: whether the account owing a second step has a passkey. */
export const secondFactorPasskeys = z.object({ available: z.boolean() });
export type SecondFactorPasskeys = z.infer<typeof secondFactorPasskeys>;
