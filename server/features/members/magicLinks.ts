import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  MAGIC_LINK_DAYS,
  MAGIC_LINK_MESSAGES,
  type MagicLinkPreview,
} from '../../../shared/contracts/members';
import { isEmail } from '../../../shared/email';
import { PLAN_LIMITS } from '../../../shared/plans';
import type { Db, Tx } from '../../platform/db/client';
import { tripMembers, trips, type UserRow, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { createSession, deleteSession, type RequestMeta } from '../../platform/sessions';
import { claimSingleUse, hashToken, newToken } from '../../platform/tokens';
import { recordLoginEvent } from '../account/loginActivity';
import { recordActivity } from '../activity/record';
import { ACCOUNT_CREATION_LOCK } from '../auth/register';
import { type ChangeContext, inTransaction } from '../live';
import { memberName, type TripAccess } from '../trips/access';
import { assertRoomOnTrip } from './service';
import { magicLinks } from './tables';

const DAY_MS = 86_400_000;
const USERNAME_MAX = 32;
// Leaves room for a "-<n>" suffix within the 32 characters a username may have.
const USERNAME_BASE_MAX = 24;

const linkInvalid = () => new HttpError('magic_link_invalid', MAGIC_LINK_MESSAGES.invalid);

/** Keeps a trip or person's name on one line of a subject or greeting. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function magicLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/magic/${token}`;
}

/**
 * `POST /api/trips/:tripId/magic-links` (the owner checked by the route): e-mails a single-use
 * link that signs `email` in and joins them to the trip. Only the OWNER's plan counts (the host
 * pays, spec §1); the database keeps only the token's SHA-256.
 */
export async function sendMagicLink(
  deps: { db: Db; publicUrl: string },
  access: TripAccess,
  inviter: UserRow,
  input: { email: string; name: string | null },
  now = new Date(),
) {
  if (!PLAN_LIMITS[inviter.plan].magicLinkInvites) {
    throw new HttpError('plan_required', MAGIC_LINK_MESSAGES.planRequired);
  }
  const address = input.email.trim();
  if (!isEmail(address)) throw new HttpError('invalid_email', MAGIC_LINK_MESSAGES.invalidEmail);
  const token = newToken();
  const inviterName = oneLine(memberName(inviter));
  const tripName = oneLine(access.trip.name);
  const greeting = input.name ? `Hi ${oneLine(input.name)},` : 'Hi,';
  // The link and its e-mail together; the outbox sends it and the owner's list says how it fared.
  await deps.db.transaction(async (tx) => {
    await tx.insert(magicLinks).values({
      tokenHash: hashToken(token),
      tripId: access.trip.id,
      email: address.toLowerCase(),
      name: input.name,
      createdBy: inviter.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + MAGIC_LINK_DAYS * DAY_MS),
    });
    await queueMail(
      tx,
      {
        kind: 'magic_link',
        senderId: inviter.id,
        tripId: access.trip.id,
        to: address,
        subject: `${inviterName} invited you to ${tripName} on Tripmates`,
        text: [
          greeting,
          '',
          `${inviterName} invited you to plan "${tripName}" together on Tripmates.`,
          `Open this link to join the trip, no password needed: ${magicLinkUrl(deps.publicUrl, token)}`,
          '',
          `The link signs you in as ${address.toLowerCase()} (making a free account if you have ` +
            `none). It works once, within ${MAGIC_LINK_DAYS} days; do not forward it.`,
          'If you do not know the sender, you can ignore this e-mail.',
        ].join('\n'),
      },
      now,
    );
  });
}

/** `GET /api/magic/:token`: the landing page's trip and address. Used, expired or unknown: 404. */
export async function previewMagicLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<MagicLinkPreview> {
  const [row] = await db
    .select({ link: magicLinks, trip: trips, owner: users })
    .from(magicLinks)
    .innerJoin(trips, eq(trips.id, magicLinks.tripId))
    .innerJoin(users, eq(users.id, trips.ownerId))
    .where(
      and(
        eq(magicLinks.tokenHash, hashToken(token)),
        isNull(magicLinks.usedAt),
        gt(magicLinks.expiresAt, now),
      ),
    );
  if (!row) throw linkInvalid();
  return {
    trip: {
      name: row.trip.name,
      destination: row.trip.destination,
      startDate: row.trip.startDate,
      endDate: row.trip.endDate,
      ownerName: memberName(row.owner),
    },
    email: row.link.email,
  };
}

/**
 * A username from an address's local part: `Ana.Lima+trips@x.org` → `ana.limatrips`, padded when
 * shorter than the 3 characters a username needs, then made unique with `-2`, `-3`, ….
 */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const base = local
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '')
    .slice(0, USERNAME_BASE_MAX);
  if (base.length >= 3) return base;
  return base ? `${base}-traveller` : 'traveller';
}

async function usernameTaken(tx: Tx, name: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${name.toLowerCase()}`);
  return row !== undefined;
}

/** Called with the account-creation lock held, so the name found free stays free. */
async function uniqueUsername(tx: Tx, email: string): Promise<string> {
  const base = usernameBase(email);
  if (!(await usernameTaken(tx, base))) return base;
  for (let n = 2; n <= 50; n += 1) {
    const candidate = `${base}-${n}`;
    if (!(await usernameTaken(tx, candidate))) return candidate;
  }
  // A very common local part (info@, hello@…): random characters end the search.
  return `${base}-${newToken()
    .slice(0, 6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`.slice(0, USERNAME_MAX);
}

async function findByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

async function isMember(tx: Tx, tripId: string, userId: string) {
  const [row] = await tx
    .select({ userId: tripMembers.userId })
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
  return row !== undefined;
}

/** The owner's plan's traveller limit, owner included, as joining by link applies it. */
export type MagicLinkResult =
  | { kind: 'signedIn'; user: UserRow; token: string; tripId: string }
  | { kind: 'needsSecondFactor'; token: string; tripId: string };

/**
 * `POST /api/magic/:token`, all in one transaction: claims the link (single use even when two
 * requests race: the second one's update waits for the first and then finds it used), finds or
 * makes the account, joins the trip and signs in. Anything refused — a full trip above all —
 * rolls it all back, so the link stays usable once the owner makes room.
 *
 * An account with two-factor on gets a pending session, exactly as a password sign-in does: the
 * link stands in for the password, never for the second factor.
 */
export async function consumeMagicLink(
  context: ChangeContext,
  token: string,
  meta: RequestMeta,
  previousSessionId: string | null,
  now = new Date(),
): Promise<MagicLinkResult> {
  return inTransaction(context, async ({ db: tx, live }) => {
    const link = await claimSingleUse(tx, magicLinks, token, now);
    if (!link) throw linkInvalid();
    // Locked while counting, as joining by link does: two people cannot both take the last place.
    const [trip] = await tx.select().from(trips).where(eq(trips.id, link.tripId)).for('update');
    if (!trip) throw linkInvalid();

    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK})`);
    let user = await findByEmail(tx, link.email);
    if (!user || !(await isMember(tx, trip.id, user.id))) {
      await assertRoomOnTrip(tx, trip);
      if (!user) {
        const [created] = await tx
          .insert(users)
          .values({
            username: await uniqueUsername(tx, link.email),
            email: link.email,
            // Passwordless: the e-mail is the way in until they choose a password.
            passwordHash: null,
            firstName: link.name,
          })
          .returning();
        user = created!;
      }
      await tx.insert(tripMembers).values({ tripId: trip.id, userId: user.id, role: 'member' });
      await recordActivity(tx, trip.id, user.id, { kind: 'member.joined', subjectId: user.id });
    }

    // Whatever session this browser had ends, as at sign-in: it now belongs to this account,
    // and its live connections close.
    if (previousSessionId) {
      await deleteSession(tx, previousSessionId);
      live.disconnect({ sessionId: previousSessionId });
    }
    // The trip has a new member (and the newcomer's other tabs, if signed in, a trip to add to
    // their list).
    const signedIn = !user.twoFactorEnabled;
    live.tripChanged(
      trip.id,
      { type: 'members:changed' },
      { memberIds: signedIn ? [user.id] : [] },
    );
    if (!signedIn) {
      const { token } = await createSession(tx, user.id, meta, { pendingTwoFactor: true });
      return { kind: 'needsSecondFactor' as const, token, tripId: trip.id };
    }
    const session = await createSession(tx, user.id, meta);
    await recordLoginEvent(tx, user.id, 'success', meta);
    return { kind: 'signedIn' as const, user, token: session.token, tripId: trip.id };
  });
}
