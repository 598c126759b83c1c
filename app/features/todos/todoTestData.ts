import { vi } from 'vitest';
import type { Todo } from '../../../shared/contracts/todos';
import type { Trip, TripMember } from '../../../shared/contracts/trips';

/** Sunday Dec 13 2026, 10:00 local time: "now" in the to-do tests. */
export const NOW = new Date(2026, 11, 13, 10, 0, 0);

/** Fakes only the clock, so user events and waitFor keep their real timers. */
export function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

export const TODOS_URL = '/api/trips/t1/todos';
export const MEMBERS_URL = '/api/trips/t1/members';

export const trip: Trip = {
  id: 't1',
  name: 'Bali 2023',
  destination: 'Bali, Indonesia',
  startDate: '2027-01-12',
  endDate: '2027-01-26',
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

/** A local day and hour of December 2026, as the server sends it (UTC ISO). */
export const december = (day: number, hour = 12) => new Date(2026, 11, day, hour).toISOString();

export function makeTodo(overrides: Partial<Todo> = {}): Todo {
  return {
    id: 'td1',
    tripId: 't1',
    text: 'Book flights',
    isCompleted: false,
    dueDate: december(20),
    priority: 'medium',
    assignedTo: null,
    createdAt: '2026-12-01T09:00:00.000Z',
    ...overrides,
  };
}
