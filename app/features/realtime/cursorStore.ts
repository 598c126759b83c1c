import type { BoardPoint } from '../../../shared/realtime';

export type Cursors = ReadonlyMap<string, BoardPoint>;

/**
 * Where the other members' pointers are, outside React state: they move up to 30 times a second
 * each, and only the cursor layer should redraw for that. Listeners hear at most once a frame.
 */
export function createCursorStore(schedule: (run: () => void) => void = requestAnimationFrame) {
  let cursors: Cursors = new Map();
  let scheduled = false;
  const listeners = new Set<() => void>();

  function notify() {
    if (scheduled) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      for (const listener of listeners) listener();
    });
  }

  return {
    set(userId: string, at: BoardPoint | null) {
      const next = new Map(cursors);
      if (at) next.set(userId, at);
      else if (!next.delete(userId)) return;
      cursors = next;
      notify();
    },
    clear() {
      if (cursors.size === 0) return;
      cursors = new Map();
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): Cursors => cursors,
  };
}

export type CursorStore = ReturnType<typeof createCursorStore>;
