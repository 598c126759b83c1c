import { Pencil, Plane, Trash2, UserRound, UsersRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CommentsButton } from '@/features/comments/CommentsButton';
import { REVEALED_CLASS, useRevealItem } from '@/features/trips/tripPlace';
import { cn } from '@/lib/utils';
import type { Flight } from '../../../shared/contracts/flights';
import { formatFlightTime, formatFlightTimeLong } from './flightTime';

/** spec §3 Flight.stops as people say it: "Nonstop", "1 stop", "2 stops". */
export function stopsLabel(stops: number): string {
  if (stops === 0) return 'Nonstop';
  return stops === 1 ? '1 stop' : `${stops} stops`;
}

/** Who a flight is for: a member's name, or "Everyone" for the whole group's flight. */
export function travellerLabel(flight: Flight): string {
  return flight.traveller?.name ?? 'Everyone';
}

/** One end of the flight: the airport code, big, and its local date and time under it. */
function Endpoint({
  label,
  airport,
  time,
  expanded,
  align,
}: {
  label: string;
  airport: string;
  time: string;
  expanded: boolean;
  align: 'start' | 'end';
}) {
  return (
    <div className={cn('grid min-w-0 gap-0.5', align === 'end' && 'text-right')}>
      <p
        className={cn(
          'font-semibold leading-none tracking-wide',
          expanded ? 'text-2xl' : 'text-lg',
        )}
      >
        <span className="sr-only">{label} </span>
        {airport}
      </p>
      <time
        dateTime={time}
        title={formatFlightTimeLong(time)}
        className={cn('text-muted-foreground tabular-nums', expanded ? 'text-sm' : 'text-xs')}
      >
        {formatFlightTime(time)}
      </time>
    </div>
  );
}

/**
 * One flight in the widget: number, the two airports with their local times (each in its own
 * airport's offset, as stored), the duration and stops between them, the traveller, and edit
 * and delete buttons named after the flight. `onEdit`/`onDelete` get the pressed button, so the
 * dialog they open can give focus back to it.
 */
export function FlightCard({
  flight,
  expanded,
  onEdit,
  onDelete,
}: {
  flight: Flight;
  expanded: boolean;
  onEdit: (flight: Flight, opener: HTMLElement) => void;
  onDelete: (flight: Flight, opener: HTMLElement) => void;
}) {
  const TravellerIcon = flight.traveller ? UserRound : UsersRound;
  const reveal = useRevealItem(flight.tripId, 'flight', flight.id);
  return (
    <article
      {...reveal}
      aria-label={`Flight ${flight.flightNumber}`}
      className={cn(
        'grid gap-3 rounded-lg border border-border bg-background/60 text-foreground shadow-xs',
        REVEALED_CLASS,
        expanded ? 'p-4' : 'p-3',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex min-w-0 items-center gap-1.5 text-sm font-semibold">
          <Plane aria-hidden className="size-4 shrink-0 text-primary" />
          <span className="truncate">{flight.flightNumber}</span>
        </h3>
        <div className="-my-1 -mr-1 flex shrink-0 items-center">
          <CommentsButton
            tripId={flight.tripId}
            subject={{ subjectType: 'flight', subjectId: flight.id }}
            label={`Flight ${flight.flightNumber}`}
            className="h-8 px-2"
          />
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-foreground"
            aria-label={`Edit flight ${flight.flightNumber}`}
            title="Edit flight"
            onClick={(event) => onEdit(flight, event.currentTarget)}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
            aria-label={`Delete flight ${flight.flightNumber}`}
            title="Delete flight"
            onClick={(event) => onDelete(flight, event.currentTarget)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2">
        <Endpoint
          label="From"
          airport={flight.departureAirport}
          time={flight.departureTime}
          expanded={expanded}
          align="start"
        />
        <div className="flex flex-col items-center gap-1 text-xs text-muted-foreground">
          <span className="font-medium text-foreground tabular-nums">
            <span className="sr-only">Duration </span>
            {flight.duration}
          </span>
          <span aria-hidden className="flex w-16 items-center gap-1 sm:w-20">
            <span className="h-px flex-1 bg-border" />
            <Plane className="size-3.5 rotate-45 text-primary" />
            <span className="h-px flex-1 bg-border" />
          </span>
          <span>{stopsLabel(flight.stops)}</span>
        </div>
        <Endpoint
          label="To"
          airport={flight.arrivalAirport}
          time={flight.arrivalTime}
          expanded={expanded}
          align="end"
        />
      </div>

      <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
        <TravellerIcon aria-hidden className="size-3.5 shrink-0" />
        <span className="sr-only">Traveller: </span>
        <span className="truncate">{travellerLabel(flight)}</span>
      </p>
    </article>
  );
}
