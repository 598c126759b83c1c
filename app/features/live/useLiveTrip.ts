import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import {
  type BoardPoint,
  HANDSHAKE_ERRORS,
  type JoinAck,
  MEMBER_GONE,
  type PresenceMember,
  type PresenceMessage,
} from '../../../shared/contracts/live';
import type { CursorStore, RemoteDragStore } from './liveStore';
import { useChangeSequence } from './useChangeSequence';
import { leaveGoneTrip, useLiveChanges } from './useLiveChanges';
import { useLiveCursors } from './useLiveCursors';
import { type LiveSocket, useLiveSocket } from './useLiveSocket';
import { useRemoteDrags } from './useRemoteDrags';
import { isTripQuery, useResync } from './useResync';

/**
 * connecting: the first connection is being made; live: in the trip's room; reconnecting: the
 * connection dropped and is being made again (with backoff); outdated: the server speaks a newer
 * protocol, so the page needs a reload; signed-out: the session ended.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'outdated' | 'signed-out';

// A join the server could not complete (its database or Redis, say) is tried again after this.
const JOIN_RETRY_MS = 3000;

export type LiveTrip = {
  /** The live connection, for the pieces that speak on it themselves (the audio room). */
  socket: LiveSocket | null;
  status: LiveStatus;
  /** Who has the trip open now, me included, each person once. */
  members: PresenceMember[];
  cursors: CursorStore;
  /** The widgets other members are dragging now. */
  remoteDrags: RemoteDragStore;
  /** My pointer on the board (board coordinates), or null when it left the board. */
  sendCursor: (at: BoardPoint | null) => void;
  /**
   * A widget I am dragging: where it is now, or null when the drag was cancelled. `final` sends
   * the drop's position at once, ahead of its save, so it never trails the saved position.
   */
  sendDrag: (widgetId: string, at: BoardPoint | null, final?: boolean) => void;
};

/**
 * The trip's live room (architecture §6): one Socket.IO connection for the dashboard, joined to
 * the trip on screen. A join after the first (a trip switched back to, a reconnect) asks for the
 * changes made meanwhile by their numbers (changeSequence.ts), and so does a resync (useResync:
 * the server lost Redis for a while); the first refetches what was fetched before it. What is
 * said in the room is each a small piece of its own: saved changes (useLiveChanges), pointers
 * (useLiveCursors), widgets being dragged (useRemoteDrags).
 */
export function useLiveTrip(tripId: string | null, myUserId: string): LiveTrip {
  const queryClient = useQueryClient();
  const socket = useLiveSocket();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [presence, setPresence] = useState<PresenceMessage | null>(null);
  const sequence = useChangeSequence(socket, tripId);
  useLiveChanges(socket, tripId, sequence);
  useResync(socket, tripId, sequence);
  const { cursors, sendCursor } = useLiveCursors(socket, tripId, myUserId);
  const { remoteDrags, sendDrag } = useRemoteDrags(socket, tripId, myUserId);

  // The room of the trip on screen: joining it, and the connection's state.
  useEffect(() => {
    if (!socket || !tripId) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const showPresence = (members: PresenceMember[], at: number) =>
      setPresence((current) =>
        current && current.tripId === tripId && current.at > at ? current : { tripId, members, at },
      );

    function join() {
      clearTimeout(retry);
      const sentAt = Date.now();
      socket!.emit('trip:join', { tripId: tripId! }, (answer: JoinAck) => {
        if (answer.ok) {
          setStatus('live');
          showPresence(answer.members, answer.at);
          // A tab counting this trip's changes already (a connection that dropped, a trip
          // switched back to) asks for the ones it missed. Otherwise whatever it fetched before
          // it was in the room may have changed unseen (a change just before the join).
          if (sequence?.joined(answer.seq)) return;
          void queryClient.invalidateQueries({
            predicate: (query) =>
              isTripQuery(query.queryKey, tripId!) && query.state.dataUpdatedAt < sentAt,
          });
        } else if (answer.reason === 'superseded') {
          // A later join of this tab was answered: that answer counts.
        } else if (answer.reason === 'not-member') {
          leaveGoneTrip(queryClient, tripId!, MEMBER_GONE.unavailable);
        } else {
          setStatus('reconnecting');
          retry = setTimeout(() => socket!.connected && join(), JOIN_RETRY_MS);
        }
      });
    }

    function onDisconnect(reason: Socket.DisconnectReason) {
      if (reason === 'io client disconnect') return;
      setStatus('reconnecting');
      // The server let go of this session (signed out here or elsewhere): ask who I am now.
      if (reason === 'io server disconnect') {
        void queryClient.invalidateQueries({ queryKey: ['/api/user'] });
        socket!.connect();
      }
    }
    function onConnectError(error: Error) {
      if (error.message === HANDSHAKE_ERRORS.protocolMismatch) setStatus('outdated');
      else if (error.message === HANDSHAKE_ERRORS.signedOut) {
        setStatus('signed-out');
        void queryClient.invalidateQueries({ queryKey: ['/api/user'] });
      } else {
        setStatus('reconnecting');
        // After a refusal by the server Socket.IO does not try again by itself; a transport
        // failure it retries with backoff.
        const later: string[] = [HANDSHAKE_ERRORS.unavailable, HANDSHAKE_ERRORS.tooManyConnections];
        if (later.includes(error.message)) {
          retry = setTimeout(() => socket!.connect(), JOIN_RETRY_MS);
        }
      }
    }
    function onPresence(message: PresenceMessage) {
      if (message.tripId === tripId) showPresence(message.members, message.at);
    }

    socket.on('connect', join);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on('presence', onPresence);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('presence', onPresence);
      clearTimeout(retry);
      if (socket.connected) socket.emit('trip:leave');
    };
  }, [socket, tripId, sequence, queryClient]);

  const members = presence && presence.tripId === tripId ? presence.members : [];
  return { socket, status, members, cursors, remoteDrags, sendCursor, sendDrag };
}
