import {
  CURSOR_BATCH_MS,
  CURSOR_EVENTS_PER_SECOND,
  CURSOR_MESSAGE_PREFIX,
  type CursorMove,
  decodeCursorMove,
  widgetDragEvent,
} from '../../../shared/contracts/live';
import { joinedTrip, type LiveCore, type LivePiece, type LiveSocket, tripRoom } from './core';
import { createRateLimit, decoderOf } from './eventGuard';

/**
 * Cursor moves gathered per trip and handed to `send` as one batch a tick, oldest first. Each
 * trip has its own tick, started by its first move: one timer for every trip would write all
 * trips' batches in one burst, and the moves arriving meanwhile would wait behind it. A trip's
 * timer runs only while it has moves.
 */
export function createCursorBatcher(
  tickMs: number,
  send: (tripId: string, moves: CursorMove[]) => void,
) {
  const pending = new Map<string, { moves: CursorMove[]; timer: NodeJS.Timeout }>();
  let closed = false;

  function flush(tripId: string) {
    const batch = pending.get(tripId);
    pending.delete(tripId);
    if (batch) send(tripId, batch.moves);
  }

  return {
    queue(tripId: string, move: CursorMove) {
      if (closed) return; // the goodbyes of sockets closing with the server go nowhere
      const batch = pending.get(tripId);
      if (batch) batch.moves.push(move);
      else pending.set(tripId, { moves: [move], timer: setTimeout(() => flush(tripId), tickMs) });
    },
    close() {
      closed = true;
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

/**
 * Pointers on a trip's board, relayed and never stored: cursors go out in one batch per trip per
 * tick, widget drags at once to the others in the room. A member's pointer is taken off the
 * board when they leave the trip; their other tabs show it again on their next move.
 */
export function cursors(live: LiveCore): LivePiece {
  const batcher = createCursorBatcher(CURSOR_BATCH_MS, (tripId, moves) =>
    live.io.to(tripRoom(tripId)).emit('cursors', { tripId, moves }),
  );

  /**
   * Pointer events (cursors, drags) from a socket in a trip's room: within the rate, and of
   * the right shape, or dropped and counted. Nothing is volatile: where a pointer comes to
   * rest must arrive, and a volatile emit is skipped whenever the receiver's connection is
   * busy. Senders throttle to 30 Hz and are capped at 60 a second here, which bounds what can
   * queue for a slow receiver; cursors go out in one batch per trip per tick.
   */
  function pointerEvents(socket: LiveSocket) {
    const allowPointer = createRateLimit(CURSOR_EVENTS_PER_SECOND);
    return <P, T>(
      decode: (payload: P) => T | null,
      relay: (tripId: string, event: T) => void,
      /** For what the socket guard does not see (cursor messages): its size, for the budgets. */
      bytesOf?: (payload: P) => number,
    ) =>
      (payload: P) => {
        const tripId = joinedTrip(socket);
        if (!tripId) return;
        if (!allowPointer()) {
          live.drop(socket, 'rateLimited');
          return;
        }
        // The account's and trip's budgets (socketGuard.ts), after the socket's own limit: what
        // one socket floods counts against it, and gets it let go.
        if (bytesOf && !live.admit(socket, bytesOf(payload))) return;
        const event = decode(payload);
        if (event === null) live.drop(socket, 'malformed');
        else relay(tripId, event);
      };
  }

  return {
    name: 'cursors',
    clientEvents: ['widget:drag'],
    connected(socket) {
      const userId = socket.data.user.id;
      const onPointerEvent = pointerEvents(socket);
      // Cursor moves come as cursor messages on the connection itself (see decodeCursorMove).
      const onCursorMove = onPointerEvent(
        decodeCursorMove,
        (tripId, { at }) => batcher.queue(tripId, { userId, at }),
        (data) => data.length,
      );
      const onMessage = (data: unknown) => {
        if (typeof data === 'string' && data.startsWith(CURSOR_MESSAGE_PREFIX)) onCursorMove(data);
      };
      socket.conn.on('message', onMessage);
      socket.once('disconnect', () => socket.conn.off('message', onMessage));
      socket.on(
        'widget:drag',
        onPointerEvent(decoderOf(widgetDragEvent), (tripId, { widgetId, at }) =>
          socket.to(tripRoom(tripId)).emit('widget:drag', { tripId, userId, widgetId, at }),
        ),
      );
    },
    leftTrip(tripId, userId) {
      batcher.queue(tripId, { userId, at: null });
    },
    closing() {
      batcher.close();
    },
  };
}
