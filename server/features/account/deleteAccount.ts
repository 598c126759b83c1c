import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { itemRemoved } from '../../../shared/contracts/live';
import type { Db } from '../../platform/db/client';
import { accountDeletions, type UserRow, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { hashToken, newToken } from '../../platform/tokens';
import { verifyAccountPassword } from '../auth/loginThrottle';
import { memberLeaving } from '../featureLookup';
import { type ChangeContext, inTransaction } from '../live';
import { photosAddedBy } from '../photos/service';
import { ownerPlanOf, tripIdsOf, tripMemberIds } from '../trips/access';
import { handOverOwnedTrips } from '../trips/handOver';
import { liveSettingsOf } from '../trips/service';
import { consumeCode, invalidCode } from '../twofactor/consumeCode';

// Issue #16: an account made by a magic link has no password, and a session alone deleted it.
// Such an account confirms through a link e-mailed to its address instead.
export const DELETION_LINK_MS = 60 * 60_000;
export const DELETION_LINKS_PER_HOUR = 3;
export const DELETION_LINK_INVALID =
  'This link has been used, has expired or is not valid. Ask for a new one on your security page.';

/** Deletes the account of someone who has a password: with it (and a code when 2FA is on). */
export async function deleteAccount(
  ctx: ChangeContext,
  user: UserRow,
  input: { password: string; token?: string | undefined },
) {
  if (!user.passwordHash) {
    throw new HttpError(
      'link_required',
      'Your account has no password: confirm with the link we e-mail you.',
    );
  }
  if (!(await verifyAccountPassword(ctx.db, user, input.password))) {
    throw new HttpError('wrong_password', 'Your password is not correct.');
  }
  await checkSecondFactor(ctx.db, user, input.token);
  await removeAccount(ctx, user);
}

export type DeletionLinkContext = { db: Db; publicUrl: string };

/**
 * E-mails an account without a password the link that confirms its deletion (valid for an hour;
 * at most DELETION_LINKS_PER_HOUR an hour, then 429), through the mail outbox.
 */
export async function requestDeletionLink(
  { db, publicUrl }: DeletionLinkContext,
  user: UserRow,
  now = new Date(),
) {
  if (user.passwordHash) {
    throw new HttpError('password_required', 'Confirm with your password instead.');
  }
  // Always there: an account without a password was made by a link to its address.
  const address = user.email;
  if (!address) throw new HttpError('invalid_email', 'Your account has no confirmed address.');
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const [recent] = await db
    .select({ n: count() })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, user.id), gt(accountDeletions.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= DELETION_LINKS_PER_HOUR) {
    throw new HttpError('rate_limited', 'Too many links in an hour. Please try again later.');
  }
  const token = newToken();
  const link = `${publicUrl}/delete-account?token=${token}`;
  // The link and its e-mail together (the outbox sends it, issue #35).
  await db.transaction(async (tx) => {
    await tx.insert(accountDeletions).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + DELETION_LINK_MS),
      createdAt: now,
    });
    await queueMail(tx, {
      kind: 'account_deletion',
      senderId: user.id,
      to: address,
      subject: 'Confirm deleting your Tripmates account',
      text: [
        `Hi ${user.firstName || user.username},`,
        '',
        'Open this link within an hour to delete your Tripmates account for good:',
        link,
        '',
        'If you did not ask for this, ignore this e-mail: your account stays as it is.',
      ].join('\n'),
    });
  });
}

/**
 * Deletes the account a deletion link was sent for (the link is the proof, from any browser),
 * with a code too when two-factor is on. A wrong code leaves the link usable. Answers the
 * deleted account's id.
 */
export async function deleteAccountByLink(
  ctx: ChangeContext,
  input: { confirmation: string; token?: string | undefined },
  now = new Date(),
) {
  const valid = and(
    eq(accountDeletions.tokenHash, hashToken(input.confirmation)),
    isNull(accountDeletions.usedAt),
    gt(accountDeletions.expiresAt, now),
  );
  const [found] = await ctx.db
    .select({ user: users })
    .from(accountDeletions)
    .innerJoin(users, eq(users.id, accountDeletions.userId))
    .where(valid);
  if (!found) throw new HttpError('deletion_link_invalid', DELETION_LINK_INVALID);
  await checkSecondFactor(ctx.db, found.user, input.token);
  // Used in the statement that checks it is still unused: two clicks cannot both go on.
  const claimed = await ctx.db
    .update(accountDeletions)
    .set({ usedAt: now })
    .where(valid)
    .returning({ id: accountDeletions.id });
  if (claimed.length === 0) throw new HttpError('deletion_link_invalid', DELETION_LINK_INVALID);
  await removeAccount(ctx, found.user);
  return found.user.id;
}

async function checkSecondFactor(db: Db, user: UserRow, code: string | undefined) {
  if (!user.twoFactorEnabled) return;
  // No code at all is not a guess: it is asked for, and not counted as a wrong one.
  if (!code) throw new HttpError('invalid_code', 'Enter a code from your authenticator app.');
  if (!(await consumeCode(db, user, code))) throw invalidCode();
}

/**
 * Deletes the account. Its trips pass to another member or go (trips/handOver.ts). Afterwards its
 * live connections close, and the others on its trips are told: one member fewer, and a new
 * owner where it owned the trip.
 */
async function removeAccount(context: ChangeContext, user: UserRow) {
  await inTransaction(context, async (change) => {
    const { db: tx, live } = change;
    const onTrips = await tripIdsOf(tx, user.id);
    // The photos they added go too, on every trip, files and all (issue #23).
    const photos = await photosAddedBy(tx, user.id);
    // trips.owner_id cascades: the trips must have a new owner before the user row goes.
    const { handedOver, deleted } = await handOverOwnedTrips(tx, user.id);
    const leftTripIds = onTrips.filter((id) => !deleted.includes(id));
    // On each trip that stays, what was theirs lets go of them as when a member leaves (a to-do
    // unassigned, a flight the group's), and is announced so.
    for (const tripId of leftTripIds) await memberLeaving(change, tripId, user.id);
    // Sessions, activity, reset links and memberships go with the user (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, user.id));

    live.disconnect({ userId: user.id });
    for (const trip of handedOver) {
      live.tripChanged(
        trip.id,
        { type: 'trip:saved', trip: liveSettingsOf(trip, await ownerPlanOf(tx, trip.id)) },
        { memberIds: await tripMemberIds(tx, trip.id) },
      );
    }
    for (const tripId of leftTripIds) live.tripChanged(tripId, { type: 'members:changed' });
    // Those on trips that stay, whether or not the account was still on them.
    for (const photo of photos.filter((photo) => !deleted.includes(photo.tripId))) {
      live.tripChanged(photo.tripId, itemRemoved('photos', photo.id));
    }
  });
}
