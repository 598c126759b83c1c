import { useSyncExternalStore } from 'react';
import type { PresenceMember } from '../../../shared/contracts/live';
import type { CursorStore } from './liveStore';

// Above the widgets (layers from 10), below an expanded widget's overlay (998 and up).
const CURSOR_LAYER = 990;

/**
 * The other members' pointers on the board (spec §1 live cursors), each in their colour with a
 * name label. Positions are board coordinates, so a pointer lands on the same widget whatever
 * the window size; a short transition smooths the ~30 moves a second into a glide.
 */
export function LiveCursors({ store, members }: { store: CursorStore; members: PresenceMember[] }) {
  const cursors = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const byId = new Map(members.map((member) => [member.userId, member]));
  return (
    <div
      aria-hidden
      className="pointer-events-none absolute inset-0"
      style={{ zIndex: CURSOR_LAYER }}
    >
      {[...cursors].map(([userId, at]) => {
        const member = byId.get(userId);
        // Someone not (or no longer) in the presence list: their pointer is not drawn.
        if (!member) return null;
        return (
          <div
            key={userId}
            data-testid="live-cursor"
            data-user-id={userId}
            className="absolute top-0 left-0 transition-transform duration-75 ease-linear will-change-transform"
            style={{ transform: `translate(${at.left}px, ${at.top}px)` }}
          >
            <svg width="18" height="20" viewBox="0 0 18 20" className="drop-shadow" aria-hidden>
              <path
                d="M1 1l6.5 17 2.4-7.1L17 8.4z"
                fill={member.colour}
                stroke="white"
                strokeWidth="1.5"
                strokeLinejoin="round"
              />
            </svg>
            <span
              className="absolute top-4 left-3.5 max-w-40 truncate rounded-md px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-white shadow"
              style={{ backgroundColor: member.colour }}
            >
              {member.name}
            </span>
          </div>
        );
      })}
    </div>
  );
}
