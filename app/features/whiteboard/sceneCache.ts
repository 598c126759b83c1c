import type { QueryClient } from '@tanstack/react-query';
import {
  newerElement,
  type WhiteboardElement,
  type WhiteboardScene,
} from '../../../shared/contracts/whiteboard';

/** A saved scene's element, as the server answers it (Excalidraw's, with the reconciling fields). */
export type SceneElement = WhiteboardScene['elements'][number] &
  Pick<WhiteboardElement, 'id' | 'version' | 'versionNonce' | 'isDeleted'>;

export const whiteboardKey = (tripId: string, widgetId: string) =>
  ['/api/trips', tripId, 'whiteboards', widgetId] as const;

const indexOf = (element: Record<string, unknown>) =>
  typeof element.index === 'string' ? element.index : '';

/**
 * `elements` with `incoming` reconciled in (shared `newerElement`: the later version, else the
 * lower nonce), in z-order. Returns `elements` itself when nothing changed, so a copy that lost
 * re-renders nothing.
 */
export function mergeElements<E extends Pick<WhiteboardElement, 'id' | 'version' | 'versionNonce'>>(
  elements: readonly E[],
  incoming: readonly E[],
): readonly E[] {
  const byId = new Map(elements.map((element) => [element.id, element]));
  let changed = false;
  for (const element of incoming) {
    if (!newerElement(element, byId.get(element.id))) continue;
    byId.set(element.id, element);
    changed = true;
  }
  if (!changed) return elements;
  // Excalidraw's fractional indices sort by their characters' codes.
  return [...byId.values()].sort((a, b) => {
    const left = indexOf(a as Record<string, unknown>);
    const right = indexOf(b as Record<string, unknown>);
    return left < right ? -1 : left > right ? 1 : 0;
  });
}

/** Puts elements (another member's, or mine once saved) into the cached scene, if it is there. */
export function mergeIntoScene(
  queryClient: QueryClient,
  tripId: string,
  widgetId: string,
  incoming: readonly WhiteboardElement[],
) {
  queryClient.setQueryData<WhiteboardScene>(whiteboardKey(tripId, widgetId), (scene) => {
    if (!scene) return scene;
    const current = scene.elements as unknown as readonly SceneElement[];
    const elements = mergeElements(current, incoming as unknown as readonly SceneElement[]);
    return elements === current ? scene : { ...scene, elements: [...elements] };
  });
}

/**
 * `incoming` as Excalidraw can take it. The server keeps only a stub of a deleted element (its
 * id, type, version and place: service.ts), which Excalidraw cannot restore (a line without
 * points throws): a stub is applied to this tab's own copy of the element, which it marks
 * deleted, or left out when this tab has none (there is nothing to delete).
 */
export function withoutDeletedStubs<E extends { id: string; isDeleted?: boolean }>(
  incoming: readonly E[],
  local: ReadonlyMap<string, E>,
): E[] {
  const ready: E[] = [];
  for (const element of incoming) {
    const whole = 'x' in element;
    if (!element.isDeleted || whole) ready.push(element);
    else {
      const mine = local.get(element.id);
      if (mine) ready.push({ ...mine, ...element });
    }
  }
  return ready;
}
