import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { webauthnChallenges } from './tables';

export type ChallengePurpose = (typeof webauthnChallenges.$inferInsert)['purpose'];

/** How long a person has to answer with their passkey (also the browser's timeout). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export const challengeInvalid = () =>
  new HttpError(
    'passkey_challenge_invalid',
    'This passkey request has expired or was already used. Please try again.',
  );

/** Stores a challenge just handed out; expired ones are swept on the way. */
export async function saveChallenge(
  db: Db,
  purpose: ChallengePurpose,
  userId: string | null,
  challenge: string,
  now = new Date(),
) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    purpose,
    userId,
    challenge,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    createdAt: now,
  });
}

/**
 * Takes the challenge an answer was signed over, once: one conditional UPDATE, so two answers
 * racing with the same challenge cannot both pass. It must be for this purpose and, except for a
 * sign-in without a password (whose person is not known yet), for this account. Claimed before
 * the answer is verified, so an answer that fails cannot be tried again either.
 */
export async function claimChallenge(
  db: Db,
  purpose: ChallengePurpose,
  userId: string | null,
  challenge: string,
  now = new Date(),
) {
  const [claimed] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.purpose, purpose),
        eq(webauthnChallenges.challenge, challenge),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  if (!claimed) throw challengeInvalid();
}

/** The challenge a browser's answer names (in its clientDataJSON), or null if there is none. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null) return null;
    const { challenge } = data as { challenge?: unknown };
    // A challenge is base64url of 32 random bytes; anything else was never ours.
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(challenge)
      ? challenge
      : null;
  } catch {
    return null;
  }
}
