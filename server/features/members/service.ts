import { and, count, eq, sql } from 'drizzle-orm';
import { MEMBER_GONE } from '../../../shared/contracts/live';
import {
  type JoinPreview,
  MEMBER_MESSAGES,
  tripFullMessage,
} from '../../../shared/contracts/members';
import { isEmail } from '../../../shared/email';
import { PLAN_LIMITS } from '../../../shared/plans';
import type { Db, Tx } from '../../platform/db/client';
import { type TripRow, tripMembers, trips, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { recordActivity } from '../activity/record';
import { memberLeaving } from '../featureLookup';
import { type ChangeContext, inTransaction } from '../live';
import { notify } from '../notifications/notify';
import { channelsFor } from '../notifications/preferences';
import { memberName, type TripAccess } from '../trips/access';
import { findInvitedTrip, getOrCreateLink } from './invitations';

type Person = { firstName: string | null; lastName: string | null; username: string };

const invitationInvalid = () =>
  new HttpError('invitation_invalid', MEMBER_MESSAGES.invitationInvalid);

async function travellersOn(db: Db | Tx, tripId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tripMembers)
    .where(eq(tripMembers.tripId, tripId));
  return row?.n ?? 0;
}

async function ownerOf(db: Db | Tx, trip: Pick<TripRow, 'ownerId'>) {
  const [owner] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      plan: users.plan,
    })
    .from(users)
    .where(eq(users.id, trip.ownerId));
  return owner!;
}

async function isMember(db: Db | Tx, tripId: string, userId: string) {
  const [row] = await db
    .select({ userId: tripMembers.userId })
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
  return row !== undefined;
}

/** `GET /api/join/:code`: what the join page shows. Unknown, reset or expired codes are a 404. */
export async function previewJoin(
  db: Db,
  code: string,
  userId: string | null,
): Promise<JoinPreview> {
  const trip = await findInvitedTrip(db, code);
  if (!trip) throw invitationInvalid();
  const owner = await ownerOf(db, trip);
  return {
    trip: {
      name: trip.name,
      destination: trip.destination,
      startDate: trip.startDate,
      endDate: trip.endDate,
      ownerName: memberName(owner),
      travellers: await travellersOn(db, trip.id),
      travellerLimit: PLAN_LIMITS[owner.plan].travellersPerTrip,
    },
    isMember: userId ? await isMember(db, trip.id, userId) : false,
  };
}

/**
 * `POST /api/join/:code`: the caller becomes a member. Someone already on the trip gets the same
 * answer and nothing changes. The traveller limit is the OWNER's plan's (the host pays, spec §1),
 * owner included; the trip row is locked while counting, so two people cannot both take the last
 * place.
 */
/**
 * Refuses a newcomer when the trip already has as many travellers as its owner's plan allows
 * (the owner included). Callers lock the trip row first, so two joins cannot take one place.
 */
export async function assertRoomOnTrip(tx: Tx, trip: { id: string; ownerId: string }) {
  const plan = PLAN_LIMITS[(await ownerOf(tx, trip)).plan];
  const limit = plan.travellersPerTrip;
  if (limit !== null && (await travellersOn(tx, trip.id)) >= limit) {
    throw new HttpError('trip_full', tripFullMessage(plan.name, limit));
  }
}

export async function joinTrip(
  context: ChangeContext,
  code: string,
  userId: string,
): Promise<{ tripId: string }> {
  return inTransaction(context, async ({ db: tx, live }) => {
    const invited = await findInvitedTrip(tx, code);
    if (!invited) throw invitationInvalid();
    const [trip] = await tx.select().from(trips).where(eq(trips.id, invited.id)).for('update');
    if (!trip) throw invitationInvalid();
    if (await isMember(tx, trip.id, userId)) return { tripId: trip.id };
    await assertRoomOnTrip(tx, trip);
    await tx.insert(tripMembers).values({ tripId: trip.id, userId, role: 'member' });
    await recordActivity(tx, trip.id, userId, { kind: 'member.joined', subjectId: userId });
    // The others' member lists, and the joiner's other tabs, which have a trip list to add it to.
    live.tripChanged(trip.id, { type: 'members:changed' }, { memberIds: [userId] });
    return { tripId: trip.id };
  });
}

/**
 * Issue #38: joins the trip a new account's invitation leads to, as part of its sign-up. The
 * invitation is checked again here, in the join's transaction: a link reset or expired since, or
 * a trip that filled up meanwhile, leaves the account as it is (null) rather than failing the
 * sign-up, and the join page then says why.
 */
export async function joinIfInvited(
  context: ChangeContext,
  code: string,
  userId: string,
): Promise<string | null> {
  try {
    return (await joinTrip(context, code, userId)).tripId;
  } catch (error) {
    if (error instanceof HttpError && ['invitation_invalid', 'trip_full'].includes(error.code)) {
      return null;
    }
    throw error;
  }
}

/**
 * Takes someone off the trip. In the same transaction each feature lets go of what was theirs
 * (a to-do becomes unassigned, a flight the whole group's): nothing of the trip keeps pointing
 * at an outsider.
 */
async function takeOffTrip(
  context: ChangeContext,
  tripId: string,
  userId: string,
  entry: { kind: 'member.left' | 'member.removed'; message: string },
) {
  await inTransaction(context, async (change) => {
    const tx = change.db;
    // The trip's row, as restoring from its history locks it: a to-do restored meanwhile cannot
    // come back assigned to the person leaving.
    await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for('update');
    const removed = await tx
      .delete(tripMembers)
      .where(
        and(
          eq(tripMembers.tripId, tripId),
          eq(tripMembers.userId, userId),
          eq(tripMembers.role, 'member'),
        ),
      )
      .returning({ userId: tripMembers.userId });
    if (removed.length === 0) throw new HttpError('not_found', MEMBER_MESSAGES.noSuchMember);
    await memberLeaving(change, tripId, userId);
    await recordActivity(tx, tripId, change.actorId, {
      kind: entry.kind,
      subjectId: userId,
      data: { userId },
    });
    change.live.memberGone(tripId, userId, entry.message);
  });
}

/** `DELETE /api/trips/:tripId/members/:userId` (the owner checked by the route's policy). */
export async function removeMember(
  context: ChangeContext,
  access: TripAccess,
  ownerId: string,
  userId: string,
) {
  if (userId === ownerId)
    throw new HttpError('owner_cannot_leave', MEMBER_MESSAGES.ownerCannotLeave);
  await takeOffTrip(context, access.trip.id, userId, {
    kind: 'member.removed',
    message: MEMBER_GONE.removed,
  });
}

/** `POST /api/trips/:tripId/leave`: a member leaves; the owner has to delete or hand over. */
export async function leaveTrip(context: ChangeContext, access: TripAccess, userId: string) {
  if (access.role === 'owner')
    throw new HttpError('owner_cannot_leave', MEMBER_MESSAGES.ownerCannotLeave);
  await takeOffTrip({ ...context, actorId: userId }, access.trip.id, userId, {
    kind: 'member.left',
    message: MEMBER_GONE.left,
  });
}

/**
 * The account an invitation's address belongs to, unless it is on the trip already, and whether
 * they want invitations by e-mail.
 */
async function accountInvited(db: Db, tripId: string, address: string) {
  const [account] = await db
    .select({ id: users.id, member: tripMembers.userId })
    .from(users)
    .leftJoin(tripMembers, and(eq(tripMembers.userId, users.id), eq(tripMembers.tripId, tripId)))
    .where(eq(sql`lower(${users.email})`, address.toLowerCase()));
  if (!account || account.member) return null;
  const wants = (await channelsFor(db, [account.id], 'invited')).get(account.id);
  return { id: account.id, wantsEmail: wants?.email ?? true };
}

/** Keeps a trip or person's name on one line of a subject or greeting. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * `POST /api/trips/:tripId/invitations`: e-mails the trip's join link to `email`.
 *
 * When the address is a Tripmates account's (issue #24), the invitation is also in their bell, and
 * the e-mail goes only if their "Trip invitations" e-mail switch is on: what they chose decides
 * how they hear of it, and the owner is told "sent" either way. An address with no account gets
 * the e-mail: the owner asked for it, and there is no one to have chosen otherwise. The bell and
 * the e-mail are one transaction; the mail outbox sends the e-mail (issue #35), and the owner's
 * list of sent invitations says how it fared.
 */
export async function sendEmailInvitation(
  deps: { db: Db; publicUrl: string },
  access: TripAccess,
  inviter: Person & { id: string },
  email: string,
) {
  const address = email.trim();
  if (!isEmail(address)) throw new HttpError('invalid_email', MEMBER_MESSAGES.invalidEmail);
  const { url } = await getOrCreateLink(deps.db, deps.publicUrl, access.trip, inviter.id);
  const invitee = await accountInvited(deps.db, access.trip.id, address);
  const inviterName = oneLine(memberName(inviter));
  const tripName = oneLine(access.trip.name);
  await deps.db.transaction(async (tx) => {
    if (invitee) {
      await notify(
        tx,
        [invitee.id],
        {
          kind: 'invited',
          tripId: access.trip.id,
          actorId: inviter.id,
          data: { label: access.trip.name, path: new URL(url).pathname },
        },
        new Date(),
        { emailSent: true },
      );
      if (!invitee.wantsEmail) return;
    }
    await queueMail(tx, {
      kind: 'invitation',
      senderId: inviter.id,
      tripId: access.trip.id,
      to: address,
      subject: `${inviterName} invited you to ${tripName} on Tripmates`,
      text: [
        'Hi,',
        '',
        `${inviterName} invited you to plan "${tripName}" together on Tripmates.`,
        `Join the trip here: ${url}`,
        '',
        'Joining is free. If you do not know the sender, you can ignore this e-mail.',
      ].join('\n'),
    });
  });
}
