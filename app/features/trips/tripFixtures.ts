import type { Trip } from '../../../shared/contracts/trips';

/** A trip as `GET /api/trips` answers it, for component tests; Ana (u1) owns it by default. */
export function makeTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    id: 't1',
    name: 'Bali 2023',
    destination: 'Bali, Indonesia',
    startDate: '2026-12-20',
    endDate: '2027-01-03',
    timeZone: 'Asia/Makassar',
    ownerId: 'u1',
    anyoneChooses: false,
    ownerPlan: 'free',
    role: 'owner',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
