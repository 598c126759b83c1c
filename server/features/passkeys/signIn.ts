import type {
  AuthenticationResponseJSON,
  VerifiedAuthenticationResponse,
} from '@simplewebauthn/server';
import { and, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AuthenticationOptions,
  authenticationResponse,
} from '../../../shared/contracts/passkeys';
import type { Db } from '../../platform/db/client';
import { type SessionRow, type UserRow, users } from '../../platform/db/schema';
import {
  createSession,
  deleteSession,
  type RequestMeta,
  rotateSession,
} from '../../platform/sessions';
import { recordLoginEvent } from '../account/loginActivity';
import type { ChangeContext } from '../live';
import { clearWrongCodes } from '../twofactor/codeThrottle';
import {
  CHALLENGE_TTL_MS,
  type ChallengePurpose,
  challengeOf,
  claimChallenge,
  saveChallenge,
} from './challenges';
import { unknownPasskey, verificationFailed } from './errors';
import { credentialsOf } from './manage';
import type { RelyingParty } from './relyingParty';
import { type PasskeyRow, storableCounter, userHandleOf } from './stored';
import { passkeys } from './tables';
import { loadWebAuthn } from './webauthn';

type Answer = z.output<typeof authenticationResponse>;

/** The signature counter in authenticator data (bytes 33–36, big-endian), or null if too short. */
function counterIn(authenticatorData: string): number | null {
  const bytes = Buffer.from(authenticatorData, 'base64url');
  return bytes.length >= 37 ? bytes.readUInt32BE(33) : null;
}

/**
 * Checks a passkey's answer and takes its use: the challenge (once), the passkey (the account's,
 * when `userId` is given), the signature, and a counter that moved on. Gives the passkey.
 */
async function verifyAnswer(
  db: Db,
  rp: RelyingParty,
  answer: Answer,
  expect: { purpose: ChallengePurpose; userId: string | null; userVerification: boolean },
): Promise<PasskeyRow> {
  const challenge = challengeOf(answer.response.clientDataJSON);
  if (!challenge) throw verificationFailed(new Error('no challenge in clientDataJSON'));
  await claimChallenge(db, expect.purpose, expect.userId, challenge);

  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, answer.id));
  // Another account's passkey is as unknown to this sign-in as one nobody has.
  if (!stored || (expect.userId !== null && stored.userId !== expect.userId)) {
    throw unknownPasskey();
  }
  // A discoverable passkey names its account too: it must be the one it was made for.
  const handle = answer.response.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(stored.userId)).toString('base64url')) {
    throw verificationFailed(new Error('the user handle is not the passkey owner'));
  }
  // A counter that did not move on (when it counts at all) means two copies of one key are in
  // use: WebAuthn §6.1.1. Refused before anything else is believed.
  const counter = counterIn(answer.response.authenticatorData);
  if (counter !== null && (counter > 0 || stored.counter > 0) && counter <= stored.counter) {
    throw verificationFailed(
      new Error(`counter ${counter} after ${stored.counter}`),
      'This passkey may have been copied: its use counter went backwards. Please use another way to sign in.',
    );
  }

  const { verifyAuthenticationResponse } = await loadWebAuthn();
  let result: VerifiedAuthenticationResponse;
  try {
    result = await verifyAuthenticationResponse({
      response: answer as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification: expect.userVerification,
    });
  } catch (error) {
    throw verificationFailed(error);
  }
  if (!result.verified) throw verificationFailed(new Error('the signature does not verify'));

  // Two answers verified at once with the same counter: only one moves it on.
  const next = storableCounter(result.authenticationInfo.newCounter);
  const [used] = await db
    .update(passkeys)
    .set({
      counter: next,
      lastUsedAt: new Date(),
      backedUp: result.authenticationInfo.credentialBackedUp,
    })
    .where(
      and(
        eq(passkeys.id, stored.id),
        next === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, next),
      ),
    )
    .returning({ id: passkeys.id });
  if (!used) throw verificationFailed(new Error('the counter was taken by another answer'));
  return stored;
}

/** The second step of a sign-in, by passkey: any of the account's (the browser offers them). */
export async function secondFactorOptions(
  db: Db,
  rp: RelyingParty,
  user: UserRow,
): Promise<AuthenticationOptions> {
  const allowCredentials = await credentialsOf(db, user.id);
  if (allowCredentials.length === 0) {
    throw unknownPasskey('This account has no passkey. Enter a code from your app instead.');
  }
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials,
    // The password was the first factor; the passkey's presence is the second.
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await saveChallenge(db, 'second_factor', user.id, options.challenge);
  return options;
}

/**
 * Finishes a pending sign-in with one of the account's passkeys, exactly as a right code does:
 * the pending session is replaced by a full one (a new token), and the history says `passkey`.
 */
export async function completeSecondFactorWithPasskey(
  db: Db,
  rp: RelyingParty,
  pending: { user: UserRow; session: SessionRow },
  answer: Answer,
  meta: RequestMeta,
) {
  await verifyAnswer(db, rp, answer, {
    purpose: 'second_factor',
    userId: pending.user.id,
    userVerification: false,
  });
  // The person proved their second factor: the count of wrong codes starts over, as after a
  // right code (codeThrottle.ts).
  await clearWrongCodes(db, pending.user.id);
  const { token } = await rotateSession(db, pending.session, meta, {
    twoFactorVerifiedAt: new Date(),
  });
  await recordLoginEvent(db, pending.user.id, 'passkey', meta);
  return { token };
}

/** A sign-in without a password: the browser lets the person pick any passkey they have here. */
export async function signInOptions(db: Db, rp: RelyingParty): Promise<AuthenticationOptions> {
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await saveChallenge(db, 'sign_in', null, options.challenge);
  return options;
}

/**
 * Signs in the passkey's owner, with no password. The passkey must have verified its person
 * (fingerprint, face, PIN): something they have and something they are or know, so it is both
 * factors at once and an account with two-factor on asks for no code. Whatever session this
 * browser had ends, as with a password.
 */
export async function signInWithPasskey(
  { db, live }: ChangeContext,
  rp: RelyingParty,
  answer: Answer,
  meta: RequestMeta,
  previousSession: SessionRow | null,
) {
  const stored = await verifyAnswer(db, rp, answer, {
    purpose: 'sign_in',
    userId: null,
    userVerification: true,
  });
  const [user] = await db.select().from(users).where(eq(users.id, stored.userId));
  if (!user) throw unknownPasskey();
  if (previousSession) {
    await deleteSession(db, previousSession.id);
    live.disconnect({ sessionId: previousSession.id });
  }
  const { token } = await createSession(db, user.id, meta, { twoFactorVerifiedAt: new Date() });
  await recordLoginEvent(db, user.id, 'passkey', meta);
  return { user, token };
}
