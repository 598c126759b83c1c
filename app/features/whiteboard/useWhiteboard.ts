import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  WhiteboardScene,
  WhiteboardUpdateMessage,
} from '../../../shared/contracts/whiteboard';
import type { LiveSocket } from '../live/useLiveSocket';
import { mergeIntoScene, whiteboardKey } from './sceneCache';

/** `GET /api/trips/:tripId/whiteboards/:widgetId`: the saved scene and its pictures. */
export function useWhiteboardScene(tripId: string, widgetId: string) {
  return useQuery<WhiteboardScene>({ queryKey: whiteboardKey(tripId, widgetId) });
}

/**
 * Keeps the cached scene live: the others' edits are reconciled into it as they arrive, so the
 * preview follows the drawing and an editor opened later starts from it. (The editor applies
 * them to itself too, at once.) A reconnect refetches the scene with the trip's other data.
 */
export function useWhiteboardUpdates(socket: LiveSocket | null, tripId: string, widgetId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onUpdate = (message: WhiteboardUpdateMessage) => {
      if (message.tripId !== tripId || message.widgetId !== widgetId) return;
      mergeIntoScene(queryClient, tripId, widgetId, message.elements);
    };
    socket.on('whiteboard:update', onUpdate);
    return () => {
      socket.off('whiteboard:update', onUpdate);
    };
  }, [socket, tripId, widgetId, queryClient]);
}
