import { Lock } from 'lucide-react';
import { useRef } from 'react';
import { FormError } from '@/components/FormError';
import { Spinner } from '@/components/Spinner';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { WidgetKind } from '@/features/feature';
import { errorMessage } from '@/lib/apiError';
import { Link } from '@/lib/router';
import { cn } from '@/lib/utils';
import {
  NEW_WIDGET_OFFSET,
  type Position,
  placeWidget,
  widgetRect,
} from '../../../shared/boardLayout';
import { type Widget, type WidgetType, widgetSize } from '../../../shared/contracts/board';
import type { Trip } from '../../../shared/contracts/trips';
import { useCreateWidget, useWidgets } from './useWidgets';
import { WIDGET_KINDS } from './widgetCatalog';

type Props = { trip: Trip; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Where a new widget goes (issues #17, #38: never on top of another): spec §4's top 100, left
 * 100 of the part of the board in view when that is free, else the nearest free place in view,
 * else below all the others (the board grows). A phone's stacked board has no places: 100/100
 * of the top, which only sets its order.
 */
function placeFor(type: WidgetType, widgets: readonly Widget[]): Position {
  const board = document.querySelector<HTMLElement>('[data-layout="canvas"]');
  if (!board) return { top: NEW_WIDGET_OFFSET, left: NEW_WIDGET_OFFSET };
  const zoom = Number(board.dataset.zoom) || 1;
  // Not laid out (yet): the whole of a 1280-px window.
  const view = board.clientWidth
    ? {
        top: board.scrollTop / zoom,
        left: board.scrollLeft / zoom,
        width: board.clientWidth / zoom,
        height: board.clientHeight / zoom,
      }
    : { top: 0, left: 0, width: 1280, height: 720 };
  return placeWidget(widgetSize(type), widgets.map(widgetRect), view);
}

/**
 * spec §2/§4 Add Widget: the five kinds with their descriptions. The new widget lands at top 100,
 * left 100, or the free place nearest to it; the server names it (`<type><timestamp>`, "New
 * <type> Widget").
 */
export function AddWidgetDialog({ trip, open, onOpenChange }: Props) {
  const addWidget = useCreateWidget(trip.id);
  const widgets = useWidgets(trip.id);
  const added = useRef<string | null>(null);

  function add(type: WidgetType) {
    addWidget.mutate(
      { type, position: placeFor(type, widgets.data ?? []) },
      {
        onSuccess: (widget) => {
          added.current = widget.id;
          onOpenChange(false);
        },
      },
    );
  }

  // Focus goes to the new widget's title (in view, also in a phone's long column) rather than
  // back to the Add Widget button: that is where the next step is.
  function focusAdded(event: Event) {
    const id = added.current;
    added.current = null;
    const title = id
      ? document.querySelector<HTMLElement>(`[data-widget-id="${CSS.escape(id)}"] header button`)
      : null;
    if (!title) return;
    event.preventDefault();
    title.focus({ preventScroll: true });
    title.scrollIntoView({ block: 'nearest' });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) addWidget.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent onCloseAutoFocus={focusAdded}>
        <DialogHeader>
          <DialogTitle>Add Widget</DialogTitle>
          <DialogDescription>Choose what to put on the trip's board.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {WIDGET_KINDS.map((kind) => {
            if (kind.paidPlan && !kind.paidPlan.allowed(trip.ownerPlan)) {
              return <UpgradeEntry key={kind.type} kind={kind} isOwner={trip.role === 'owner'} />;
            }
            const adding = addWidget.isPending && addWidget.variables?.type === kind.type;
            return (
              <li key={kind.type}>
                <button
                  type="button"
                  disabled={addWidget.isPending}
                  onClick={() => add(kind.type)}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-lg border border-border p-3 text-left transition-colors',
                    'hover:border-primary/60 hover:bg-accent outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    'disabled:cursor-not-allowed disabled:opacity-60',
                  )}
                >
                  <span className="grid size-10 shrink-0 place-items-center rounded-md bg-primary/10 text-primary">
                    {adding ? (
                      <Spinner className="size-5" label={`Adding ${kind.name}`} />
                    ) : (
                      <kind.icon aria-hidden className="size-5" />
                    )}
                  </span>
                  <span className="grid">
                    <span className="font-medium">{kind.name}</span>
                    <span className="text-sm text-muted-foreground">{kind.description}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <FormError
          message={
            addWidget.isError
              ? errorMessage(addWidget.error, 'The widget could not be added. Please try again.')
              : null
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * A kind of widget the trip's plan does not have (spec §9): shown, not offered, with what
 * upgrading would give; the owner (who would upgrade) gets the way to the plans.
 */
function UpgradeEntry({ kind, isOwner }: { kind: WidgetKind; isOwner: boolean }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-dashed border-border p-3">
      <span className="relative grid size-10 shrink-0 place-items-center rounded-md bg-muted text-muted-foreground">
        <kind.icon aria-hidden className="size-5" />
        <Lock
          aria-hidden
          className="absolute -right-1 -bottom-1 size-4 rounded-full bg-card p-0.5"
        />
      </span>
      <span className="grid">
        <span className="font-medium text-muted-foreground">{kind.name}</span>
        <span className="text-sm text-muted-foreground">{kind.description}</span>
        <span className="text-sm">
          {kind.paidPlan?.note}{' '}
          {isOwner ? (
            <Link to="/plans" className="rounded-sm font-medium text-primary hover:underline">
              See the plans
            </Link>
          ) : (
            "Ask the trip's owner about upgrading."
          )}
        </span>
      </span>
    </li>
  );
}
