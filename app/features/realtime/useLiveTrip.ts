import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { tripKeys } from '@/features/trips/tripKeys';
import { toast } from '@/hooks/useToast';
import { TAB_ID } from '@/lib/tabId';
import {
  type BoardPoint,
  type ClientToServerEvents,
  CURSOR_SEND_INTERVAL_MS,
  HANDSHAKE_ERRORS,
  type JoinAck,
  MEMBER_GONE,
  type PresenceMember,
  REALTIME_PATH,
  REALTIME_PROTOCOL_VERSION,
  type ServerToClientEvents,
  type TripChangeMessage,
} from '../../../shared/realtime';
import { applyChangeElsewhere, applyTripChange, forgetTrip } from './applyTripChange';
import {
  type CursorStore,
  createCursorStore,
  createRemoteDragStore,
  type RemoteDragStore,
} from './liveStore';
import { throttle } from './throttle';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * connecting: the first connection is being made; live: in the trip's room; reconnecting: the
 * connection dropped and is being made again (with backoff); outdated: the server speaks a newer
 * protocol, so the page needs a reload; signed-out: the session ended.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'outdated' | 'signed-out';

// A drag whose end never arrived (their tab closed mid-drag) lets go after this long.
const REMOTE_DRAG_TIMEOUT_MS = 5000;
// A join the server could not complete (its database or Redis, say) is tried again after this.
const JOIN_RETRY_MS = 3000;

/** A query of this trip's data, or my trip list (which holds the trip's settings). */
function isTripQuery(queryKey: readonly unknown[], tripId: string) {
  return queryKey[0] === tripKeys.all[0] && (queryKey.length === 1 || queryKey[1] === tripId);
}

export type LiveTrip = {
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
 * the trip on screen. Other members' saved changes are written into the query cache as they
 * arrive; each join (first load, a trip switched back to, a reconnect) refetches what was fetched
 * before the tab was in the room, since changes made meanwhile were missed.
 */
export function useLiveTrip(tripId: string | null, myUserId: string): LiveTrip {
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<LiveSocket | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [presence, setPresence] = useState<{
    tripId: string;
    members: PresenceMember[];
    at: number;
  } | null>(null);
  const remoteDrags = useMemo(() => createRemoteDragStore(), []);
  const cursors = useMemo(() => createCursorStore(), []);
  const dragTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  // One connection while the dashboard is open.
  useEffect(() => {
    const live: LiveSocket = io({
      path: REALTIME_PATH,
      auth: { v: REALTIME_PROTOCOL_VERSION, tab: TAB_ID },
      // WebSocket first (no long-polling round trips); polling if a proxy refuses WebSockets.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      // Backoff from half a second to 4 s, randomised by half so a restarted server is not met
      // by every tab at the same instant.
      reconnectionDelay: 500,
      reconnectionDelayMax: 4000,
      randomizationFactor: 0.5,
    });
    setSocket(live);
    return () => {
      live.close();
    };
  }, []);

  const dropRemoteDrag = useCallback(
    (widgetId: string) => {
      clearTimeout(dragTimers.current.get(widgetId));
      dragTimers.current.delete(widgetId);
      remoteDrags.set(widgetId, null);
    },
    [remoteDrags],
  );

  // The room of the trip on screen, and everything said in it.
  useEffect(() => {
    if (!socket || !tripId) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const showPresence = (members: PresenceMember[], at: number) =>
      setPresence((current) =>
        current && current.tripId === tripId && current.at > at ? current : { tripId, members, at },
      );

    function gone(message: string) {
      forgetTrip(queryClient, tripId!);
      toast({
        variant: 'destructive',
        title: 'You are no longer on this trip',
        description: message,
      });
    }

    function join() {
      clearTimeout(retry);
      const sentAt = Date.now();
      socket!.emit('trip:join', { tripId: tripId! }, (answer: JoinAck) => {
        if (answer.ok) {
          setStatus('live');
          showPresence(answer.members, answer.at);
          // Whatever this tab fetched before it was in the room may have changed unseen: a
          // trip looked at earlier, a connection that dropped, a change just before the join.
          void queryClient.invalidateQueries({
            predicate: (query) =>
              isTripQuery(query.queryKey, tripId!) && query.state.dataUpdatedAt < sentAt,
          });
        } else if (answer.reason === 'not-member') {
          gone(MEMBER_GONE.unavailable);
        } else {
          setStatus('reconnecting');
          retry = setTimeout(() => socket!.connected && join(), JOIN_RETRY_MS);
        }
      });
    }

    function onConnect() {
      join();
    }
    function onDisconnect(reason: Socket.DisconnectReason) {
      if (reason === 'io client disconnect') return;
      setStatus('reconnecting');
      cursors.clear();
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
        if (error.message === HANDSHAKE_ERRORS.unavailable) {
          retry = setTimeout(() => socket!.connect(), JOIN_RETRY_MS);
        }
      }
    }

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on('presence', (message) => {
      if (message.tripId === tripId) showPresence(message.members, message.at);
    });
    socket.on('cursors', (message) => {
      if (message.tripId !== tripId) return;
      for (const move of message.moves) {
        if (move.userId !== myUserId) cursors.set(move.userId, move.at);
      }
    });
    socket.on('widget:drag', (message) => {
      if (message.tripId !== tripId || message.userId === myUserId) return;
      if (!message.at) return dropRemoteDrag(message.widgetId);
      remoteDrags.set(message.widgetId, { at: message.at, userId: message.userId });
      clearTimeout(dragTimers.current.get(message.widgetId));
      dragTimers.current.set(
        message.widgetId,
        setTimeout(() => dropRemoteDrag(message.widgetId), REMOTE_DRAG_TIMEOUT_MS),
      );
    });
    const onChange = (message: TripChangeMessage) => {
      if (message.tripId !== tripId) return;
      const { change } = message;
      // The saved position ends another member's drag preview (theirs or mine, from another tab).
      if (change.type === 'widget:saved') dropRemoteDrag(change.widget.id);
      if (change.type === 'widget:removed') dropRemoteDrag(change.widgetId);
      applyTripChange(queryClient, tripId, change);
      if (change.type === 'trip:deleted') {
        toast({
          variant: 'destructive',
          title: 'You are no longer on this trip',
          description: MEMBER_GONE.deleted,
        });
      }
    };
    socket.on('change', onChange);
    socket.on('trip:gone', (message) => {
      if (message.tripId === tripId) gone(message.message);
      else forgetTrip(queryClient, message.tripId);
    });

    if (socket.connected) join();
    return () => {
      for (const event of [
        'connect',
        'disconnect',
        'connect_error',
        'presence',
        'cursors',
        'widget:drag',
        'trip:gone',
      ] as const) {
        socket.off(event);
      }
      socket.off('change', onChange);
      clearTimeout(retry);
      if (socket.connected) socket.emit('trip:leave');
      cursors.clear();
      remoteDrags.clear();
      for (const timer of dragTimers.current.values()) clearTimeout(timer);
      dragTimers.current.clear();
    };
  }, [socket, tripId, myUserId, queryClient, cursors, remoteDrags, dropRemoteDrag]);

  // Changes to my other trips reach this tab too (through my user's room): the trip switcher
  // shows their names and dates, and whether they are still there, whichever trip is on screen.
  useEffect(() => {
    if (!socket) return;
    const onChangeElsewhere = (message: TripChangeMessage) => {
      if (message.tripId !== tripId) {
        applyChangeElsewhere(queryClient, message.tripId, message.change);
      }
    };
    socket.on('change', onChangeElsewhere);
    return () => {
      socket.off('change', onChangeElsewhere);
    };
  }, [socket, tripId, queryClient]);

  const sendCursor = useMemo(
    () =>
      throttle((at: BoardPoint | null) => {
        // Not volatile: the throttle already limits the rate, and the last position must arrive.
        if (socket?.connected) socket.emit('cursor:move', { at });
      }, CURSOR_SEND_INTERVAL_MS),
    [socket],
  );
  const sendDragThrottled = useMemo(
    () =>
      throttle((widgetId: string, at: BoardPoint | null) => {
        if (socket?.connected) socket.emit('widget:drag', { widgetId, at });
      }, CURSOR_SEND_INTERVAL_MS),
    [socket],
  );
  const sendDrag = useCallback(
    (widgetId: string, at: BoardPoint | null, final = false) => {
      sendDragThrottled(widgetId, at);
      // The end of a drag goes out now, after the last position.
      if (!at || final) sendDragThrottled.flush();
    },
    [sendDragThrottled],
  );

  // A hidden tab's pointer is not on the board.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        sendCursor(null);
        sendCursor.flush();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [sendCursor]);

  const members = presence && presence.tripId === tripId ? presence.members : [];
  return { status, members, cursors, remoteDrags, sendCursor, sendDrag };
}
