import { CalendarRange, Plus } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ToastAction } from '@/components/ui/toast';
import { WidgetLoadError, WidgetLoading } from '@/features/board/WidgetStates';
import type { WidgetBodyProps } from '@/features/feature';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { isFirstLoad } from '@/lib/queryStates';
import { cn } from '@/lib/utils';
import type { ItineraryItem } from '../../../shared/contracts/itinerary';
import { PlanBoard } from './PlanBoard';
import { type NewItemStart, PlanItemDialog } from './PlanItemDialog';
import { planDaysOf } from './planDays';
import { restoreBody, useCreatePlanItem, useDeletePlanItem, useItinerary } from './useItinerary';

export const EMPTY_PLAN =
  'Nothing planned yet. Add what you will do each day, or collect ideas first.';

/** Which dialog is open, for which item or day, and the button that opened it (focus goes back). */
type DialogState = {
  open: boolean;
  item: ItineraryItem | null;
  start: NewItemStart;
  opener: HTMLElement | null;
};

/** "3 planned · 2 ideas". */
function summary(items: readonly ItineraryItem[]): string {
  const ideas = items.filter((item) => item.day === null).length;
  const planned = items.length - ideas;
  return `${planned} planned · ${ideas} ${ideas === 1 ? 'idea' : 'ideas'}`;
}

/** The currency of the estimate changed last, for the next one (a trip is mostly in one). */
function lastCurrency(items: readonly ItineraryItem[]): string {
  const priced = items
    .filter((item) => item.cost)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return priced[0]?.cost?.currency ?? '';
}

/**
 * The body of the Itinerary widget (issue #39): the trip's plan day by day, its ideas, live for
 * everyone; add, edit, move and remove. Expanded (at `/trips/:tripId/plan`), the days stand side
 * by side as columns where the screen is wide.
 */
export function ItineraryWidget({ trip, expanded }: Pick<WidgetBodyProps, 'trip' | 'expanded'>) {
  const plan = useItinerary(trip.id);
  const members = useTripMembers(trip.id);
  const remove = useDeletePlanItem(trip.id);
  const restore = useCreatePlanItem(trip.id);
  const addButton = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<DialogState>({
    open: false,
    item: null,
    start: { day: null, currency: '' },
    opener: null,
  });
  const items = plan.data ?? [];

  function openAdd(day: string | null, opener: HTMLElement) {
    setDialog({ open: true, item: null, start: { day, currency: lastCurrency(items) }, opener });
  }
  function openEdit(item: ItineraryItem, opener: HTMLElement) {
    setDialog({ open: true, item, start: { day: item.day, currency: '' }, opener });
  }
  // Radix would focus a trigger; this dialog has none, so focus goes back to the button that
  // opened it, or to Add when that button has gone (its item moved or removed meanwhile).
  function restoreFocus(event: Event) {
    event.preventDefault();
    const opener = dialog.opener?.isConnected ? dialog.opener : addButton.current;
    opener?.focus();
  }

  // Removing is for everyone, so it can be taken back for a few seconds (as a widget's removal):
  // Undo adds the same item again, under its own id, so its comments come back with it.
  function removeItem(item: ItineraryItem) {
    const undo = () =>
      restore.mutateAsync(restoreBody(item)).catch((failure: unknown) =>
        toast({
          variant: 'destructive',
          title: `Could not put back “${item.title}”`,
          description: errorMessage(failure, 'Please check your connection and try again.'),
        }),
      );
    remove.mutateAsync(item).then(
      () =>
        toast({
          title: `“${item.title}” removed from the plan`,
          description: 'It is gone for everyone on this trip.',
          action: (
            <ToastAction altText={`Undo: put back “${item.title}”`} onClick={() => void undo()}>
              Undo
            </ToastAction>
          ),
        }),
      // The mutation put it back and said why.
      () => {},
    );
  }

  let body: ReactNode;
  if (isFirstLoad(plan)) {
    body = <WidgetLoading label="Loading the plan" />;
  } else if (plan.isError || plan.isPending) {
    body = <WidgetLoadError title="Could not load the plan" query={plan} />;
  } else {
    const firstDay = planDaysOf(trip)[0] ?? null;
    body = (
      <>
        <div
          className={cn(
            'flex shrink-0 flex-wrap items-center justify-between gap-2 border-b border-border/60 px-3 py-2',
            expanded && '@3xl:px-5',
          )}
        >
          <p className="text-xs text-muted-foreground">
            {summary(items)}
            {trip.timeZone && (
              <span className="hidden @3xl:inline"> · Times in {trip.timeZone}</span>
            )}
          </p>
          <Button
            ref={addButton}
            size="sm"
            onClick={(event) => openAdd(firstDay, event.currentTarget)}
          >
            <Plus aria-hidden />
            Add to the plan
          </Button>
        </div>
        <div
          className={cn(
            'min-h-0 flex-1 overflow-y-auto overscroll-contain p-3',
            // Side by side, each day scrolls itself, and the days scroll sideways.
            '@3xl:flex @3xl:flex-col @3xl:overflow-hidden',
            expanded && '@3xl:p-5',
          )}
        >
          {items.length === 0 && (
            <div className="mb-3 flex items-center gap-3 rounded-lg bg-muted/40 px-3 py-2.5 text-sm text-muted-foreground">
              <CalendarRange aria-hidden className="size-6 shrink-0" />
              <p>{EMPTY_PLAN}</p>
            </div>
          )}
          <PlanBoard
            trip={trip}
            items={items}
            members={members.data}
            roomy={expanded}
            onAdd={openAdd}
            onEdit={openEdit}
            onRemove={removeItem}
          />
        </div>
      </>
    );
  }

  return (
    <div
      aria-busy={plan.isPending || undefined}
      className="@container flex min-h-0 flex-1 flex-col text-foreground"
    >
      {body}
      <PlanItemDialog
        trip={trip}
        item={dialog.item}
        start={dialog.start}
        open={dialog.open}
        onOpenChange={(open) => {
          if (!open) setDialog((current) => ({ ...current, open: false }));
        }}
        onCloseAutoFocus={restoreFocus}
      />
    </div>
  );
}
