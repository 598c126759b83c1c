import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetTrip, isGoneNews } from '@/features/trips/tripCache';
import { tripKeys } from '@/features/trips/tripKeys';
import { toast } from '@/hooks/useToast';
import {
  type ChangeSeenMessage,
  MEMBER_GONE,
  type TripChange,
  type TripChangeMessage,
} from '../../../shared/contracts/live';
import type { ChangeSequence } from './changeSequence';
import { applyChangeElsewhere, applyTripChange } from './liveHandlers';
import type { LiveSocket } from './useLiveSocket';

function tellGone(message: string) {
  toast({ variant: 'destructive', title: 'You are no longer on this trip', description: message });
}

/** I am no longer on the trip on screen: it is forgotten (the dashboard moves on) and I am told. */
export function leaveGoneTrip(queryClient: QueryClient, tripId: string, message: string) {
  forgetTrip(queryClient, tripId);
  tellGone(message);
}

/** A change to the trip on screen, written in by the feature that owns it (liveHandlers). */
export function applyChangeOnScreen(queryClient: QueryClient, tripId: string, change: TripChange) {
  const gone = change.type === 'trip:deleted' && isGoneNews(queryClient, tripId);
  applyTripChange(queryClient, tripId, change);
  // Every change is an entry in the trip's history: an open Trip activity panel refetches.
  void queryClient.invalidateQueries({ queryKey: tripKeys.activity(tripId) });
  if (gone) tellGone(MEMBER_GONE.deleted);
}

/**
 * Other members' saved changes, written into the query cache as they arrive: those to the trip
 * on screen in the order the server numbered them (`sequence`), and — through my user's room —
 * what the trip switcher shows of my other trips, whichever trip is on screen.
 */
export function useLiveChanges(
  socket: LiveSocket | null,
  tripId: string | null,
  sequence: ChangeSequence | null,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onChange = ({ tripId: changed, change, seq }: TripChangeMessage) => {
      if (changed !== tripId) return applyChangeElsewhere(queryClient, changed, change);
      if (sequence) sequence.received(change, seq);
      else applyChangeOnScreen(queryClient, changed, change);
    };
    const onSeen = ({ tripId: changed, seq }: ChangeSeenMessage) => {
      if (changed === tripId) sequence?.seen(seq);
    };
    // The deletion's broadcast and the instance that lets this tab go of the room may both say
    // so (recheck.ts): the first one is told.
    const onGone = (message: { tripId: string; message: string }) => {
      if (message.tripId === tripId && isGoneNews(queryClient, tripId)) {
        leaveGoneTrip(queryClient, tripId, message.message);
      } else forgetTrip(queryClient, message.tripId);
    };
    socket.on('change', onChange);
    socket.on('change:seen', onSeen);
    socket.on('trip:gone', onGone);
    return () => {
      socket.off('change', onChange);
      socket.off('change:seen', onSeen);
      socket.off('trip:gone', onGone);
    };
  }, [socket, tripId, sequence, queryClient]);
}
