import type { Collaborator, ExcalidrawImperativeAPI, SocketId } from '@excalidraw/excalidraw/types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PresenceMember } from '../../../shared/contracts/live';
import {
  WHITEBOARD_POINTER_INTERVAL_MS,
  type WhiteboardPointerMessage,
} from '../../../shared/contracts/whiteboard';
import { throttle } from '../live/throttle';
import type { LiveSocket } from '../live/useLiveSocket';

// Coordinates the server accepts for a pointer (shared/contracts/whiteboard.ts).
const clampCoordinate = (value: number) => Math.max(-1e7, Math.min(1e7, value));

type Pointer = { x: number; y: number; tool: 'pointer' | 'laser' };

export type PersonHere = { id: string; name: string; colour: string };

type Options = {
  api: ExcalidrawImperativeAPI | null;
  socket: LiveSocket | null;
  tripId: string;
  widgetId: string;
  myUserId: string;
  members: PresenceMember[];
};

/**
 * The others on the whiteboard (Excalidraw's collaborators): their pointers, with their names
 * and colours from the trip's presence, and mine sent to them. Pointers are relayed, never stored.
 */
export function useCollaborators({ api, socket, tripId, widgetId, myUserId, members }: Options) {
  // Who else has a pointer on this whiteboard now (their pointers and names are on the canvas).
  const [here, setHere] = useState<PersonHere[]>([]);
  // Made once: the pointers go on arriving through the effect below.
  const [collaborators] = useState(() => new Map<SocketId, Collaborator>());

  // The others' pointers, with their names and colours from the trip's presence.
  const membersRef = useRef(members);
  membersRef.current = members;
  useEffect(() => {
    if (!api || !socket) return;
    const showCollaborators = () => api.updateScene({ collaborators: new Map(collaborators) });
    const showWhoIsHere = () =>
      setHere(
        [...collaborators.values()].map((c) => ({
          id: c.id ?? '',
          name: c.username ?? 'Someone',
          colour: c.color?.background ?? '#64748b',
        })),
      );
    const onPointer = (message: WhiteboardPointerMessage) => {
      if (message.tripId !== tripId || message.widgetId !== widgetId) return;
      if (message.userId === myUserId) return;
      const id = message.userId as SocketId;
      const wasHere = collaborators.has(id);
      if (!message.pointer) collaborators.delete(id);
      else {
        const member = membersRef.current.find((m) => m.userId === message.userId);
        collaborators.set(id, {
          id: message.userId,
          socketId: id,
          username: member?.name ?? 'Someone',
          color: { background: member?.colour ?? '#64748b', stroke: member?.colour ?? '#64748b' },
          pointer: message.pointer,
          button: message.button,
        });
      }
      showCollaborators();
      if (wasHere !== collaborators.has(id)) showWhoIsHere();
    };
    socket.on('whiteboard:pointer', onPointer);
    return () => {
      socket.off('whiteboard:pointer', onPointer);
    };
  }, [api, socket, tripId, widgetId, myUserId, collaborators]);

  // Whoever left the trip's presence leaves the whiteboard too.
  useEffect(() => {
    if (!api) return;
    const here = new Set(members.map((member) => member.userId));
    let changed = false;
    for (const id of collaborators.keys()) {
      if (!here.has(id)) changed = collaborators.delete(id) || changed;
    }
    if (!changed) return;
    api.updateScene({ collaborators: new Map(collaborators) });
    setHere((people) => people.filter((person) => here.has(person.id)));
  }, [api, members, collaborators]);

  const sendPointer = useMemo(
    () =>
      throttle(
        (pointer: Pointer | null, button: 'up' | 'down') =>
          socket?.emit('whiteboard:pointer', { widgetId, pointer, button }),
        WHITEBOARD_POINTER_INTERVAL_MS,
      ),
    [socket, widgetId],
  );

  // My pointer moving on the canvas (Excalidraw's onPointerUpdate).
  function handlePointerUpdate({ pointer, button }: { pointer: Pointer; button: 'up' | 'down' }) {
    sendPointer(
      { x: clampCoordinate(pointer.x), y: clampCoordinate(pointer.y), tool: pointer.tool },
      button,
    );
  }

  // The editor closing: my pointer leaves the others' canvases.
  const leaveBoard = useCallback(() => {
    sendPointer.cancel();
    socket?.emit('whiteboard:pointer', { widgetId, pointer: null, button: 'up' });
  }, [sendPointer, socket, widgetId]);

  return { here, handlePointerUpdate, leaveBoard };
}
