import { LayoutDashboard, Map as MapIcon, Maximize, Minus, Plus } from 'lucide-react';
import { type PointerEvent, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import type { CursorStore } from '@/features/live/liveStore';
import { PersonAvatar } from '@/features/live/PersonAvatar';
import type { Rect, Size } from '../../../shared/boardLayout';
import type { PresenceMember } from '../../../shared/contracts/live';
import { MAX_ZOOM, MIN_ZOOM, ZOOM_STEP } from './useBoardView';

const OVERVIEW_WIDTH = 176;
const OVERVIEW_HEIGHT = 112;
const NO_CURSORS: ReadonlyMap<string, { top: number; left: number }> = new Map();
const noCursors = { subscribe: () => () => {}, getSnapshot: () => NO_CURSORS };

type Props = {
  zoom: number;
  onZoom: (factor: number) => void;
  onFitAll: () => void;
  onTidy: () => void;
  tidying: boolean;
  /** The whole canvas, and the part of it in view, in board coordinates. */
  canvas: Size;
  visible: Rect | null;
  widgets: readonly (Rect & { id: string })[];
  onGoTo: (point: { top: number; left: number }) => void;
  people?: { cursors: CursorStore; members: readonly PresenceMember[] };
};

/**
 * The board's zoom buttons, Fit all and Tidy up, and an overview of the whole canvas: where the
 * widgets are, the part in view, and where the others' pointers are, each a click away (issue
 * #38). Bottom left, clear of the call panel (top right) and the toasts.
 */
export function BoardControls({
  zoom,
  onZoom,
  onFitAll,
  onTidy,
  tidying,
  canvas,
  visible,
  widgets,
  onGoTo,
  people,
}: Props) {
  const [showOverview, setShowOverview] = useState(true);
  const scale = Math.min(OVERVIEW_WIDTH / canvas.width, OVERVIEW_HEIGHT / canvas.height);
  const cursors = useSyncExternalStore(
    people?.cursors.subscribe ?? noCursors.subscribe,
    people?.cursors.getSnapshot ?? noCursors.getSnapshot,
  ) as ReadonlyMap<string, { top: number; left: number }>;
  const others = (people?.members ?? []).flatMap((member) => {
    const at = cursors.get(member.userId);
    return at ? [{ member, at }] : [];
  });

  function jump(event: PointerEvent<SVGSVGElement>) {
    if (event.buttons !== 1) return;
    const box = event.currentTarget.getBoundingClientRect();
    onGoTo({ left: (event.clientX - box.left) / scale, top: (event.clientY - box.top) / scale });
  }

  return (
    <div className="pointer-events-none absolute bottom-3 left-3 z-[995] flex flex-col items-start gap-2">
      {showOverview && (
        <div className="pointer-events-auto rounded-lg border border-border/70 bg-card/85 p-1.5 shadow-lg backdrop-blur-md">
          <svg
            role="img"
            aria-label="Overview of the board"
            width={Math.round(canvas.width * scale)}
            height={Math.round(canvas.height * scale)}
            className="block cursor-pointer touch-none"
            onPointerDown={(event) => {
              event.currentTarget.setPointerCapture?.(event.pointerId);
              jump(event);
            }}
            onPointerMove={jump}
          >
            <title>Overview: click or drag to look at another part of the board</title>
            {widgets.map((widget) => (
              <rect
                key={widget.id}
                x={widget.left * scale}
                y={widget.top * scale}
                width={Math.max(2, widget.width * scale)}
                height={Math.max(2, widget.height * scale)}
                rx={1.5}
                className="fill-white/25"
              />
            ))}
            {visible && (
              <rect
                data-testid="overview-view"
                x={visible.left * scale}
                y={visible.top * scale}
                width={visible.width * scale}
                height={visible.height * scale}
                className="fill-primary/10"
                stroke="var(--color-primary)"
                strokeWidth={1.5}
              />
            )}
            {others.map(({ member, at }) => (
              <circle
                key={member.userId}
                cx={at.left * scale}
                cy={at.top * scale}
                r={3.5}
                fill={member.colour}
                stroke="white"
                strokeWidth={1}
              />
            ))}
          </svg>
          {others.length > 0 && (
            <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Go to a person on the board">
              {others.map(({ member, at }) => (
                <li key={member.userId}>
                  <button
                    type="button"
                    aria-label={`Go to ${member.name}`}
                    title={`Go to ${member.name}`}
                    onClick={() => onGoTo(at)}
                    className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <PersonAvatar
                      name={member.name}
                      image={member.image}
                      colour={member.colour}
                      className="size-6 text-[10px]"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div
        role="toolbar"
        aria-label="Board view"
        className="pointer-events-auto flex items-center gap-0.5 rounded-lg border border-border/70 bg-card/85 p-1 shadow-lg backdrop-blur-md"
      >
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label="Zoom out"
          disabled={zoom <= MIN_ZOOM}
          onClick={() => onZoom(1 / ZOOM_STEP)}
        >
          <Minus aria-hidden />
        </Button>
        <output aria-label="Zoom" className="w-11 text-center text-xs tabular-nums">
          {Math.round(zoom * 100)}%
        </output>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label="Zoom in"
          disabled={zoom >= MAX_ZOOM}
          onClick={() => onZoom(ZOOM_STEP)}
        >
          <Plus aria-hidden />
        </Button>
        <Button size="sm" variant="ghost" className="h-8 px-2" onClick={onFitAll}>
          <Maximize aria-hidden /> Fit all
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label="Overview"
          aria-pressed={showOverview}
          title={showOverview ? 'Hide the overview' : 'Show the overview'}
          onClick={() => setShowOverview((shown) => !shown)}
        >
          <MapIcon aria-hidden />
        </Button>
        <Button size="sm" variant="ghost" className="h-8 px-2" disabled={tidying} onClick={onTidy}>
          <LayoutDashboard aria-hidden /> Tidy up
        </Button>
      </div>
    </div>
  );
}
