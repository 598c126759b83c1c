import type { BoardPoint } from '../../../shared/realtime';

/** A widget another member is dragging: where they hold it, and who they are. */
export type RemoteDrag = { at: BoardPoint; userId: string };

/**
 * The widgets other members are dragging now, outside React state: a drag moves up to 30 times
 * a second, and only the widget being dragged should redraw for it, not the whole board.
 */
export function createRemoteDragStore() {
  let drags: ReadonlyMap<string, RemoteDrag> = new Map();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    /** Where the widget is held now, or null when the drag ended. */
    set(widgetId: string, drag: RemoteDrag | null) {
      const next = new Map(drags);
      if (drag) next.set(widgetId, drag);
      else if (!next.delete(widgetId)) return;
      drags = next;
      notify();
    },
    clear() {
      if (drags.size === 0) return;
      drags = new Map();
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** The same object until that widget's drag changes, so a snapshot of it is stable. */
    get: (widgetId: string): RemoteDrag | null => drags.get(widgetId) ?? null,
  };
}

export type RemoteDragStore = ReturnType<typeof createRemoteDragStore>;
