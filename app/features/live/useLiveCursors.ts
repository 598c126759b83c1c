import { useEffect, useMemo } from 'react';
import {
  type BoardPoint,
  CURSOR_SEND_INTERVAL_MS,
  type CursorMove,
  encodeCursorMove,
} from '../../../shared/contracts/live';
import { createCursorStore } from './liveStore';
import { throttle } from './throttle';
import type { LiveSocket } from './useLiveSocket';

/**
 * The other members' pointers on the trip's board, and mine sent to them (at most ~30 times a
 * second). Pointers go when the connection drops or another trip opens; mine leaves the board
 * when the tab is hidden.
 */
export function useLiveCursors(socket: LiveSocket | null, tripId: string | null, myUserId: string) {
  const cursors = useMemo(() => createCursorStore(), []);

  useEffect(() => {
    if (!socket || !tripId) return;
    const onCursors = (message: { tripId: string; moves: CursorMove[] }) => {
      if (message.tripId !== tripId) return;
      for (const move of message.moves) {
        if (move.userId !== myUserId) cursors.set(move.userId, move.at);
      }
    };
    const onDisconnect = () => cursors.clear();
    socket.on('cursors', onCursors);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('cursors', onCursors);
      socket.off('disconnect', onDisconnect);
      cursors.clear();
    };
  }, [socket, tripId, myUserId, cursors]);

  const sendCursor = useMemo(
    () =>
      throttle((at: BoardPoint | null) => {
        // Not volatile: the throttle already limits the rate, and the last position must arrive.
        // A cursor message on the connection itself, not an event (encodeCursorMove says why).
        if (socket?.connected) socket.io.engine.send(encodeCursorMove({ at }));
      }, CURSOR_SEND_INTERVAL_MS),
    [socket],
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

  return { cursors, sendCursor };
}
