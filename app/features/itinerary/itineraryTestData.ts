import type { ItineraryItem } from '../../../shared/contracts/itinerary';
import type { Trip, TripMember } from '../../../shared/contracts/trips';

export const PLAN_URL = '/api/trips/t1/itinerary';
export const MEMBERS_URL = '/api/trips/t1/members';
export const itemUrl = (id: string) => `/api/itinerary/${id}`;

/** Three days: Tue Jan 12 to Thu Jan 14, 2027. */
export const trip: Trip = {
  id: 't1',
  name: 'Bali 2027',
  destination: 'Bali, Indonesia',
  startDate: '2027-01-12',
  endDate: '2027-01-14',
  timeZone: 'Asia/Makassar',
  ownerId: 'u1',
  anyoneChooses: false,
  ownerPlan: 'free',
  role: 'owner',
  createdAt: '2026-12-01T09:00:00.000Z',
};

export const members: TripMember[] = [
  { id: 'u1', name: 'Ana Lima', image: null, role: 'owner', isCurrentUser: true },
  { id: 'u2', name: 'Ben Okafor', image: null, role: 'member', isCurrentUser: false },
];

export function makeItem(overrides: Partial<ItineraryItem> & { id: string }): ItineraryItem {
  return {
    tripId: 't1',
    kind: 'activity',
    title: overrides.id,
    day: '2027-01-12',
    rank: 'a0',
    startTime: null,
    endTime: null,
    place: null,
    link: null,
    notes: null,
    cost: null,
    goers: null,
    createdBy: { id: 'u1', name: 'Ana Lima' },
    createdAt: '2026-12-02T09:00:00.000Z',
    updatedAt: '2026-12-02T09:00:00.000Z',
    ...overrides,
  };
}
