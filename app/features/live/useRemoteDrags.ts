import { useCallback, useEffect, useMemo } from 'react';
import {
  type BoardPoint,
  CURSOR_SEND_INTERVAL_MS,
  type ServerToClientEvents,
  type TripChangeMessage,
} from '../../../shared/contracts/live';
import { createRemoteDragStore } from './liveStore';
import { throttle } from './throttle';
import type { LiveSocket } from './useLiveSocket';

// A drag whose end never arrived (their tab closed mid-drag) lets go after this long.
const REMOTE_DRAG_TIMEOUT_MS = 5000;

type DragMessage = Parameters<ServerToClientEvents['widget:drag']>[0];

/**
 * The widgets other members are dragging on the trip's board, shown where they hold them until
 * the drag ends, its saved position arrives, or it is abandoned; and my own drags, sent to them.
 */
export function useRemoteDrags(socket: LiveSocket | null, tripId: string | null, myUserId: string) {
  const remoteDrags = useMemo(() => createRemoteDragStore(), []);

  useEffect(() => {
    if (!socket || !tripId) return;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const drop = (widgetId: string) => {
      clearTimeout(timers.get(widgetId));
      timers.delete(widgetId);
      remoteDrags.set(widgetId, null);
    };
    const onDrag = (message: DragMessage) => {
      if (message.tripId !== tripId || message.userId === myUserId) return;
      if (!message.at) return drop(message.widgetId);
      remoteDrags.set(message.widgetId, { at: message.at, userId: message.userId });
      clearTimeout(timers.get(message.widgetId));
      timers.set(
        message.widgetId,
        setTimeout(() => drop(message.widgetId), REMOTE_DRAG_TIMEOUT_MS),
      );
    };
    // The saved position ends another member's drag preview (theirs or mine, from another tab).
    const onChange = ({ tripId: changed, change }: TripChangeMessage) => {
      if (changed !== tripId) return;
      if (change.type === 'item:saved' && change.list === 'widgets') drop(change.item.id);
      if (change.type === 'item:removed' && change.list === 'widgets') drop(change.id);
    };
    socket.on('widget:drag', onDrag);
    socket.on('change', onChange);
    return () => {
      socket.off('widget:drag', onDrag);
      socket.off('change', onChange);
      for (const timer of timers.values()) clearTimeout(timer);
      remoteDrags.clear();
    };
  }, [socket, tripId, myUserId, remoteDrags]);

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

  return { remoteDrags, sendDrag };
}
