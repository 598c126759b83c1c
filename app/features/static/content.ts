import { PLAN_LIMITS } from '../../../shared/plans';

/** Texts and numbers the static pages share. */

// spec §2: privacy, terms and cookies were all last updated on this date.
export const LEGAL_LAST_UPDATED = { iso: '2025-05-13', label: 'May 13, 2025' } as const;

/** What each plan allows, worded for the Terms' table (spec §9; shared/plans.ts). */
export const PLAN_TERMS = Object.values(PLAN_LIMITS).map((plan) => ({
  plan: plan.name,
  price: plan.monthlyPrice,
  trips: plan.activeTrips === null ? 'Unlimited' : String(plan.activeTrips),
  travellers: plan.travellersPerTrip === null ? 'Unlimited' : `Up to ${plan.travellersPerTrip}`,
  audio: plan.audioMinutesPerCall === null ? 'Unlimited' : `${plan.audioMinutesPerCall} minutes`,
}));

/** The weasel of spec §1, drawn in Mascot.tsx. */
export const MASCOT_NAME = 'Scout';
