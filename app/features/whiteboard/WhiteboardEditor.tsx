import '@excalidraw/excalidraw/index.css';
import {
  CaptureUpdateAction,
  Excalidraw,
  exportToBlob,
  exportToSvg,
  newElementWith,
  reconcileElements,
  restoreElements,
} from '@excalidraw/excalidraw';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import type { ExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type {
  BinaryFileData,
  BinaryFiles,
  Collaborator,
  ExcalidrawImperativeAPI,
  SocketId,
} from '@excalidraw/excalidraw/types';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/apiError';
import { throwIfNotOk } from '@/lib/queryClient';
import { TAB_ID } from '@/lib/tabId';
import { useTheme } from '@/lib/theme';
import { CLIENT_ID_HEADER } from '../../../shared/clientId';
import type { PresenceMember } from '../../../shared/contracts/realtime';
import {
  newerElement,
  WHITEBOARD_MESSAGES,
  WHITEBOARD_POINTER_INTERVAL_MS,
  WHITEBOARD_SEND_INTERVAL_MS,
  type WhiteboardElement,
  type WhiteboardPointerMessage,
  type WhiteboardScene,
  whiteboardFilePath,
} from '../../../shared/contracts/whiteboard';
import { randomId } from '../../../shared/ids';
import { throttle } from '../realtime/throttle';
import type { LiveSocket } from '../realtime/useLiveSocket';
import { mergeIntoScene, type SceneElement, withoutDeletedStubs } from './sceneCache';
import { createSendQueue } from './sendQueue';

// A save the server could not make (its database, a reconnect in progress) is tried again after this.
const RETRY_MS = 2000;
const ACK_TIMEOUT_MS = 10_000;
// Coordinates the server accepts for a pointer (shared/contracts/whiteboard.ts).
const clampCoordinate = (value: number) => Math.max(-1e7, Math.min(1e7, value));

type Props = {
  tripId: string;
  widgetId: string;
  title: string;
  scene: WhiteboardScene;
  socket: LiveSocket | null;
  members: PresenceMember[];
  myUserId: string;
};

type SaveState = 'saved' | 'saving' | 'offline';
const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'All changes saved',
  saving: 'Saving…',
  offline: 'Offline: your drawing is kept here and sent when the connection is back',
};

function dataUrlBytes(dataURL: string): Uint8Array<ArrayBuffer> {
  const base64 = dataURL.slice(dataURL.indexOf(',') + 1);
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The name of a picture pasted or dropped here, under which it is stored (Excalidraw's
 * `generateIdForFile`). Random, not Excalidraw's own SHA-1 of the file: Excalidraw hashes the
 * file as pasted and then re-encodes it (resizing it through a canvas), so the bytes it hands
 * over, which are what is uploaded, are never the ones hashed, and the server refuses a
 * SHA-1-shaped name that is not the hash of what it is sent. A random name never claims to be
 * a hash (never 40 hex digits). The same picture pasted twice is stored twice: acceptable.
 */
const newPictureId = () => randomId();

type Versioned = Pick<WhiteboardElement, 'version' | 'versionNonce'>;

/**
 * Elements as Excalidraw restores them; one it cannot restore (a shape from a broken client) is
 * left out rather than stopping the editor from opening for everyone.
 */
function safelyRestored(elements: readonly unknown[]): ExcalidrawElement[] {
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

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The whiteboard's full editor (issue #22): Excalidraw, loaded only when a whiteboard is opened.
 * My edits go to the server as deltas (sendQueue.ts) over the trip's live connection; the
 * others' arrive through the cached scene (useWhiteboardUpdates) and are reconciled in with
 * Excalidraw's own `reconcileElements`, which keeps what I am editing mine. Their changes never
 * enter my undo history: undo is per person. Pointers are relayed, never stored.
 */
export default function WhiteboardEditor({
  tripId,
  widgetId,
  title,
  scene,
  socket,
  members,
  myUserId,
}: Props) {
  const editable = scene.editable;
  const queryClient = useQueryClient();
  const { resolvedTheme } = useTheme();
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [problem, setProblem] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  // The canvas says nothing to a screen reader: how much is drawn, said in words.
  const [shapes, setShapes] = useState(() => scene.elements.filter((e) => !e.isDeleted).length);
  // Who else has a pointer on this whiteboard now (their pointers and names are on the canvas).
  const [here, setHere] = useState<{ id: string; name: string; colour: string }[]>([]);

  // What this editor knows: versions the server holds, pictures stored or being fetched, and
  // which of the cached scene's versions it has already taken in.
  // Made once: the scene goes on arriving through the effects below.
  const [sync] = useState(() => {
    const queue = createSendQueue();
    queue.learn(scene.elements as WhiteboardElement[]);
    return {
      queue,
      // The copy (version, nonce) of each element taken in from the server.
      applied: new Map(scene.elements.map((e) => [e.id as string, e as Versioned])),
      storedFiles: new Set(scene.files.map((file) => file.id)),
      uploading: new Set<string>(),
      // Pictures the server refused (a type or a size): not sent again.
      refusedFiles: new Set<string>(),
      fetching: new Set<string>(),
      // Pictures not there yet, and the version of their element then: asked again once it changes.
      missing: new Map<string, number>(),
      collaborators: new Map<SocketId, Collaborator>(),
      // Once the editor closes: the scene as it was left (its unsent part goes on being sent), and
      // whether the whiteboard is gone (nothing to send to any more).
      closedScene: null as readonly ExcalidrawElement[] | null,
      gone: false,
    };
  });
  // Excalidraw reads it once.
  const [initialData] = useState(() => ({
    elements: safelyRestored(withoutDeletedStubs(scene.elements as SceneElement[], new Map())),
    appState: { viewBackgroundColor: '#ffffff' },
    scrollToContent: true,
  }));

  // The pictures on the scene that this tab has not got yet, fetched from the server.
  const loadPictures = useRef((_elements: readonly Record<string, unknown>[]) => {});
  loadPictures.current = (elements) => {
    if (!api) return;
    const have = api.getFiles();
    for (const element of elements) {
      const fileId = element.fileId;
      if (element.type !== 'image' || element.isDeleted || typeof fileId !== 'string') continue;
      if (have[fileId] || sync.fetching.has(fileId)) continue;
      const version = element.version as number;
      if ((sync.missing.get(fileId) ?? -1) >= version) continue;
      sync.fetching.add(fileId);
      fetch(whiteboardFilePath(tripId, widgetId, fileId), { credentials: 'include' })
        .then(async (res) => {
          // Not stored yet (its upload is on its way): asked again when its element changes (the
          // uploader marks it saved).
          if (!res.ok) {
            sync.missing.set(fileId, version);
            return;
          }
          sync.missing.delete(fileId);
          const blob = await res.blob();
          sync.storedFiles.add(fileId);
          api.addFiles([
            {
              id: fileId,
              mimeType: blob.type,
              dataURL: await readAsDataUrl(blob),
              created: Date.now(),
            } as BinaryFileData,
          ]);
        })
        .catch(() => {})
        .finally(() => sync.fetching.delete(fileId));
    }
  };

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
    loadPictures.current(incoming);
  }, [api, scene.elements, sync]);

  useEffect(() => {
    if (api) loadPictures.current(scene.elements);
  }, [api, scene.elements]);

  // My edits, to the server: gathered for WHITEBOARD_SEND_INTERVAL_MS, then sent as deltas.
  const flush = useRef(() => {});
  flush.current = () => {
    if (!api || !editable || sync.gone) return;
    const drawing = sync.closedScene ?? api.getSceneElementsIncludingDeleted();
    const { batches, tooLarge, waitMs } = sync.queue.take(drawing);
    if (tooLarge.length > 0) setProblem(WHITEBOARD_MESSAGES.elementTooLarge);
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
              setProblem(answer.message);
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

  // Pictures pasted or dropped here: stored on the server, then marked saved on the element so
  // the others fetch them.
  function uploadNewPictures(files: BinaryFiles) {
    for (const file of Object.values(files)) {
      if (sync.storedFiles.has(file.id) || sync.uploading.has(file.id)) continue;
      if (sync.refusedFiles.has(file.id)) continue;
      sync.uploading.add(file.id);
      fetch(whiteboardFilePath(tripId, widgetId, file.id), {
        method: 'PUT',
        headers: { 'Content-Type': file.mimeType, [CLIENT_ID_HEADER]: TAB_ID },
        body: dataUrlBytes(file.dataURL),
        credentials: 'include',
      })
        .then(async (res) => {
          await throwIfNotOk(res);
          sync.storedFiles.add(file.id);
          if (!api) return;
          api.updateScene({
            elements: api
              .getSceneElementsIncludingDeleted()
              .map((element) =>
                element.type === 'image' && element.fileId === file.id && element.status !== 'saved'
                  ? newElementWith(element, { status: 'saved' })
                  : element,
              ),
            captureUpdate: CaptureUpdateAction.NEVER,
          });
        })
        .catch((error: unknown) => {
          // Refused (its type, its size, a full whiteboard): said once, not sent again.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            sync.refusedFiles.add(file.id);
          }
          setProblem(errorMessage(error, 'The picture could not be shared. Please try again.'));
        })
        .finally(() => sync.uploading.delete(file.id));
    }
  }

  // The others' pointers, with their names and colours from the trip's presence.
  const membersRef = useRef(members);
  membersRef.current = members;
  useEffect(() => {
    if (!api || !socket) return;
    const showCollaborators = () => api.updateScene({ collaborators: new Map(sync.collaborators) });
    const showWhoIsHere = () =>
      setHere(
        [...sync.collaborators.values()].map((c) => ({
          id: c.id ?? '',
          name: c.username ?? 'Someone',
          colour: c.color?.background ?? '#64748b',
        })),
      );
    const onPointer = (message: WhiteboardPointerMessage) => {
      if (message.tripId !== tripId || message.widgetId !== widgetId) return;
      if (message.userId === myUserId) return;
      const id = message.userId as SocketId;
      const wasHere = sync.collaborators.has(id);
      if (!message.pointer) sync.collaborators.delete(id);
      else {
        const member = membersRef.current.find((m) => m.userId === message.userId);
        sync.collaborators.set(id, {
          id: message.userId,
          socketId: id,
          username: member?.name ?? 'Someone',
          color: { background: member?.colour ?? '#64748b', stroke: member?.colour ?? '#64748b' },
          pointer: message.pointer,
          button: message.button,
        });
      }
      showCollaborators();
      if (wasHere !== sync.collaborators.has(id)) showWhoIsHere();
    };
    const onReconnect = () => retryLater();
    socket.on('whiteboard:pointer', onPointer);
    socket.on('connect', onReconnect);
    return () => {
      socket.off('whiteboard:pointer', onPointer);
      socket.off('connect', onReconnect);
    };
  }, [api, socket, tripId, widgetId, myUserId, sync, retryLater]);

  // Whoever left the trip's presence leaves the whiteboard too.
  useEffect(() => {
    if (!api) return;
    const here = new Set(members.map((member) => member.userId));
    let changed = false;
    for (const id of sync.collaborators.keys()) {
      if (!here.has(id)) changed = sync.collaborators.delete(id) || changed;
    }
    if (!changed) return;
    api.updateScene({ collaborators: new Map(sync.collaborators) });
    setHere((people) => people.filter((person) => here.has(person.id)));
  }, [api, members, sync]);

  const sendPointer = useMemo(
    () =>
      throttle(
        (
          pointer: { x: number; y: number; tool: 'pointer' | 'laser' } | null,
          button: 'up' | 'down',
        ) => socket?.emit('whiteboard:pointer', { widgetId, pointer, button }),
        WHITEBOARD_POINTER_INTERVAL_MS,
      ),
    [socket, widgetId],
  );

  // Closing the editor: what is left is sent, my pointer leaves, and the preview shows my drawing.
  // A layout effect: its cleanup runs before Excalidraw's own unmounting empties its scene.
  useLayoutEffect(() => {
    if (!api) return;
    sync.closedScene = null;
    return () => {
      scheduleFlush.cancel();
      clearTimeout(retry.current);
      const left = api.getSceneElementsIncludingDeleted();
      sync.closedScene = left;
      // The retry just cancelled would have resumed: what is left goes now.
      sync.queue.resume();
      flush.current();
      sendPointer.cancel();
      socket?.emit('whiteboard:pointer', { widgetId, pointer: null, button: 'up' });
      // What the server has; the rest joins the preview as it is saved (see flush).
      const saved = (left as unknown as WhiteboardElement[]).filter(sync.queue.holds);
      mergeIntoScene(queryClient, tripId, widgetId, saved);
    };
  }, [api, queryClient, scheduleFlush, sendPointer, socket, sync, tripId, widgetId]);

  async function exportAs(kind: 'png' | 'svg') {
    if (!api) return;
    setExporting(true);
    try {
      const options = {
        elements: api.getSceneElements(),
        appState: { ...api.getAppState(), exportBackground: true, exportWithDarkMode: false },
        files: api.getFiles(),
      };
      const blob =
        kind === 'png'
          ? await exportToBlob({ ...options, mimeType: 'image/png' })
          : new Blob([(await exportToSvg(options)).outerHTML], { type: 'image/svg+xml' });
      download(blob, `${title}.${kind}`);
    } catch {
      setProblem('The drawing could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-border/60 px-3 py-2 text-sm">
        <p
          aria-live="polite"
          className="w-full min-w-0 truncate text-muted-foreground sm:w-auto sm:flex-1"
        >
          {shapes === 1 ? '1 shape' : `${shapes} shapes`} ·{' '}
          {editable ? SAVE_STATE_TEXT[saveState] : WHITEBOARD_MESSAGES.planRequired}
        </p>
        {here.length > 0 && (
          <ul aria-label="Drawing with you" className="flex items-center gap-1">
            {here.map((person) => (
              <li
                key={person.id}
                className="max-w-32 truncate rounded-full px-2 py-0.5 text-xs font-medium text-white"
                style={{ background: person.colour }}
              >
                {person.name}
              </li>
            ))}
          </ul>
        )}
        {(['png', 'svg'] as const).map((kind) => (
          <Button
            key={kind}
            type="button"
            variant="outline"
            size="sm"
            disabled={!api || exporting}
            onClick={() => void exportAs(kind)}
          >
            <Download aria-hidden /> {kind.toUpperCase()}
            <span className="sr-only"> (export the drawing)</span>
          </Button>
        ))}
      </div>
      {problem && (
        <div
          role="alert"
          className="flex items-start gap-2 border-b border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <p className="flex-1">{problem}</p>
          <button
            type="button"
            className="rounded-sm font-medium underline-offset-2 hover:underline"
            onClick={() => setProblem(null)}
          >
            Dismiss
          </button>
        </div>
      )}
      {/* Escape belongs to the editor here (deselecting, leaving a tool), not to the overlay. */}
      <div data-owns-escape className="relative min-h-0 flex-1">
        <Excalidraw
          excalidrawAPI={setApi}
          initialData={initialData}
          isCollaborating
          autoFocus
          aiEnabled={false}
          generateIdForFile={newPictureId}
          viewModeEnabled={!editable}
          theme={resolvedTheme}
          name={title}
          UIOptions={{
            canvasActions: {
              loadScene: false,
              saveToActiveFile: false,
              export: false,
              toggleTheme: null,
            },
          }}
          onChange={(elements, _appState, files) => {
            setShapes(elements.filter((element) => !element.isDeleted).length);
            if (!editable) return;
            scheduleFlush();
            uploadNewPictures(files);
          }}
          onPointerUpdate={({ pointer, button }) =>
            sendPointer(
              { x: clampCoordinate(pointer.x), y: clampCoordinate(pointer.y), tool: pointer.tool },
              button,
            )
          }
        />
      </div>
    </div>
  );
}
