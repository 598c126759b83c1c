import { PlaneTakeoff, Plus } from 'lucide-react';
import { type ReactNode, type Ref, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { WidgetLoadError, WidgetLoading } from '@/features/board/WidgetStates';
import { isFirstLoad } from '@/lib/queryStates';
import { cn } from '@/lib/utils';
import type { Flight } from '../../../shared/contracts/flights';
import type { Trip } from '../../../shared/contracts/trips';
import { DeleteFlightDialog } from './DeleteFlightDialog';
import { FlightCard } from './FlightCard';
import { FlightFormDialog } from './FlightFormDialog';
import { useFlights } from './useFlights';

/** Which dialog is showing, for which flight, and the button that opened it (focus goes back). */
type DialogState = {
  kind: 'form' | 'delete' | null;
  flight: Flight | null;
  opener: HTMLElement | null;
};
const CLOSED: DialogState = { kind: null, flight: null, opener: null };

function AddFlightButton({
  buttonRef,
  onClick,
  className,
}: {
  buttonRef: Ref<HTMLButtonElement>;
  onClick: (opener: HTMLElement) => void;
  className?: string;
}) {
  return (
    <Button
      ref={buttonRef}
      size="sm"
      className={className}
      onClick={(event) => onClick(event.currentTarget)}
    >
      <Plus aria-hidden />
      Add flight
    </Button>
  );
}

function flightCount(count: number) {
  return count === 1 ? '1 flight' : `${count} flights`;
}

/**
 * The Flight Details widget's body (spec §2 Widgets, issue #5): the trip's flights in the order
 * they leave, each in its airports' local times, with add, edit and delete. It fills the frame's
 * card as a flex column and scrolls inside; expanded, the cards flow into a grid.
 */
export function FlightWidget({ trip, expanded }: { trip: Trip; expanded: boolean }) {
  const flights = useFlights(trip.id);
  const [dialog, setDialog] = useState<DialogState>(CLOSED);
  const addButton = useRef<HTMLButtonElement>(null);

  function open(kind: 'form' | 'delete', flight: Flight | null, opener: HTMLElement) {
    setDialog({ kind, flight, opener });
  }

  function close(isOpen: boolean) {
    // The flight stays in state while the dialog animates out.
    if (!isOpen) setDialog((current) => ({ ...current, kind: null }));
  }

  // Radix would focus a trigger; these dialogs have none, so focus goes back to the button that
  // opened them, or to Add flight when that button has gone with its (deleted) flight.
  function restoreFocus(event: Event) {
    event.preventDefault();
    const opener = dialog.opener?.isConnected ? dialog.opener : addButton.current;
    opener?.focus();
  }

  const padding = expanded ? 'p-4' : 'p-3';
  let content: ReactNode;

  if (isFirstLoad(flights)) {
    content = <WidgetLoading label="Loading flights" />;
  } else if (flights.isError || flights.isPending) {
    content = <WidgetLoadError title="Could not load the flights" query={flights} />;
  } else if (flights.data.length === 0) {
    content = (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <PlaneTakeoff aria-hidden className="size-8 text-muted-foreground" />
        <div className="grid gap-1">
          <p className="font-medium text-foreground">No flights yet</p>
          <p className="text-sm text-muted-foreground">
            Add the group's flights so everyone knows who lands when.
          </p>
        </div>
        <AddFlightButton buttonRef={addButton} onClick={(opener) => open('form', null, opener)} />
      </div>
    );
  } else {
    content = (
      <>
        <ul
          aria-label="Flights"
          className={cn(
            'grid min-h-0 flex-1 content-start overflow-y-auto overscroll-contain',
            'grid-cols-[repeat(auto-fill,minmax(min(100%,18rem),1fr))]',
            expanded ? 'gap-4' : 'gap-2',
            padding,
          )}
        >
          {flights.data.map((flight) => (
            <li key={flight.id}>
              <FlightCard
                flight={flight}
                expanded={expanded}
                onEdit={(edited, opener) => open('form', edited, opener)}
                onDelete={(deleted, opener) => open('delete', deleted, opener)}
              />
            </li>
          ))}
        </ul>
        <div
          className={cn(
            'flex shrink-0 items-center justify-between gap-2 border-t border-border',
            expanded ? 'px-4 py-3' : 'px-3 py-2',
          )}
        >
          <p className="text-xs text-muted-foreground">{flightCount(flights.data.length)}</p>
          <AddFlightButton buttonRef={addButton} onClick={(opener) => open('form', null, opener)} />
        </div>
      </>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-1 flex-col text-foreground">
      {content}
      <FlightFormDialog
        trip={trip}
        flight={dialog.flight}
        open={dialog.kind === 'form'}
        onOpenChange={close}
        onCloseAutoFocus={restoreFocus}
      />
      <DeleteFlightDialog
        tripId={trip.id}
        flight={dialog.flight}
        open={dialog.kind === 'delete'}
        onOpenChange={close}
        onCloseAutoFocus={restoreFocus}
      />
    </div>
  );
}
