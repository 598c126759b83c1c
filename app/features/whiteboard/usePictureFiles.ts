import {
  CaptureUpdateAction,
  exportToBlob,
  exportToSvg,
  newElementWith,
} from '@excalidraw/excalidraw';
import type {
  BinaryFileData,
  BinaryFiles,
  ExcalidrawImperativeAPI,
} from '@excalidraw/excalidraw/types';
import { useCallback, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/apiError';
import { throwIfNotOk } from '@/lib/queryClient';
import { TAB_ID } from '@/lib/tabId';
import { CLIENT_ID_HEADER } from '../../../shared/clientId';
import { type WhiteboardScene, whiteboardFilePath } from '../../../shared/contracts/whiteboard';
import { randomId } from '../../../shared/ids';

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
export const newPictureId = () => randomId();

/** The drawing as a PNG or an SVG file, on its background, in light colours. */
export async function exportDrawing(
  api: ExcalidrawImperativeAPI,
  kind: 'png' | 'svg',
): Promise<Blob> {
  const options = {
    elements: api.getSceneElements(),
    appState: { ...api.getAppState(), exportBackground: true, exportWithDarkMode: false },
    files: api.getFiles(),
  };
  return kind === 'png'
    ? await exportToBlob({ ...options, mimeType: 'image/png' })
    : new Blob([(await exportToSvg(options)).outerHTML], { type: 'image/svg+xml' });
}

export function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Options = {
  api: ExcalidrawImperativeAPI | null;
  tripId: string;
  widgetId: string;
  scene: WhiteboardScene;
  onProblem: (message: string) => void;
};

/**
 * The whiteboard's pictures (Excalidraw's `FileManager`): the ones pasted or dropped here go up
 * to the server, the others' come down from it.
 */
export function usePictureFiles({ api, tripId, widgetId, scene, onProblem }: Options) {
  // Pictures stored or being fetched. Made once: the scene goes on arriving after.
  const [files] = useState(() => ({
    stored: new Set(scene.files.map((file) => file.id)),
    uploading: new Set<string>(),
    // Pictures the server refused (a type or a size): not sent again.
    refused: new Set<string>(),
    fetching: new Set<string>(),
    // Pictures not there yet, and the version of their element then: asked again once it changes.
    missing: new Map<string, number>(),
  }));

  // The pictures on the scene that this tab has not got yet, fetched from the server.
  const latestLoadPictures = useRef((_elements: readonly Record<string, unknown>[]) => {});
  latestLoadPictures.current = (elements) => {
    if (!api) return;
    const have = api.getFiles();
    for (const element of elements) {
      const fileId = element.fileId;
      if (element.type !== 'image' || element.isDeleted || typeof fileId !== 'string') continue;
      if (have[fileId] || files.fetching.has(fileId)) continue;
      const version = element.version as number;
      if ((files.missing.get(fileId) ?? -1) >= version) continue;
      files.fetching.add(fileId);
      fetch(whiteboardFilePath(tripId, widgetId, fileId), { credentials: 'include' })
        .then(async (res) => {
          // Not stored yet (its upload is on its way): asked again when its element changes (the
          // uploader marks it saved).
          if (!res.ok) {
            files.missing.set(fileId, version);
            return;
          }
          files.missing.delete(fileId);
          const blob = await res.blob();
          files.stored.add(fileId);
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
        .finally(() => files.fetching.delete(fileId));
    }
  };
  const loadPictures = useCallback(
    (elements: readonly Record<string, unknown>[]) => latestLoadPictures.current(elements),
    [],
  );

  // Pictures pasted or dropped here: stored on the server, then marked saved on the element so
  // the others fetch them.
  function uploadNewPictures(pasted: BinaryFiles) {
    for (const file of Object.values(pasted)) {
      if (files.stored.has(file.id) || files.uploading.has(file.id)) continue;
      if (files.refused.has(file.id)) continue;
      files.uploading.add(file.id);
      fetch(whiteboardFilePath(tripId, widgetId, file.id), {
        method: 'PUT',
        headers: { 'Content-Type': file.mimeType, [CLIENT_ID_HEADER]: TAB_ID },
        body: dataUrlBytes(file.dataURL),
        credentials: 'include',
      })
        .then(async (res) => {
          await throwIfNotOk(res);
          files.stored.add(file.id);
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
            files.refused.add(file.id);
          }
          onProblem(errorMessage(error, 'The picture could not be shared. Please try again.'));
        })
        .finally(() => files.uploading.delete(file.id));
    }
  }

  return { loadPictures, uploadNewPictures };
}
