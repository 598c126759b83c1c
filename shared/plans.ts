import type { PLANS } from './contracts/account';

type PlanId = (typeof PLANS)[number];

/** `null` means unlimited. */
export type PlanLimits = {
  name: string;
  /** As the pricing shows it. */
  monthlyPrice: string;
  activeTrips: number | null;
  /** Travellers per trip, the owner included. */
  travellersPerTrip: number | null;
  audioMinutesPerCall: number | null;
  activityDays: number | null;
  whiteboard: boolean;
  magicLinkInvites: boolean;
};

// spec §9 Plans and design record §7: what each plan costs and allows. The pricing section, the
// Terms of Service and the server's limits all read this one table.
export const PLAN_LIMITS: Record<PlanId, PlanLimits> = {
  free: {
    name: 'Free',
    monthlyPrice: '$0',
    activeTrips: 1,
    travellersPerTrip: 4,
    audioMinutesPerCall: 10,
    activityDays: 7,
    whiteboard: false,
    magicLinkInvites: false,
  },
  premium: {
    name: 'Premium',
    monthlyPrice: '$9.99',
    activeTrips: 5,
    travellersPerTrip: 10,
    audioMinutesPerCall: 60,
    activityDays: 30,
    whiteboard: true,
    magicLinkInvites: true,
  },
  pro: {
    name: 'Pro',
    monthlyPrice: '$19.99',
    activeTrips: null,
    travellersPerTrip: null,
    audioMinutesPerCall: null,
    activityDays: null,
    whiteboard: true,
    magicLinkInvites: true,
  },
};
