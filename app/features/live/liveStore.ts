import type { BoardPoint } from '../../../shared/contracts/live';

/**
 * Live values by key — the other members' pointers, the widgets they drag — outside React
 * state: each changes up to 30 times a second, and only what shows it should redraw. Every
 * change makes a new map, so a snapshot (the map, or one key's value) stays the same object
 * until it changes. `schedule` batches what listeners hear (the cursor layer: once a frame).
 */
function createLiveStore<V>(schedule?: (run: () => void) => void) {
  let values: ReadonlyMap<string, V> = new Map();
  let scheduled = false;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };

  function notify() {
    if (!schedule) return tell();
    if (scheduled) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      tell();
    });
  }

  return {
    /** The key's new value, or null when it is gone. */
    set(key: string, value: V | null) {
      const next = new Map(values);
      if (value) next.set(key, value);
      else if (!next.delete(key)) return;
      values = next;
      notify();
    },
    clear() {
      if (values.size === 0) return;
      values = new Map();
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: (): ReadonlyMap<string, V> => values,
    get: (key: string): V | null => values.get(key) ?? null,
  };
}

/** Where the other members' pointers are, by user id; the cursor layer redraws once a frame. */
export function createCursorStore(schedule: (run: () => void) => void = requestAnimationFrame) {
  return createLiveStore<BoardPoint>(schedule);
}
export type CursorStore = ReturnType<typeof createCursorStore>;
export type Cursors = ReadonlyMap<string, BoardPoint>;

/** A widget another member is dragging: where they hold it, and who they are. */
export type RemoteDrag = { at: BoardPoint; userId: string };

/** The widgets other members are dragging now, by widget id; each widget's frame listens. */
export function createRemoteDragStore() {
  return createLiveStore<RemoteDrag>();
}
export type RemoteDragStore = ReturnType<typeof createRemoteDragStore>;
