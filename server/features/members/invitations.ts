import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { INVITATION_LINK_DAYS, type InvitationLink } from '../../../shared/contracts/members';
import type { Db, Tx } from '../../platform/db/client';
import { type TripRow, trips, users } from '../../platform/db/schema';
import { type TripInvitationRow, tripInvitations } from './tables';

const DAY_MS = 86_400_000;
const SLUG_MAX = 40;

// 16 random bytes in base64url are always 22 characters. That alphabet includes '-', so a code
// is read as the last 22 characters of the link rather than "whatever follows the last '-'":
// the slug in front is decoration, and renaming the trip never breaks a link.
const CODE_BYTES = 16;
const CODE_LENGTH = 22;
const CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A new link secret: 128 random bits. */
export function newInvitationCode(): string {
  return randomBytes(CODE_BYTES).toString('base64url');
}

/** The readable part of a join link: `Bali 2023` → `bali-2023`, `Café São Paulo!` → `cafe-sao-paulo`. */
export function tripSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  // A name with no ASCII letters or digits at all (say, in Japanese) still gives a tidy link.
  return slug || 'trip';
}

export function joinUrl(publicUrl: string, tripName: string, code: string): string {
  return `${publicUrl}/join/${tripSlug(tripName)}-${code}`;
}

/**
 * The code in what someone brought: the bare code, the link's last segment (`bali-2023-<code>`),
 * the /join/… path or the whole URL. Null when it cannot hold a code.
 */
export function parseInvitationCode(input: string): string | null {
  const withoutQuery = input.trim().split(/[?#]/)[0] ?? '';
  const segment = withoutQuery.split('/').filter(Boolean).at(-1) ?? '';
  const code = segment.slice(-CODE_LENGTH);
  return CODE_PATTERN.test(code) ? code : null;
}

function toLink(publicUrl: string, trip: TripRow, invitation: TripInvitationRow): InvitationLink {
  return {
    url: joinUrl(publicUrl, trip.name, invitation.code),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

function freshValues(tripId: string, createdBy: string, now: Date) {
  return {
    tripId,
    code: newInvitationCode(),
    createdBy,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_LINK_DAYS * DAY_MS),
  };
}

/**
 * The trip's link, made on the first request. An expired link is replaced by a new one: the owner
 * asking for the link always gets one that works. Two first requests at once end with one link.
 */
export async function getOrCreateLink(
  db: Db | Tx,
  publicUrl: string,
  trip: TripRow,
  userId: string,
  now = new Date(),
): Promise<InvitationLink> {
  const [current] = await db
    .select()
    .from(tripInvitations)
    .where(and(eq(tripInvitations.tripId, trip.id), gt(tripInvitations.expiresAt, now)));
  if (current) return toLink(publicUrl, trip, current);
  const values = freshValues(trip.id, userId, now);
  const [made] = await db
    .insert(tripInvitations)
    .values(values)
    .onConflictDoUpdate({
      target: tripInvitations.tripId,
      set: values,
      // Only an expired link is replaced: one made a moment ago by a parallel request stays.
      setWhere: lte(tripInvitations.expiresAt, now),
    })
    .returning();
  if (made) return toLink(publicUrl, trip, made);
  const [winner] = await db
    .select()
    .from(tripInvitations)
    .where(eq(tripInvitations.tripId, trip.id));
  return toLink(publicUrl, trip, winner!);
}

/** A new code for the trip's link; the old one stops working at once. */
export async function resetLink(
  db: Db,
  publicUrl: string,
  trip: TripRow,
  userId: string,
  now = new Date(),
): Promise<InvitationLink> {
  const values = freshValues(trip.id, userId, now);
  const [row] = await db
    .insert(tripInvitations)
    .values(values)
    .onConflictDoUpdate({ target: tripInvitations.tripId, set: values })
    .returning();
  return toLink(publicUrl, trip, row!);
}

/** The trip a code (or link) lets people into, or null when it is unknown, reset or expired. */
export async function findInvitedTrip(
  db: Db | Tx,
  input: string,
  now = new Date(),
): Promise<TripRow | null> {
  const code = parseInvitationCode(input);
  if (!code) return null;
  const [row] = await db
    .select({ trip: trips })
    .from(tripInvitations)
    .innerJoin(trips, eq(trips.id, tripInvitations.tripId))
    .where(and(eq(tripInvitations.code, code), gt(tripInvitations.expiresAt, now)));
  return row?.trip ?? null;
}

/**
 * Whether someone may create an account (issue #7). With REGISTRATION=invite, only with a valid
 * invitation — except on an instance with no account yet: its first account (the admin) has
 * nobody who could have invited it.
 */
export async function maySignUp(
  db: Db,
  registration: 'open' | 'invite',
  invitation: string | undefined,
): Promise<boolean> {
  if (registration === 'open') return true;
  if (invitation && (await findInvitedTrip(db, invitation))) return true;
  const [anyone] = await db.select({ id: users.id }).from(users).limit(1);
  return anyone === undefined;
}
