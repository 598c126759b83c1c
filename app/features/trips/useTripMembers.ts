import { useQuery } from '@tanstack/react-query';
import type { TripMember } from '../../../shared/contracts/trips';
import { tripKeys } from './tripKeys';

/** `GET /api/trips/:tripId/members`: the owner first, then in the order they joined. */
export function useTripMembers(tripId: string) {
  return useQuery<TripMember[]>({ queryKey: tripKeys.members(tripId) });
}
