import { z } from 'zod';
import { currentUser } from './account';
import { MESSAGES } from './auth';
import { DELIVERY_STATES } from './mail';
import { uuidParam } from './params';
import { text } from './text';
import { tripParams } from './trips';

// Issue #7: the words people see when an invitation or a membership change is refused.
export const MEMBER_MESSAGES = {
  invalidEmail: MESSAGES.invalidEmail,
  invitationInvalid: 'This invitation link is no longer valid. Ask the trip owner for a new one.',
  ownerCannotLeave: 'You own this trip: delete it instead, or hand it over first.',
  noSuchMember: 'No such member',
  ownerOnly: 'Only the trip owner can manage its invitations and members.',
  inviteOnly: 'Sign-up is by invitation only. Ask a friend on Tripmates to invite you.',
  mailFailed: 'The invitation could not be sent. Please try again in a moment.',
} as const;

/** A full trip's refusal: who is over which limit, and what can be done about it. */
export function tripFullMessage(planName: string, limit: number): string {
  return (
    `This trip is full: its owner's ${planName} plan allows up to ${limit} travellers. ` +
    'Ask the owner to upgrade or to make room.'
  );
}

// Issue #7: an invitation link lasts 30 days; e-mail invitations, 20 an hour per person.
export const INVITATION_LINK_DAYS = 30;
export const EMAIL_INVITATIONS_PER_HOUR = 20;

/** `GET /api/trips/:tripId/invitation` and its reset: the join link to copy and share. */
export const invitationLink = z.object({
  /** `${publicUrl}/join/<trip-name-slug>-<code>`. */
  url: z.string(),
  expiresAt: z.string(),
});
export type InvitationLink = z.infer<typeof invitationLink>;

/**
 * `POST /api/trips/:tripId/invitations`. The address is checked with shared/email.ts's `isEmail`
 * (length first) by the service, so a bad one is answered with exactly the spec's message.
 */
export const emailInvitationBody = z.object({ email: text(MESSAGES.invalidEmail) });
export type EmailInvitationBody = z.input<typeof emailInvitationBody>;

/** `GET /api/trips/:tripId/invitations`: the owner's e-mailed invitations and how each fared. */
export const sentInvitations = z.object({
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      /** The trip's join link, or a single-use magic link (Premium and Pro). */
      kind: z.enum(['invitation', 'magic_link']),
      state: z.enum(DELIVERY_STATES),
      createdAt: z.string(),
      /** The mail server's last answer, when it was not a yes (no addresses in it). */
      reason: z.string().nullable(),
    }),
  ),
});
export type SentInvitations = z.infer<typeof sentInvitations>;
// The list covers this many days (the outbox keeps its records 30) and at most this many.
export const SENT_INVITATIONS_DAYS = 30;
export const SENT_INVITATIONS_SHOWN = 50;

/**
 * A join code as it comes: the bare code, or the link's last segment (`bali-2023-<code>`), or
 * the whole /join/… path.
 */
export const joinCode = text().trim().min(1).max(300);
export const joinParams = z.object({ code: joinCode });

/** `GET /api/join/:code`: what the join page shows before someone accepts. */
export const joinPreview = z.object({
  trip: z.object({
    name: z.string(),
    destination: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    ownerName: z.string(),
    /** Members now, the owner included. */
    travellers: z.number().int(),
    /** The owner's plan's travellers per trip; null: unlimited. */
    travellerLimit: z.number().int().nullable(),
  }),
  /** Whether the signed-in caller is already on the trip (false when signed out). */
  isMember: z.boolean(),
});
export type JoinPreview = z.infer<typeof joinPreview>;

/** `POST /api/join/:code`: the trip to open. */
export const joinResponse = z.object({ tripId: z.string() });
export type JoinResponse = z.infer<typeof joinResponse>;

export const memberParams = tripParams.extend({ userId: uuidParam(MEMBER_MESSAGES.noSuchMember) });

// Issue #7 magic links (Premium and Pro): an e-mailed link that signs the invitee in and joins
// them to the trip. Single use, 7 days; 20 an hour per person, like e-mail invitations.
export const MAGIC_LINK_DAYS = 7;
export const MAGIC_LINKS_PER_HOUR = EMAIL_INVITATIONS_PER_HOUR;

export const MAGIC_LINK_MESSAGES = {
  invalidEmail: MESSAGES.invalidEmail,
  planRequired:
    'Magic-link invitations come with the Premium and Pro plans. Upgrade to send one, or ' +
    'share the invitation link instead.',
  invalid:
    'This magic link has already been used or has expired. Ask the trip owner for a new one.',
} as const;

/**
 * `POST /api/trips/:tripId/magic-links`. The address is checked with shared/email.ts's `isEmail`
 * by the service, as for e-mail invitations; `name` (optional) becomes the first name of an
 * account the link makes.
 */
export const magicLinkBody = z.object({
  email: text(MESSAGES.invalidEmail),
  name: text()
    .trim()
    .max(64, 'Names are at most 64 characters')
    .nullish()
    .transform((value) => value || null),
});
export type MagicLinkBody = z.input<typeof magicLinkBody>;

/** The token as it comes from `${publicUrl}/magic/<token>`: 256 random bits, base64url. */
export const magicLinkParams = z.object({ token: text().max(200) });

/** `GET /api/magic/:token`: what the landing page shows before the invitee accepts. */
export const magicLinkPreview = z.object({
  trip: z.object({
    name: z.string(),
    destination: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    ownerName: z.string(),
  }),
  /** The address the link was sent to, lower-cased: the account it signs into. */
  email: z.string(),
});
export type MagicLinkPreview = z.infer<typeof magicLinkPreview>;

/**
 * `POST /api/magic/:token`: signed in and on the trip (`user`, the current-user shape), or —
 * for an account with two-factor on — half signed in: the client asks for the code
 * (POST /api/verify-2fa), then opens the trip.
 */
export const magicLinkConsumeResponse = z.union([
  z.object({ user: currentUser, tripId: z.string() }),
  z.object({ requiresTwoFactor: z.literal(true), tripId: z.string() }),
]);
export type MagicLinkConsumeResponse = z.infer<typeof magicLinkConsumeResponse>;
