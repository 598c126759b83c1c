import { z } from 'zod';
import { canonicalTimeZoneCase, isTimeZone } from '../calendar';
import { PLANS } from './account';
import { uuidParam } from './params';
import { text } from './text';

export const TRIP_ROLES = ['owner', 'member'] as const;

const isoDay = z.iso.date('Use a real calendar date, like 2026-12-20');
const tripName = text('Please give the trip a name')
  .trim()
  .min(1, 'Please give the trip a name')
  .max(80, 'Trip names are at most 80 characters');
const destination = text('The destination must be text')
  .trim()
  .max(120, 'Destinations are at most 120 characters')
  .nullish()
  .transform((value) => value || null);

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list, like Europe/Lisbon';
// Issue #37: an IANA zone this server's Intl knows (so every date computed with it works), in
// the listed letter case.
const timeZone = text(TIME_ZONE_MESSAGE)
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isTimeZone, TIME_ZONE_MESSAGE)
  .overwrite(canonicalTimeZoneCase);

const endsAfterStart = (trip: { startDate?: string; endDate?: string }) =>
  !trip.startDate || !trip.endDate || trip.endDate >= trip.startDate;
const END_BEFORE_START = {
  message: 'The trip must end on or after the day it starts',
  path: ['endDate'],
};

/**
 * `POST /api/trips`. Without a time zone the trip takes its destination's, when the destination
 * is a place the geocoder knows.
 */
export const createTripBody = z
  .object({
    name: tripName,
    destination,
    startDate: isoDay,
    endDate: isoDay,
    timeZone: timeZone.nullish(),
  })
  .refine(endsAfterStart, END_BEFORE_START);
export type CreateTripBody = z.input<typeof createTripBody>;

/**
 * `PATCH /api/trips/:tripId`: trip settings (owner only). A time zone sent is the person's choice
 * and stays through later changes of destination; null lets the trip follow its destination again.
 */
export const updateTripBody = z
  .object({
    name: tripName.optional(),
    destination: destination.optional(),
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
    anyoneChooses: z.boolean({ error: 'anyoneChooses must be true or false' }).optional(),
    timeZone: timeZone.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change: send a name, destination, dates, time zone or anyoneChooses',
  })
  .refine(endsAfterStart, END_BEFORE_START);
export type UpdateTripBody = z.input<typeof updateTripBody>;

/** A trip as its members see it, with the caller's role on it. */
export const trip = z.object({
  id: z.string(),
  name: z.string(),
  destination: z.string().nullable(),
  /** Calendar days, `YYYY-MM-DD`. */
  startDate: z.string(),
  endDate: z.string(),
  /** The IANA zone the trip's days are lived in ("Asia/Makassar"); null while unknown. */
  timeZone: z.string().nullable(),
  ownerId: z.string(),
  /** Whether any member (not only the owner) marks a shortlisted option chosen (issue #21). */
  anyoneChooses: z.boolean(),
  /** The owner's plan: what the trip may do (the host pays, spec §1 and §9). */
  ownerPlan: z.enum(PLANS),
  role: z.enum(TRIP_ROLES),
  createdAt: z.string(),
});
export type Trip = z.infer<typeof trip>;
export const tripList = z.array(trip);

// A trip someone does not belong to answers exactly like one that does not exist: ids never
// tell an outsider that a trip is there.
export const NO_SUCH_TRIP = 'No such trip';

export const tripParams = z.object({ tripId: uuidParam(NO_SUCH_TRIP) });

/** spec §3 Trip member (the invite dialog, the assignee and traveller pickers). */
export const tripMember = z.object({
  id: z.string(),
  name: z.string(),
  /** The member's profile image, or null for the initials. */
  image: z.string().nullable(),
  role: z.enum(TRIP_ROLES),
  isCurrentUser: z.boolean(),
});
export type TripMember = z.infer<typeof tripMember>;
export const tripMemberList = z.array(tripMember);
