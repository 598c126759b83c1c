import { GripVertical, Maximize2, Minimize2, X } from 'lucide-react';
import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { RemoteDrag, RemoteDragStore } from '@/features/live/liveStore';
import { cn } from '@/lib/utils';
import { WIDGET_SIZES, type Widget } from '../../../shared/contracts/board';
import {
  arrowKeyOffset,
  CANVAS,
  clampToBoard,
  EXPANDED_LAYER,
  type Position,
} from './boardGeometry';
import { useWidgetDrag } from './useWidgetDrag';
import { WidgetTitleInput } from './WidgetTitleInput';
import { widgetKind } from './widgetCatalog';

// Arrow-key moves are saved once the keys rest, not on every step of a held key.
const KEY_SAVE_DELAY_MS = 400;

export type BoardLayout = 'canvas' | 'stack';

/**
 * Where other members are dragging widgets, and how to show such a drag here (its position on
 * this board, and who it is). Each frame subscribes to its own widget's drag, so a drag at 30
 * moves a second redraws that widget alone, not the board (nor the widget's body).
 */
export type RemoteDrags = {
  store: RemoteDragStore;
  show: (drag: RemoteDrag) => { at: Position; name: string; colour: string } | null;
};
const noSubscription = () => () => {};

type Props = {
  widget: Widget;
  /** canvas: placed where it was dropped; stack: one column, in reading order (phones). */
  layout: BoardLayout;
  /** The saved position, already clamped to the board. */
  position: Position;
  layer: number;
  expanded: boolean;
  /** The board's zoom, for turning a drag on screen into a move on the board. */
  scale: number;
  onFront: () => void;
  onExpandedChange: (expanded: boolean) => void;
  /** Saves the position; settles, with whether it was saved, when the save has (the preview
   * lasts until then). */
  onMove: (position: Position) => Promise<boolean>;
  onRename: (title: string) => void;
  onRemove: () => void;
  /** Other members' drags: this widget follows one of it as it happens. */
  remoteDrags?: RemoteDrags;
  /** Each step of my drag (or arrow-key move), for the others; null when I cancel it; `final`
   * for the drop, sent at once. */
  onLiveMove?: (at: Position | null, final?: boolean) => void;
  children: ReactNode;
};

/**
 * One widget on the board (spec §4 Widget): a card with a header to drag it by (mouse, touch, or
 * the arrow keys once the title is focused), a title to rename (double-click or F2), expand and
 * remove buttons, and the widget's own body.
 * A press anywhere brings it to the front. Expanded, it is a centred overlay above everything,
 * 80% of the viewport and at most 1200×800; Escape or the backdrop collapses it.
 */
export function WidgetFrame({
  widget,
  layout,
  position,
  layer,
  expanded,
  scale,
  onFront,
  onExpandedChange,
  onMove,
  onRename,
  onRemove,
  remoteDrags,
  onLiveMove,
  children,
}: Props) {
  const kind = widgetKind(widget.type);
  const size = WIDGET_SIZES[widget.type];
  const titleId = useId();
  const hintId = useId();
  const frameRef = useRef<HTMLElement>(null);
  const expandButtonRef = useRef<HTMLButtonElement>(null);
  const handleRef = useRef<HTMLButtonElement>(null);
  const [renaming, setRenaming] = useState(false);
  // Where the widget is shown during a drag or a run of arrow keys, and after the drop until the
  // board has the saved position (the query cache tells its subscribers a task later): a preview
  // lasts only while the position it started from is still the board's, so the widget never
  // flicks back to where it was, and any new position — saved, put back after a refusal, or
  // another member's — takes over by itself.
  const [preview, setPreview] = useState<{ at: Position; from: Position } | null>(null);
  const keySave = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The last position this frame saved. A run of arrow keys can save a step while later steps
  // are still being pressed (a busy machine rests longer between keys than the save waits): when
  // that step's position arrives it is my own, older than what is shown, and must not end the
  // preview — it took the later steps with it (the widget went back one step).
  const lastSaved = useRef<Position | null>(null);
  if (preview && (preview.from.top !== position.top || preview.from.left !== position.left)) {
    // Adjusting state to a new prop while rendering (React re-renders at once, before painting).
    const mine = lastSaved.current;
    const myEarlierStep =
      mine !== null &&
      mine.top === position.top &&
      mine.left === position.left &&
      (preview.at.top !== position.top || preview.at.left !== position.left);
    setPreview(myEarlierStep ? { at: preview.at, from: position } : null);
  }
  const drag = useSyncExternalStore(
    remoteDrags?.store.subscribe ?? noSubscription,
    () => remoteDrags?.store.get(widget.id) ?? null,
  );
  const remoteDrag = drag && remoteDrags ? remoteDrags.show(drag) : null;
  // My own drag wins over another member's on my screen; the saved position settles it.
  const shown = preview?.at ?? remoteDrag?.at ?? position;
  const showAt = (at: Position) => {
    setPreview({ at, from: position });
    onLiveMove?.(at);
  };
  const movable = layout === 'canvas' && !expanded;

  const measure = () => {
    const frame = frameRef.current;
    if (!frame) return null;
    return {
      widget: { width: frame.offsetWidth, height: frame.offsetHeight },
      board: CANVAS,
      scale,
    };
  };

  const drop = (next: Position) => {
    if (next.top === position.top && next.left === position.left) {
      setPreview(null);
      onLiveMove?.(null); // nothing to save, so no saved position will end the others' preview
      return;
    }
    onLiveMove?.(next, true);
    lastSaved.current = next;
    // Shown until the save settles: by then the board has the new position (the render-time check
    // above has let go already) or, after a quick refusal, the old one again, which that check
    // cannot see as a change. Either way this drop's preview is done.
    void onMove(next).then((saved) => {
      // No saved position will reach the others to end their preview of this drop: end it now.
      if (!saved) onLiveMove?.(null);
      setPreview((current) => (current?.at === next ? null : current));
    });
  };

  const { dragging, handlers } = useWidgetDrag({
    enabled: movable,
    position: shown,
    measure,
    onMove: showAt,
    onDrop: drop,
    onCancel: () => {
      setPreview(null);
      onLiveMove?.(null);
    },
  });

  function onHandleKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'F2') {
      event.preventDefault();
      setRenaming(true);
      return;
    }
    if (!movable) return;
    const offset = arrowKeyOffset(event.key, event.shiftKey);
    const sizes = offset && measure();
    if (!offset || !sizes) return;
    event.preventDefault();
    onFront();
    const next = clampToBoard(
      { top: shown.top + offset.top, left: shown.left + offset.left },
      sizes.widget,
      sizes.board,
    );
    showAt(next);
    clearTimeout(keySave.current);
    keySave.current = setTimeout(() => drop(next), KEY_SAVE_DELAY_MS);
  }

  // A widget that goes away (removed, or the trip switched) drops its pending arrow-key save.
  useEffect(() => () => clearTimeout(keySave.current), []);

  // Escape collapses the overlay, unless a dialog or menu of the widget's own is open: that
  // Escape is theirs. Focus moves into the overlay, and back to the Expand button afterwards.
  const onExpandedChangeRef = useRef(onExpandedChange);
  onExpandedChangeRef.current = onExpandedChange;
  useEffect(() => {
    if (!expanded) return;
    frameRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      // An editor inside the widget (the whiteboard's) uses Escape itself.
      if (event.target instanceof Element && event.target.closest('[data-owns-escape]')) return;
      onExpandedChangeRef.current(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      expandButtonRef.current?.focus();
    };
  }, [expanded]);

  const style: CSSProperties & Record<`--${string}`, string> = expanded
    ? { zIndex: EXPANDED_LAYER }
    : layout === 'canvas'
      ? {
          top: shown.top,
          left: shown.left,
          zIndex: layer,
          // Held by another member: above the others, as it is on their screen, in their colour.
          ...(remoteDrag && !preview
            ? { outlineColor: remoteDrag.colour, zIndex: EXPANDED_LAYER - 10 }
            : {}),
          '--widget-width': `${size.width}px`,
          '--widget-loaded-width': `${size.loadedWidth ?? size.width}px`,
          '--widget-height': `${size.height}px`,
        }
      : {};

  return (
    <>
      {expanded && (
        <div
          aria-hidden
          data-testid="widget-backdrop"
          className="fixed inset-0 bg-black/60 backdrop-blur-[2px]"
          style={{ zIndex: EXPANDED_LAYER - 1 }}
          onClick={() => onExpandedChange(false)}
        />
      )}
      <section
        ref={frameRef}
        aria-labelledby={titleId}
        data-widget-id={widget.id}
        data-widget-type={widget.type}
        data-expanded={expanded || undefined}
        tabIndex={expanded ? -1 : undefined}
        style={style}
        onPointerDownCapture={expanded ? undefined : onFront}
        className={cn(
          'flex flex-col overflow-hidden rounded-xl border border-border/70 bg-card/90 text-card-foreground shadow-xl backdrop-blur-md outline-none',
          layout === 'canvas' &&
            !expanded &&
            'absolute h-(--widget-height) w-(--widget-width) cursor-auto has-[[data-widget-loaded]]:w-(--widget-loaded-width)',
          layout === 'stack' && !expanded && 'relative w-full shrink-0',
          // Phones: the whole screen below the top bar (80 % of 375 px was narrower than the
          // widget; centred, its own header slid under the top bar, which the board never covers).
          // The bar's height is the page's (taller with a call's row): 3.5rem without one.
          expanded &&
            !kind.page && [
              'fixed top-[calc(var(--top-bar-height,3.5rem)+0.5rem)] bottom-2 left-1/2 w-[calc(100vw-1rem)] -translate-x-1/2',
              'sm:top-1/2 sm:bottom-auto sm:h-[min(80vh,800px)] sm:w-[min(80vw,1200px)] sm:-translate-y-1/2',
            ],
          // A page of the trip (issue #39: the plan) has the whole screen below the top bar.
          expanded &&
            kind.page &&
            'fixed top-[calc(var(--top-bar-height,3.5rem)+0.5rem)] right-2 bottom-2 left-2',
          dragging && 'shadow-2xl ring-2 ring-primary/60',
          remoteDrag && !preview && 'shadow-2xl outline-2 outline-offset-2 outline-solid',
        )}
      >
        {remoteDrag && !preview && (
          // Their named cursor shows who on screen; this says it to screen readers.
          <span className="sr-only" role="status">
            {remoteDrag.name} is moving this
          </span>
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the double-click is the mouse's way to rename; keyboards press F2 on the title button */}
        <header
          {...handlers}
          // Here, not on the title: a press on the header captures the pointer (so a drag can
          // leave it), and a captured pointer's double-click goes to the header (issue #17).
          onDoubleClick={(event) => {
            if (!(event.target as HTMLElement).closest('[data-no-drag]')) setRenaming(true);
          }}
          className={cn(
            'flex items-center gap-1 border-b border-border/60 py-1.5 pr-1.5 pl-2 select-none',
            movable && 'cursor-grab touch-none',
            dragging && 'cursor-grabbing',
          )}
        >
          {renaming ? (
            <>
              <h2 id={titleId} className="sr-only">
                {widget.title}
              </h2>
              <WidgetTitleInput
                title={widget.title}
                onSave={onRename}
                onDone={() => {
                  setRenaming(false);
                  // Back to the title, where the keyboard was.
                  requestAnimationFrame(() => handleRef.current?.focus());
                }}
              />
            </>
          ) : (
            <button
              ref={handleRef}
              type="button"
              aria-describedby={hintId}
              onKeyDown={onHandleKeyDown}
              className="flex min-w-0 flex-1 items-center gap-1.5 rounded-md px-1 py-1 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {movable && (
                <GripVertical aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              )}
              <kind.icon aria-hidden className="size-4 shrink-0 text-primary" />
              <h2 id={titleId} className="truncate text-sm font-semibold">
                {widget.title}
              </h2>
            </button>
          )}
          <span id={hintId} className="sr-only">
            {movable
              ? 'Drag, or press the arrow keys, to move this widget. Shift moves it further. '
              : ''}
            Double-click or press F2 to rename it.
          </span>
          <button
            ref={expandButtonRef}
            type="button"
            data-no-drag
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${widget.title}`}
            aria-expanded={expanded}
            onClick={() => onExpandedChange(!expanded)}
            className={HEADER_BUTTON}
          >
            {expanded ? (
              <Minimize2 aria-hidden className="size-4" />
            ) : (
              <Maximize2 aria-hidden className="size-4" />
            )}
          </button>
          <button
            type="button"
            data-no-drag
            aria-label={`Remove ${widget.title}`}
            onClick={onRemove}
            className={HEADER_BUTTON}
          >
            <X aria-hidden className="size-4" />
          </button>
        </header>
        <div
          className={cn(
            'flex min-h-0 flex-col',
            // On the canvas each kind has its size (issue #38): taller content scrolls inside.
            expanded || layout === 'canvas'
              ? 'flex-1 overflow-auto'
              : 'max-h-[min(440px,70dvh)] overflow-auto',
          )}
        >
          {children}
        </div>
      </section>
    </>
  );
}

const HEADER_BUTTON = cn(
  'grid size-8 shrink-0 place-items-center rounded-md text-muted-foreground transition-colors',
  'hover:bg-accent hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
);
