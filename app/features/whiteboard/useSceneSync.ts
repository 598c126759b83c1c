import { CaptureUpdateAction, reconcileElements, restoreElements } from '@excalidraw/excalidraw';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import type { ExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  newerElement,
  WHITEBOARD_MESSAGES,
  WHITEBOARD_SEND_INTERVAL_MS,
  type WhiteboardElement,
  type WhiteboardScene,
} from '../../../shared/contracts/whiteboard';
import { throttle } from '../live/throttle';
import type { LiveSocket } from '../live/useLiveSocket';
import { mergeIntoScene, type SceneElement, withoutDeletedStubs } from './sceneCache';
import { createSendQueue } from './sendQueue';

// A save the server could not make (its database, a reconnect in progress) is tried again after this.
const RETRY_MS = 2000;
const ACK_TIMEOUT_MS = 10_000;

export type SaveState = 'saved' | 'saving' | 'offline';

type Versioned = Pick<WhiteboardElement, 'version' | 'versionNonce'>;

/**
 * Elements as Excalidraw restores them; one it cannot restore (a shape from a broken client) is
 * left out rather than stopping the editor from opening for everyone.
 */
export function safelyRestored(elements: readonly unknown[]): ExcalidrawElement[] {
  try {
    return restoreElements(elements as ExcalidrawElement[], null);
  } catch {
    return elements.flatMap((element) => {
      try {
        return restoreElements([element as ExcalidrawElement], null);
      } catch {
        return [];
      }
    });
  }
}

type Options = {
  api: ExcalidrawImperativeAPI | null;
  tripId: string;
  widgetId: string;
  scene: WhiteboardScene;
  socket: LiveSocket | null;
  // Fetches the pictures of elements that arrive (usePictureFiles).
  loadPictures: (elements: readonly Record<string, unknown>[]) => void;
  onProblem: (message: string) => void;
};

/**
 * The scene kept in step with the server (Excalidraw's `Collab` and `reconciliation.ts`): my
 * edits go as deltas (sendQueue.ts) over the trip's live connection; the others' arrive through
 * the cached scene (useWhiteboardUpdates) and are reconciled in with Excalidraw's own
 * `reconcileElements`, which keeps what I am editing mine. Their changes never enter my undo
 * history: undo is per person.
 */
export function useSceneSync({
  api,
  tripId,
  widgetId,
  scene,
  socket,
  loadPictures,
  onProblem,
}: Options) {
  const editable = scene.editable;
  const queryClient = useQueryClient();
  const [saveState, setSaveState] = useState<SaveState>('saved');

  // What this editor knows: versions the server holds, and which of the cached scene's versions
  // it has already taken in.
  // Made once: the scene goes on arriving through the effects below.
  const [sync] = useState(() => {
    const queue = createSendQueue();
    queue.learn(scene.elements as WhiteboardElement[]);
    return {
      queue,
      // The copy (version, nonce) of each element taken in from the server.
      applied: new Map(scene.elements.map((e) => [e.id as string, e as Versioned])),
      // Once the editor closes: the scene as it was left (its unsent part goes on being sent), and
      // whether the whiteboard is gone (nothing to send to any more).
      closedScene: null as readonly ExcalidrawElement[] | null,
      gone: false,
    };
  });

  // The others' edits (and a refetched scene after a reconnect), reconciled into mine.
  useEffect(() => {
    if (!api) return;
    // Of the same version too, a copy that wins on its nonce (two people moved it at once).
    const incoming = scene.elements.filter((element) =>
      newerElement(element as Versioned, sync.applied.get(element.id as string)),
    );
    if (incoming.length === 0) return;
    for (const element of incoming) sync.applied.set(element.id as string, element as Versioned);
    // Known to the server: not mine to send back (set before updateScene, which calls onChange).
    sync.queue.learn(incoming as WhiteboardElement[]);
    const local = api.getSceneElementsIncludingDeleted();
    const mine = new Map(local.map((element) => [element.id, element as unknown as SceneElement]));
    // A text box someone has just opened is empty, and Excalidraw would restore it as deleted
    // (a new version, which this tab would then send): it is taken in once it has text.
    const ready = withoutDeletedStubs(incoming as SceneElement[], mine).filter(
      (element) => !(element.type === 'text' && !element.isDeleted && !element.text),
    );
    const restored = safelyRestored(ready);
    const elements = reconcileElements(
      local,
      restored as RemoteExcalidrawElement[],
      api.getAppState(),
    );
    api.updateScene({ elements, captureUpdate: CaptureUpdateAction.NEVER });
    loadPictures(incoming);
  }, [api, scene.elements, sync, loadPictures]);

  useEffect(() => {
    if (api) loadPictures(scene.elements);
  }, [api, scene.elements, loadPictures]);

  // My edits, to the server: gathered for WHITEBOARD_SEND_INTERVAL_MS, then sent as deltas.
  const flush = useRef(() => {});
  flush.current = () => {
    if (!api || !editable || sync.gone) return;
    const drawing = sync.closedScene ?? api.getSceneElementsIncludingDeleted();
    const { batches, tooLarge, waitMs } = sync.queue.take(drawing);
    if (tooLarge.length > 0) onProblem(WHITEBOARD_MESSAGES.elementTooLarge);
    // Held back by the send queue's pace: the rest goes once it allows, also if nothing changes.
    if (waitMs > 0) {
      clearTimeout(paced.current);
      paced.current = setTimeout(() => flush.current(), waitMs);
    }
    for (const batch of batches as unknown as WhiteboardElement[][]) {
      if (!socket?.connected) {
        sync.queue.failed(batch);
        setSaveState('offline');
        continue;
      }
      setSaveState('saving');
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('whiteboard:update', { widgetId, elements: batch })
        .then(
          (answer) => {
            if (answer.ok) {
              sync.queue.settled(batch);
              // Closed meanwhile: the preview shows it once it is saved.
              if (sync.closedScene) mergeIntoScene(queryClient, tripId, widgetId, batch);
            } else if (answer.code === 'not_found' && sync.closedScene) {
              // Closed, and the whiteboard is gone: nothing left to send to.
              sync.gone = true;
            } else if (answer.code === 'unavailable' || answer.code === 'not_found') {
              // Not saved this time (a reconnect joining the trip, the database, the server
              // busy): again soon, and nothing more meanwhile.
              sync.queue.failed(batch);
              sync.queue.pause();
              retryLater();
            } else {
              // Refused for good (the plan, the scene's limits): kept here, said once.
              sync.queue.settled(batch);
              onProblem(answer.message);
            }
            if (!sync.queue.pending) setSaveState('saved');
          },
          () => {
            sync.queue.failed(batch);
            setSaveState('offline');
            retryLater();
          },
        );
    }
  };
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const paced = useRef<ReturnType<typeof setTimeout>>(undefined);
  const retryLater = useCallback(() => {
    clearTimeout(retry.current);
    // Edits not saved yet are sent again, also after the editor closed, until the whiteboard is gone.
    if (sync.gone) return;
    retry.current = setTimeout(() => {
      sync.queue.resume();
      flush.current();
    }, RETRY_MS);
  }, [sync]);
  const scheduleFlush = useMemo(
    () => throttle(() => flush.current(), WHITEBOARD_SEND_INTERVAL_MS),
    [],
  );

  // Back online: what is not saved yet is sent again.
  useEffect(() => {
    if (!api || !socket) return;
    const onReconnect = () => retryLater();
    socket.on('connect', onReconnect);
    return () => {
      socket.off('connect', onReconnect);
    };
  }, [api, socket, retryLater]);

  // The editor (re)opened: what it sends is read from Excalidraw again.
  const openScene = useCallback(() => {
    sync.closedScene = null;
  }, [sync]);
  // The editor closing: what is left is sent now, and given back.
  const sendWhatIsLeft = useCallback(
    (closing: ExcalidrawImperativeAPI) => {
      scheduleFlush.cancel();
      clearTimeout(retry.current);
      const left = closing.getSceneElementsIncludingDeleted();
      sync.closedScene = left;
      // The retry just cancelled would have resumed: what is left goes now.
      sync.queue.resume();
      flush.current();
      return left;
    },
    [scheduleFlush, sync],
  );
  // What the server has; the rest joins the preview as it is saved (see flush).
  const showInPreview = useCallback(
    (left: readonly ExcalidrawElement[]) => {
      const saved = (left as unknown as WhiteboardElement[]).filter(sync.queue.holds);
      mergeIntoScene(queryClient, tripId, widgetId, saved);
    },
    [queryClient, sync, tripId, widgetId],
  );

  // Whether this tab made the element's current version (not taken in from the server).
  const editedHere = useCallback(
    (element: { id: string; version: number }) =>
      element.version > (sync.applied.get(element.id)?.version ?? 0),
    [sync],
  );

  return { saveState, scheduleFlush, openScene, sendWhatIsLeft, showInPreview, editedHere };
}
