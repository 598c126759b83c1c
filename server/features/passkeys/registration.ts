import type {
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createPasskeyBody,
  MAX_PASSKEYS,
  type RegistrationOptions,
} from '../../../shared/contracts/passkeys';
import type { Db } from '../../platform/db/client';
import type { UserRow } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import type { RequestMeta } from '../../platform/sessions';
import { recordLoginEvent } from '../account/loginActivity';
import { CHALLENGE_TTL_MS, challengeOf, claimChallenge, saveChallenge } from './challenges';
import { verificationFailed } from './errors';
import { credentialsOf } from './manage';
import { defaultPasskeyName } from './names';
import type { RelyingParty } from './relyingParty';
import { displayNameOf, knownTransports, storableCounter, toPasskey, userHandleOf } from './stored';
import { passkeys } from './tables';
import { loadWebAuthn } from './webauthn';

// WebAuthn §5.4.3: a credential id is at most 1,023 bytes.
const CREDENTIAL_ID_MAX_BYTES = 1023;

const tooMany = () =>
  new HttpError(
    'item_limit',
    `An account can have up to ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`,
  );

async function passkeyCount(db: Db, userId: string) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/**
 * What the browser needs to make a passkey for this account. It must be discoverable (a
 * "resident key"), so that it can sign in without a password too; the account's passkeys are
 * excluded, so one authenticator does not get two of them.
 */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: UserRow,
): Promise<RegistrationOptions> {
  const existing = await credentialsOf(db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw tooMany();
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: userHandleOf(user.id),
    userDisplayName: displayNameOf(user),
    timeout: CHALLENGE_TTL_MS,
    // Nothing here decides on the authenticator's make, so no attestation is asked for.
    attestationType: 'none',
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await saveChallenge(db, 'register', user.id, options.challenge);
  return options;
}

/** Verifies the browser's new passkey and adds it to the account (`passkey_added` in history). */
export async function createPasskey(
  db: Db,
  rp: RelyingParty,
  user: UserRow,
  body: z.output<typeof createPasskeyBody>,
  meta: RequestMeta,
) {
  const answer = body.response;
  const challenge = challengeOf(answer.response.clientDataJSON);
  if (!challenge) throw verificationFailed(new Error('no challenge in clientDataJSON'));
  await claimChallenge(db, 'register', user.id, challenge);

  const { verifyRegistrationResponse } = await loadWebAuthn();
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      response: answer as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // 'preferred' was asked for: a passkey whose authenticator cannot verify its person
      // still serves as a second step after the password (signing in without one needs it).
      requireUserVerification: false,
    });
  } catch (error) {
    throw verificationFailed(error);
  }
  if (!verification.verified) throw verificationFailed();
  const { credential, credentialDeviceType, credentialBackedUp, aaguid } =
    verification.registrationInfo;
  if (
    credential.id !== answer.id ||
    Buffer.from(credential.id, 'base64url').length > CREDENTIAL_ID_MAX_BYTES
  ) {
    throw verificationFailed(new Error('the credential id does not match the answer'));
  }
  if ((await passkeyCount(db, user.id)) >= MAX_PASSKEYS) throw tooMany();

  const row = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: storableCounter(credential.counter),
        transports: knownTransports(answer.response.transports),
        multiDevice: credentialDeviceType === 'multiDevice',
        backedUp: credentialBackedUp,
        name: body.name ?? defaultPasskeyName(aaguid, meta.userAgent),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!added) {
      throw new HttpError(
        'passkey_already_registered',
        'This passkey is already registered with Tripmates.',
      );
    }
    await recordLoginEvent(tx, user.id, 'passkey_added', meta);
    return added;
  });
  return toPasskey(row);
}
