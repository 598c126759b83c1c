import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { RetryButton } from '@/components/RetryButton';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { ToastAction } from '@/components/ui/toast';
import { LiveCursors } from '@/features/live/LiveCursors';
import type { LiveTrip } from '@/features/live/useLiveTrip';
import { useUnfoundPlaceNotice } from '@/features/trips/tripPlace';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { isFirstLoad } from '@/lib/queryStates';
import { useAddress, useLocation, useParams } from '@/lib/router';
import { tidyLayout, widgetRect } from '../../../shared/boardLayout';
import { tripPath } from '../../../shared/clientRoutes';
import type { Widget } from '../../../shared/contracts/board';
import type { Trip } from '../../../shared/contracts/trips';
import { BoardControls } from './BoardControls';
import { BoardMessage, ConfirmRemoval } from './BoardMessages';
import { byReadingOrder, type Position } from './boardGeometry';
import { useBoardGestures } from './useBoardGestures';
import { boundsOf, useBoardView, useVisibleArea, ZOOM_STEP } from './useBoardView';
import { useElementSize } from './useElementSize';
import { useLayers } from './useLayers';
import {
  useArrangeWidgets,
  useCreateWidget,
  useRemoveWidget,
  useUpdateWidget,
  useWidgets,
} from './useWidgets';
import { WidgetBody } from './WidgetBody';
import { type BoardLayout, type RemoteDrags, WidgetFrame } from './WidgetFrame';
import { WIDGET_KINDS, widgetKind } from './widgetCatalog';

// Below this width widgets no longer fit side by side: they stack in one column, in the order
// they have on the canvas, and keep their canvas positions for wider screens.
const STACK_QUERY = '(max-width: 639px)';
// Room on the canvas beyond the furthest widget, to move one further out (issue #38).
const CANVAS_ROOM = 480;
// Tidy up lays the widgets out in rows as wide as the view, and never narrower than this.
const MIN_TIDY_WIDTH = 720;
// With the board focused: + and - zoom, as the buttons do.
const ZOOM_KEYS: Record<string, number> = { '+': ZOOM_STEP, '=': ZOOM_STEP, '-': 1 / ZOOM_STEP };

/**
 * spec §2: the trip's widgets on a canvas over the background, with the other members' pointers
 * and drags on it when `live` is given.
 */
export function Board({
  trip,
  onAddWidget,
  live,
}: {
  trip: Trip;
  onAddWidget: () => void;
  live?: LiveTrip;
}) {
  const widgets = useWidgets(trip.id);
  // What a notification asked to open and no widget shows (deleted, or its widget removed).
  useUnfoundPlaceNotice(trip.id, widgets.isSuccess);
  const updateWidget = useUpdateWidget(trip.id);
  const removeWidget = useRemoveWidget(trip.id);
  const addWidget = useCreateWidget(trip.id);

  // Issue #17: removing is for everyone on the trip, so it can be taken back for a few seconds:
  // Undo adds the same widget again (type, title, place and settings), live for everyone too.
  function offerUndo(removed: Widget) {
    const restore = () =>
      addWidget.mutate(
        {
          type: removed.type,
          title: removed.title,
          position: removed.position,
          data: removed.data,
        },
        {
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: `Could not bring back ${removed.title}`,
              description: errorMessage(error, 'Please check your connection and try again.'),
            }),
        },
      );
    toast({
      title: `${removed.title} removed`,
      description: 'It is gone for everyone on this trip.',
      action: (
        <ToastAction altText={`Undo: bring back ${removed.title}`} onClick={restore}>
          Undo
        </ToastAction>
      ),
    });
  }
  const boardRef = useRef<HTMLElement>(null);
  const layout: BoardLayout = useMediaQuery(STACK_QUERY) ? 'stack' : 'canvas';
  const view = useBoardView(boardRef);
  const gestures = useBoardGestures(boardRef, view);
  const viewportSize = useElementSize(boardRef);
  const visible = useVisibleArea(boardRef, view, viewportSize);
  const { layerOf, bringToFront } = useLayers();
  const [openedId, setOpenedId] = useState<string | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState<Widget | null>(null);
  const arrange = useArrangeWidgets(trip.id);

  /** Another member's drag of the widget as this board shows it; their own widget frame asks. */
  function remoteDragsOf(): RemoteDrags | undefined {
    if (!live) return undefined;
    return {
      store: live.remoteDrags,
      show(drag) {
        const member = live.members.find((other) => other.userId === drag.userId);
        if (!member) return null;
        return { at: onCanvas(drag.at), name: member.name, colour: member.colour };
      },
    };
  }

  // Stacked (a phone, or a window made narrow) there is no shared canvas to point at.
  const sendCursor = live?.sendCursor;
  useEffect(() => {
    if (layout === 'stack') sendCursor?.(null);
  }, [layout, sendCursor]);

  // My pointer, in board coordinates (the same on every screen, at any pan and zoom), for the
  // others' boards; sent again when the board scrolls under a pointer that stays put.
  const lastPointer = useRef<{ clientX: number; clientY: number } | null>(null);
  const sendPointer = () => {
    const at =
      lastPointer.current && view.toBoard(lastPointer.current.clientX, lastPointer.current.clientY);
    if (at) live?.sendCursor({ top: Math.round(at.top), left: Math.round(at.left) });
  };
  const pointer =
    live && layout === 'canvas'
      ? {
          onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
            gestures.onPointerMove(event);
            lastPointer.current = { clientX: event.clientX, clientY: event.clientY };
            sendPointer();
          },
          onPointerLeave() {
            lastPointer.current = null;
            live.sendCursor(null);
          },
          onScroll: sendPointer,
        }
      : { onPointerMove: gestures.onPointerMove };

  const list = widgets.data ?? [];
  // A widget that is a page of the trip when expanded (the itinerary's `/trips/:tripId/plan`)
  // follows the address: it opens it, and Back closes it. Others open in place.
  const { panel } = useParams();
  const { search } = useAddress();
  const [, navigate] = useLocation();
  const paged = panel
    ? list.find((widget) => widgetKind(widget.type).page === panel.toLowerCase())
    : undefined;
  const expandedId = paged?.id ?? openedId;
  // Closing (or removing) it here leaves its page: not a page gone missing (below).
  const leaving = useRef(false);
  function setExpanded(widget: Widget, expanded: boolean) {
    const page = widgetKind(widget.type).page;
    if (page && expanded) {
      leaving.current = false;
      setOpenedId(null);
      navigate(`${tripPath(trip.id)}/${page}${search}`);
    } else if (page || (!expanded && paged?.id === widget.id)) {
      // In place: Back from the trip's page should not open the widget again.
      leaving.current = true;
      if (paged) navigate(tripPath(trip.id) + search, { replace: true });
    } else {
      setOpenedId(expanded ? widget.id : null);
    }
  }
  // The page of a widget this board does not have (a link from another trip, or it was removed):
  // the board, and why.
  const missingKind =
    panel && widgets.isSuccess && !paged
      ? WIDGET_KINDS.find((kind) => kind.page === panel.toLowerCase())
      : undefined;
  useEffect(() => {
    if (!missingKind) return;
    navigate(tripPath(trip.id) + search, { replace: true });
    // Closed here (or removed here, closing it): nothing to explain.
    if (leaving.current) return;
    toast({
      title: `This board has no ${missingKind.name}`,
      description: `Add it with Add Widget to open the trip’s ${missingKind.page}.`,
    });
  }, [missingKind, navigate, trip.id, search]);
  const ordered =
    layout === 'stack' ? [...list].sort((a, b) => byReadingOrder(a.position, b.position)) : list;
  const rects = list.map((widget) => ({ id: widget.id, ...widgetRect(widget) }));
  const content = boundsOf(rects);
  // The canvas: the window (at this zoom) or the widgets and room beyond them, whichever is more.
  const zoom = view.zoom;
  const canvas = {
    width: Math.max(
      (viewportSize?.width ?? 0) / zoom,
      (content ? content.left + content.width : 0) + CANVAS_ROOM,
    ),
    height: Math.max(
      (viewportSize?.height ?? 0) / zoom,
      (content ? content.top + content.height : 0) + CANVAS_ROOM,
    ),
  };
  // An expanded widget is a fixed overlay: a scaled canvas would be its frame of reference.
  const scaled = zoom !== 1 && expandedId === null;

  function tidy() {
    const width = Math.max(visible?.width ?? 0, MIN_TIDY_WIDTH);
    const laidOut = tidyLayout(rects, width);
    const before = list.map(({ id, position }) => ({
      id,
      position: { top: position.top, left: position.left },
    }));
    const after = list.map(({ id }) => ({ id, position: laidOut.get(id)! }));
    arrange.mutate(after, {
      onSuccess: () => {
        boardRef.current?.scrollTo({ top: 0, left: 0 });
        toast({
          title: 'Board tidied up',
          description: 'Every widget has a place of its own, for everyone on this trip.',
          action: (
            <ToastAction
              altText="Undo: put the widgets back"
              onClick={() => arrange.mutate(before)}
            >
              Undo
            </ToastAction>
          ),
        });
      },
    });
  }

  const frames = ordered.map((widget) => (
    <WidgetFrame
      key={widget.id}
      widget={widget}
      layout={layout}
      position={onCanvas(widget.position)}
      remoteDrags={remoteDragsOf()}
      onLiveMove={live && ((at, final) => live.sendDrag(widget.id, at, final))}
      layer={layerOf(widget.id)}
      expanded={expandedId === widget.id}
      scale={zoom}
      onFront={() => bringToFront(widget.id)}
      onExpandedChange={(expanded) => setExpanded(widget, expanded)}
      onMove={(position) => updateWidget(widget.id, { position })}
      onRename={(title) => updateWidget(widget.id, { title })}
      onRemove={() => {
        if (expandedId === widget.id) setExpanded(widget, false);
        // What Undo could not bring back (a whiteboard's drawing) is asked about first.
        if (widgetKind(widget.type).removalWarning) setConfirmingRemoval(widget);
        else removeWidget.mutate(widget, { onSuccess: () => offerUndo(widget) });
      }}
    >
      <WidgetBody
        widget={widget}
        trip={trip}
        expanded={expandedId === widget.id}
        live={live}
        onExpand={() => setExpanded(widget, true)}
      />
    </WidgetFrame>
  ));

  const message = isFirstLoad(widgets) ? (
    <div className="grid flex-1 place-items-center py-24">
      <Spinner className="size-8 text-white" label="Loading the board" />
    </div>
  ) : widgets.isError || widgets.isPending ? (
    // A retry (pending again) keeps the failure on screen, its Try again spinning.
    <BoardMessage
      title="The board could not be loaded"
      text="Please check your connection and try again."
      action={
        <RetryButton fetching={widgets.isFetching} onRetry={() => widgets.refetch()}>
          Try again
        </RetryButton>
      }
    />
  ) : list.length === 0 ? (
    <BoardMessage
      title="Your board is empty"
      text="Add a countdown, flights, the weather, a to-do list or photos to start planning."
      action={
        <Button onClick={onAddWidget}>
          <Plus aria-hidden /> Add Widget
        </Button>
      }
    />
  ) : null;

  const confirm = (
    <ConfirmRemoval
      widget={confirmingRemoval}
      onCancel={() => setConfirmingRemoval(null)}
      onConfirm={(widget) => {
        setConfirmingRemoval(null);
        removeWidget.mutate(widget, {
          onSuccess: () =>
            toast({
              title: `${widget.title} removed`,
              description: 'It is gone for everyone on this trip.',
            }),
        });
      }}
    />
  );

  if (layout === 'stack') {
    return (
      <section
        ref={boardRef}
        data-testid="board"
        data-layout={layout}
        aria-label="Trip board"
        className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-3 pb-8"
      >
        {message ?? frames}
        {confirm}
      </section>
    );
  }

  return (
    <div className="relative min-h-0 flex-1">
      <section
        ref={boardRef}
        data-testid="board"
        data-layout={layout}
        data-zoom={zoom}
        aria-label="Trip board"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus, so the arrow keys scroll it (and + and - zoom)
        tabIndex={0}
        {...pointer}
        onPointerDown={gestures.onPointerDown}
        onPointerUp={gestures.onPointerUp}
        onPointerCancel={gestures.onPointerUp}
        onKeyDown={(event) => {
          if (event.target !== event.currentTarget) return;
          const factor = ZOOM_KEYS[event.key];
          if (!factor) return;
          event.preventDefault();
          view.zoomBy(factor);
        }}
        // One finger scrolls; two pinch the board's own zoom, not the page's.
        style={{ touchAction: 'pan-x pan-y' }}
        className="absolute inset-0 overflow-auto overscroll-contain outline-none data-[panning]:cursor-grabbing focus-visible:ring-2 focus-visible:ring-ring"
      >
        {message ?? (
          <div
            className="relative cursor-grab"
            style={{ width: canvas.width * zoom, height: canvas.height * zoom }}
          >
            <div
              data-board-canvas
              className="absolute top-0 left-0"
              style={{
                transformOrigin: '0 0',
                width: canvas.width,
                height: canvas.height,
                transform: scaled ? `scale(${zoom})` : undefined,
              }}
            >
              {frames}
              {live && <LiveCursors store={live.cursors} members={live.members} />}
            </div>
          </div>
        )}
      </section>
      {!message && (
        <BoardControls
          zoom={zoom}
          onZoom={(factor) => view.zoomBy(factor)}
          onFitAll={() => view.fit(content)}
          onTidy={tidy}
          tidying={arrange.isPending}
          canvas={canvas}
          visible={visible}
          widgets={rects}
          onGoTo={view.centreOn}
          people={live && { cursors: live.cursors, members: live.members }}
        />
      )}
      {confirm}
    </div>
  );
}

/** A saved position as the canvas shows it: on the canvas (a position is never above or left of it). */
function onCanvas(position: Position): Position {
  return { top: Math.max(0, position.top), left: Math.max(0, position.left) };
}
