import { PLAN_LIMITS } from '../../../shared/plans';

/** A plan as the pricing section shows it. */
export type Plan = {
  id: 'free' | 'premium' | 'pro';
  name: string;
  /** Dollars a month, as displayed. */
  price: string;
  tagline: string;
  features: readonly string[];
  mostPopular: boolean;
};

// spec §9 Plans: names and prices from the shared table, features worded exactly as listed there. Plans are not purchasable
// yet (spec §9), so the section shows them with disabled buttons.
export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: PLAN_LIMITS.free.name,
    price: PLAN_LIMITS.free.monthlyPrice,
    tagline: 'For a first trip with a small group.',
    // spec §9
    features: [
      '1 active trip',
      'Up to 4 travellers',
      'Basic collaboration tools',
      '7-day history',
      '10-minute audio',
      'Affiliate links for flights and hotels',
    ],
    mostPopular: false,
  },
  {
    id: 'premium',
    name: PLAN_LIMITS.premium.name,
    price: PLAN_LIMITS.premium.monthlyPrice,
    tagline: 'For friends and families who travel often.',
    // spec §9
    features: [
      '5 active trips',
      'Up to 10 travellers',
      'All collaboration tools (widgets, comments, presence)',
      '60-minute audio rooms',
      'Shared whiteboard',
      '30-day history',
      'Magic link invites',
    ],
    mostPopular: true, // spec §9: Premium is marked Most Popular
  },
  {
    id: 'pro',
    name: PLAN_LIMITS.pro.name,
    price: PLAN_LIMITS.pro.monthlyPrice,
    tagline: 'For organisers, clubs and travel pros.',
    // spec §9
    features: [
      'Unlimited trips',
      'Unlimited travellers',
      'Unlimited audio',
      'Unlimited history',
      'Business features (summaries, guest access portal)',
      'Priority support',
    ],
    mostPopular: false,
  },
];
