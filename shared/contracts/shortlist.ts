import { z } from 'zod';
import type { SharedFeature } from '../featureContract';
import { canonicalId } from '../ids';
import { newItemId, uuidParam } from './params';
import { money, offerSlice } from './search';
import { text } from './text';

// Issue #21: the options the group is deciding between — a priced flight, a partner's search,
// a pasted listing — with everyone's yes or no, a clear leader, and the one chosen.

export const SHORTLIST_KINDS = ['flight', 'stay'] as const;
export type ShortlistKind = (typeof SHORTLIST_KINDS)[number];
export const MAX_SHORTLIST_PER_TRIP = 100;
export const LINK_MAX_LENGTH = 2000;

export const SHORTLIST_MESSAGES = {
  tooMany: `A trip's shortlist holds at most ${MAX_SHORTLIST_PER_TRIP} options. Remove some to add more.`,
  source: 'Send an offer of the trip’s flight search, a partner of one of its searches, or a link',
  offerGone: 'That offer is not in the trip’s latest flight search any more. Search again.',
  partnerGone: 'That partner is not in the trip’s latest search. Search again.',
  link: 'Please paste a link starting with http:// or https://',
  linkTooLong: `A link is at most ${LINK_MAX_LENGTH} characters`,
  linkUnreadable:
    'That page could not be read. Check the link, or try the listing’s own page on the partner’s site.',
  linkRefused: 'That address is not a public web page',
  duplicate: 'That option is on the shortlist already',
  vote: 'The vote must be yes, no or null (to take it back)',
  chosen: 'chosen must be true or false',
  travellers: 'travellerIds must be a list of members of this trip',
  ownerChooses:
    'Only the trip’s owner marks an option chosen (the owner can let everyone in the trip settings)',
  creatorOnly: 'Only who added it, or the trip’s owner, takes an option off the shortlist',
  notFound: 'No such option',
} as const;

const link = text({ error: SHORTLIST_MESSAGES.link })
  .trim()
  .max(LINK_MAX_LENGTH, SHORTLIST_MESSAGES.linkTooLong)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, SHORTLIST_MESSAGES.link);

/**
 * `POST /api/trips/{tripId}/shortlist`. The server builds the option from what it has: an offer
 * of the trip's latest flight search, a partner's search of its latest flight or stay search, or
 * the public preview of a pasted link (a stay unless `kind` says flight). `id`, if given, is the
 * client's choice (`newItemId`).
 */
export const createShortlistOptionBody = z.discriminatedUnion(
  'source',
  [
    z.object({
      id: newItemId.optional(),
      source: z.literal('offer'),
      offerId: text().min(1).max(200),
    }),
    z.object({
      id: newItemId.optional(),
      source: z.literal('partner'),
      kind: z.enum(SHORTLIST_KINDS),
      partner: text().min(1).max(100),
    }),
    z.object({
      id: newItemId.optional(),
      source: z.literal('link'),
      url: link,
      kind: z.enum(SHORTLIST_KINDS).default('stay'),
    }),
  ],
  { error: SHORTLIST_MESSAGES.source },
);
export type CreateShortlistOptionBody = z.input<typeof createShortlistOptionBody>;
export type CreateShortlistOption = z.output<typeof createShortlistOptionBody>;

export const VOTES = ['yes', 'no'] as const;
export type Vote = (typeof VOTES)[number];

/** `PUT /api/shortlist/{id}/vote`: yes, no, or null to take the vote back. */
export const shortlistVoteBody = z.object({
  vote: z.enum(VOTES, { error: SHORTLIST_MESSAGES.vote }).nullable(),
});

/**
 * `PATCH /api/shortlist/{id}`: mark chosen (the owner). A chosen priced flight becomes a record
 * in Flight Details for each traveller picked, or one for the whole group.
 */
export const chooseShortlistBody = z.object({
  chosen: z.boolean({ error: SHORTLIST_MESSAGES.chosen }),
  travellerIds: z
    .array(text({ error: SHORTLIST_MESSAGES.travellers }).max(100).overwrite(canonicalId), {
      error: SHORTLIST_MESSAGES.travellers,
    })
    .max(50, SHORTLIST_MESSAGES.travellers)
    .optional(),
});
export type ChooseShortlist = z.output<typeof chooseShortlistBody>;

const person = z.object({ id: z.string(), name: z.string() });

export const shortlistOption = z.object({
  id: z.string(),
  tripId: z.string(),
  kind: z.enum(SHORTLIST_KINDS),
  /** What it was made from, one per trip: `offer:<id>`, `partner:<url>` or `link:<url>`. */
  source: z.string(),
  title: z.string(),
  /** A second line: dates and travellers, a listing's description. */
  detail: z.string().nullable(),
  /** The partner (or the site of a pasted link). */
  partner: z.string(),
  imageUrl: z.string().nullable(),
  price: money.nullable(),
  /** Where it is booked: the partner's prefilled search, or the pasted page. */
  bookUrl: z.string(),
  /** The legs of a priced flight (what Flight Details gets when it is chosen), else null. */
  slices: z.array(offerSlice).nullable(),
  votes: z.object({ yes: z.array(person), no: z.array(person) }),
  chosenAt: z.string().nullable(),
  chosenBy: person.nullable(),
  addedBy: person.nullable(),
  createdAt: z.string(),
});
export type ShortlistOption = z.infer<typeof shortlistOption>;
export const shortlist = z.array(shortlistOption);

export const shortlistParams = z.object({ id: uuidParam(SHORTLIST_MESSAGES.notFound) });

/** Yes votes less no votes. */
export const scoreOf = (option: Pick<ShortlistOption, 'votes'>) =>
  option.votes.yes.length - option.votes.no.length;

/**
 * The option the group leans to: the one best score, above zero. A tie, or nobody keen, is no
 * leader: the group has not decided yet.
 */
export function shortlistLeader<T extends Pick<ShortlistOption, 'votes'>>(
  options: readonly T[],
): T | null {
  let best: T | null = null;
  let tied = false;
  for (const option of options) {
    const score = scoreOf(option);
    if (!best || score > scoreOf(best)) {
      best = option;
      tied = false;
    } else if (score === scoreOf(best)) tied = true;
  }
  return best && !tied && scoreOf(best) > 0 ? best : null;
}

/** What the shortlist adds to the shared lists (shared/contracts/features.ts). */
export const shortlistShared = {
  lists: { shortlist: shortlistOption },
  commentSubjects: ['option'],
  activity: {
    'option.added': {
      deed: ({ label }) => `shortlisted ${label}`,
      counted: ['shortlisted', 'options'],
    },
    'option.voted': {
      deed: ({ label, detail }) =>
        detail === 'no' ? `voted against ${label}` : `voted for ${label}`,
    },
    'option.chosen': { deed: ({ label }) => `chose ${label}` },
    'option.removed': { deed: ({ label }) => `took ${label} off the shortlist` },
  },
} as const satisfies SharedFeature;
