import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { ConfirmationDelivery } from '../../../shared/contracts/mail';
import type { Db } from '../../platform/db/client';
import { emailChanges, mailOutbox, type UserRow, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { deliveryStateOf, queueMail } from '../../platform/mail/outbox';
import { claimSingleUse, hashToken, newToken } from '../../platform/tokens';
import { assertAvailable, EMAIL_TAKEN_MESSAGE, isUniqueViolation } from './availability';

// Issue #16: `PATCH /api/user` and sign-up answered 409 for an address another account has, so
// anyone could test addresses. An address now takes effect only through a link sent to it — at
// sign-up as on a change — and the request answers the same whether or not the address is taken.
export const EMAIL_LINK_MS = 24 * 60 * 60_000;
export const EMAIL_CHANGES_PER_HOUR = 5;
export const EMAIL_LINK_INVALID =
  'This confirmation link has been used, has expired or is not valid. Ask for a new one from your profile.';

export type EmailChangeContext = { db: Db; publicUrl: string };

const greeting = (user: UserRow) => `Hi ${user.firstName || user.username},`;

/** Why an address is being confirmed: a new account's, or a change of an account's. */
export type EmailPurpose = 'sign-up' | 'change';

function confirmationMail(user: UserRow, email: string, link: string, purpose: EmailPurpose) {
  const signUp = purpose === 'sign-up';
  return {
    to: email,
    subject: signUp
      ? 'Confirm your e-mail address for Tripmates'
      : 'Confirm your new Tripmates e-mail address',
    text: [
      greeting(user),
      '',
      signUp
        ? `Welcome to Tripmates! Open this link within 24 hours to confirm ${email} for your account ${user.username}:`
        : `Open this link within 24 hours to use ${email} for your Tripmates account:`,
      link,
      '',
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ].join('\n'),
  };
}

function alreadyTakenMail(user: UserRow, email: string, publicUrl: string, purpose: EmailPurpose) {
  return {
    to: email,
    subject: 'This address already has a Tripmates account',
    text: [
      'Hello,',
      '',
      purpose === 'sign-up'
        ? `Someone just created the Tripmates account ${user.username} with ${email},`
        : `Someone signed in as ${user.username} asked to move their Tripmates account to ${email},`,
      'but this address already has an account, so it was not given to them.',
      `If that account is yours, sign in at ${publicUrl}/auth — or reset its password at`,
      `${publicUrl}/forgot-password.`,
    ].join('\n'),
  };
}

/**
 * Starts moving the account to `email` (or, at sign-up, giving it one): records the request (at
 * most EMAIL_CHANGES_PER_HOUR an hour per account, then 429) as the account's pending address,
 * and, in the same transaction, queues the link to the address — or, when another account has
 * it, a note to that address instead (issue #35: the mail outbox sends it). Either way the
 * answer and the work before it are the same. Gives the account as it now is.
 */
export async function requestEmailChange(
  { db, publicUrl }: EmailChangeContext,
  user: UserRow,
  email: string,
  { purpose = 'change', now = new Date() }: { purpose?: EmailPurpose; now?: Date } = {},
) {
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const [recent] = await db
    .select({ n: count() })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, user.id), gt(emailChanges.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= EMAIL_CHANGES_PER_HOUR) {
    throw new HttpError(
      'rate_limited',
      'Too many e-mail changes in an hour. Please try again later.',
    );
  }
  const token = newToken();
  const taken = await isTaken(db, email, user.id);
  const mail = taken
    ? alreadyTakenMail(user, email, publicUrl, purpose)
    : confirmationMail(user, email, `${publicUrl}/confirm-email?token=${token}`, purpose);
  const pending = await db.transaction(async (tx) => {
    await tx.insert(emailChanges).values({
      userId: user.id,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_LINK_MS),
      createdAt: now,
    });
    const [updated] = await tx
      .update(users)
      .set({ pendingEmail: email })
      .where(eq(users.id, user.id))
      .returning();
    await queueMail(tx, {
      ...mail,
      kind: purpose === 'sign-up' ? 'sign_up' : 'email_change',
      senderId: user.id,
    });
    return updated;
  });
  return pending ?? user;
}

async function isTaken(db: Db, email: string, userId: string) {
  try {
    await assertAvailable(db, { email }, userId);
    return false;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'email_taken') return true;
    throw error;
  }
}

/**
 * Moves the account to the address its link was sent to: once, within 24 hours, and only if no
 * other account has taken it meanwhile (409). Other pending changes of the account end with it.
 */
export async function confirmEmailChange(db: Db, token: string, now = new Date()) {
  const claimed = await claimSingleUse(db, emailChanges, token, now);
  if (!claimed) throw new HttpError('email_link_invalid', EMAIL_LINK_INVALID);
  await assertAvailable(db, { email: claimed.email }, claimed.userId);
  try {
    await db
      .update(users)
      .set({ email: claimed.email, pendingEmail: null })
      .where(eq(users.id, claimed.userId));
  } catch (error) {
    // Another account took the address since the check: the unique index decides.
    if (isUniqueViolation(error)) throw new HttpError('email_taken', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, claimed.userId), isNull(emailChanges.usedAt)));
  return { email: claimed.email };
}

/** Whether `email` is the account's own confirmed address (then there is nothing to confirm). */
export const isOwnAddress = (user: UserRow, email: string) =>
  email.toLowerCase() === user.email?.toLowerCase();

/**
 * `GET /api/user/email-confirmation` (issue #35): how the latest link to the account's pending
 * address fared, so the profile can say it did not arrive instead of leaving the person waiting.
 * Null when no address is pending or no link to it is on record.
 */
export async function confirmationDeliveryOf(db: Db, user: UserRow): Promise<ConfirmationDelivery> {
  if (!user.pendingEmail) return { state: null, reason: null };
  const [mail] = await db
    .select({ status: mailOutbox.status, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.senderId, user.id),
        inArray(mailOutbox.kind, ['sign_up', 'email_change']),
        sql`lower(${mailOutbox.recipient}) = ${user.pendingEmail.toLowerCase()}`,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) return { state: null, reason: null };
  return { state: deliveryStateOf(mail), reason: mail.status === 'sent' ? null : mail.lastError };
}
