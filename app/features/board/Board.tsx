import { LayoutGrid, Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RetryButton } from '@/components/RetryButton';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ToastAction } from '@/components/ui/toast';
import { LiveCursors } from '@/features/live/LiveCursors';
import type { LiveTrip } from '@/features/live/useLiveTrip';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { isFirstLoad } from '@/lib/queryStates';
import type { Widget } from '../../../shared/contracts/board';
import type { Trip } from '../../../shared/contracts/trips';
import { byReadingOrder, fitOnBoard } from './boardGeometry';
import { useElementSize } from './useElementSize';
import { useLayers } from './useLayers';
import { useCreateWidget, useRemoveWidget, useUpdateWidget, useWidgets } from './useWidgets';
import { WidgetBody } from './WidgetBody';
import { type BoardLayout, type RemoteDrags, WidgetFrame } from './WidgetFrame';
import { widgetKind } from './widgetCatalog';

// Below this width widgets no longer fit side by side: they stack in one column, in the order
// they have on the canvas, and keep their canvas positions for wider screens.
const STACK_QUERY = '(max-width: 639px)';
// A widget drawn from a position saved on a wider screen keeps at least its header in view.
const HEADER_HEIGHT = 48;

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
  const boardRef = useRef<HTMLDivElement>(null);
  const boardSize = useElementSize(boardRef);
  const layout: BoardLayout = useMediaQuery(STACK_QUERY) ? 'stack' : 'canvas';
  const { layerOf, bringToFront } = useLayers();
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState<Widget | null>(null);
  const measureBoard = useCallback(
    () =>
      boardRef.current
        ? { width: boardRef.current.clientWidth, height: boardRef.current.clientHeight }
        : null,
    [],
  );

  function clampForHeader(widget: Widget, position: Widget['position']) {
    if (!boardSize) return position;
    const { width } = widgetKind(widget.type);
    return fitOnBoard(position, { width, height: HEADER_HEIGHT }, boardSize);
  }

  /** Another member's drag of the widget as this board shows it; their own widget frame asks. */
  function remoteDragsOf(widget: Widget): RemoteDrags | undefined {
    if (!live) return undefined;
    return {
      store: live.remoteDrags,
      show(drag) {
        const member = live.members.find((other) => other.userId === drag.userId);
        if (!member) return null;
        return { at: clampForHeader(widget, drag.at), name: member.name, colour: member.colour };
      },
    };
  }

  // Stacked (a phone, or a window made narrow) there is no shared canvas to point at.
  const sendCursor = live?.sendCursor;
  useEffect(() => {
    if (layout === 'stack') sendCursor?.(null);
  }, [layout, sendCursor]);

  // My pointer, in board coordinates (the same on every screen), for the others' boards.
  const pointer =
    live && layout === 'canvas'
      ? {
          onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
            const rect = event.currentTarget.getBoundingClientRect();
            live.sendCursor({
              top: Math.round(event.clientY - rect.top),
              left: Math.round(event.clientX - rect.left),
            });
          },
          onPointerLeave() {
            live.sendCursor(null);
          },
        }
      : {};

  const list = widgets.data ?? [];
  const ordered =
    layout === 'stack' ? [...list].sort((a, b) => byReadingOrder(a.position, b.position)) : list;

  return (
    <div
      ref={boardRef}
      data-testid="board"
      data-layout={layout}
      {...pointer}
      className={
        layout === 'canvas'
          ? 'relative min-h-0 flex-1 overflow-hidden'
          : 'flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-3 pb-8'
      }
    >
      {isFirstLoad(widgets) ? (
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
      ) : (
        ordered.map((widget) => (
          <WidgetFrame
            key={widget.id}
            widget={widget}
            layout={layout}
            position={clampForHeader(widget, widget.position)}
            remoteDrags={remoteDragsOf(widget)}
            onLiveMove={live && ((at, final) => live.sendDrag(widget.id, at, final))}
            layer={layerOf(widget.id)}
            expanded={expandedId === widget.id}
            boardSize={measureBoard}
            onFront={() => bringToFront(widget.id)}
            onExpandedChange={(expanded) => setExpandedId(expanded ? widget.id : null)}
            onMove={(position) => updateWidget(widget.id, { position })}
            onRename={(title) => updateWidget(widget.id, { title })}
            onRemove={() => {
              if (expandedId === widget.id) setExpandedId(null);
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
              onExpand={() => setExpandedId(widget.id)}
            />
          </WidgetFrame>
        ))
      )}
      {live && layout === 'canvas' && <LiveCursors store={live.cursors} members={live.members} />}
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
    </div>
  );
}

function BoardMessage({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: React.ReactNode;
}) {
  return (
    <div className="grid flex-1 place-items-center p-6">
      <div className="max-w-sm rounded-xl border border-border/70 bg-card/90 p-6 text-center shadow-xl backdrop-blur-md">
        <LayoutGrid aria-hidden className="mx-auto size-8 text-primary" />
        <h2 className="mt-3 text-lg font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{text}</p>
        <div className="mt-4">{action}</div>
      </div>
    </div>
  );
}

/** Asks before a widget whose contents cannot be brought back goes, saying what is lost. */
function ConfirmRemoval({
  widget,
  onCancel,
  onConfirm,
}: {
  widget: Widget | null;
  onCancel: () => void;
  onConfirm: (widget: Widget) => void;
}) {
  return (
    <Dialog open={widget !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove {widget?.title}?</DialogTitle>
          <DialogDescription>{widget && widgetKind(widget.type).removalWarning}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Keep it
          </Button>
          <Button type="button" variant="destructive" onClick={() => widget && onConfirm(widget)}>
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
