import { CalendarDays, PartyPopper } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateWidget } from '@/features/board/useWidgets';
import { useNow } from '@/hooks/useNow';
import { cn } from '@/lib/utils';
import { formatDate, startOfLocalDay } from '../../../shared/calendar';
import { COUNTDOWN_TICK_MS } from '../../../shared/constants';
import type { Widget } from '../../../shared/contracts/board';
import type { Trip } from '../../../shared/contracts/trips';
import { getCountdown } from '../../../shared/countdown';
import { countdownDates, tripPhase } from './countdownDates';

type Props = { widget: Widget; trip: Trip; expanded: boolean };

/**
 * spec §2/§4 Countdown: days, hours, minutes and seconds to the trip's start (or the widget's own
 * dates), ticking every second; once the day has come, the trip is under way, then over.
 */
export function CountdownWidget({ widget, trip, expanded }: Props) {
  const now = useNow(COUNTDOWN_TICK_MS);
  const [editing, setEditing] = useState(false);
  const dates = countdownDates(trip, widget.data);
  const left = getCountdown(startOfLocalDay(dates.startDate), now);
  const phase = tripPhase(dates, now);
  const range = `${formatDate(dates.startDate)} – ${formatDate(dates.endDate)}`;

  if (editing) {
    return <CountdownDatesForm widget={widget} trip={trip} onDone={() => setEditing(false)} />;
  }

  return (
    <div className={cn('flex flex-col gap-3 p-4', expanded && 'flex-1 justify-center gap-8 p-8')}>
      <p className={cn('text-sm text-muted-foreground', expanded && 'text-center text-lg')}>
        {phase === 'upcoming' ? 'Until ' : ''}
        <span className="font-medium text-foreground">{trip.destination || trip.name}</span>
      </p>
      {left.isExpired ? (
        <div className="flex items-center gap-3 rounded-lg bg-primary/10 p-3" role="status">
          <PartyPopper aria-hidden className="size-6 shrink-0 text-primary" />
          <p className="text-sm font-medium">
            {phase === 'over'
              ? 'This trip is over. Hope it was a great one!'
              : 'The trip is on. Enjoy every moment!'}
          </p>
        </div>
      ) : (
        <dl
          aria-label="Time left"
          className={cn(
            'grid grid-cols-4 gap-2 text-center',
            expanded && 'mx-auto w-full max-w-3xl gap-4',
          )}
        >
          {(
            [
              ['Days', left.days],
              ['Hours', left.hours],
              ['Minutes', left.minutes],
              ['Seconds', left.seconds],
            ] as const
          ).map(([unit, value]) => (
            <div key={unit} className="flex flex-col-reverse rounded-lg bg-muted/70 px-1 py-2">
              <dt className="text-[0.65rem] tracking-wide text-muted-foreground uppercase">
                {unit}
              </dt>
              <dd
                className={cn('font-bold tabular-nums', numberSize(String(value).length, expanded))}
              >
                {unit === 'Days' ? value : String(value).padStart(2, '0')}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className={cn('flex items-center justify-between gap-2', expanded && 'justify-center')}>
        <p className="text-xs text-muted-foreground">{range}</p>
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          <CalendarDays aria-hidden /> Dates
        </Button>
      </div>
    </div>
  );
}

/** The widget's own dates (spec §3 countdown data), or back to following the trip's. */
/**
 * Four equal boxes hold two digits at full size; a trip 1 000 days or more away has a longer
 * day count, which gets a smaller size instead of spilling out of its box.
 */
function numberSize(digits: number, expanded: boolean) {
  if (digits <= 3) return expanded ? 'text-5xl sm:text-6xl' : 'text-2xl';
  if (digits === 4) return expanded ? 'text-4xl sm:text-5xl' : 'text-lg leading-8';
  return expanded ? 'text-3xl sm:text-4xl' : 'text-sm leading-8';
}

function CountdownDatesForm({
  widget,
  trip,
  onDone,
}: {
  widget: Widget;
  trip: Trip;
  onDone: () => void;
}) {
  const updateWidget = useUpdateWidget(trip.id);
  const dates = countdownDates(trip, widget.data);
  const [startDate, setStartDate] = useState(dates.startDate);
  const [endDate, setEndDate] = useState(dates.endDate);
  const [error, setError] = useState('');

  function save(event: FormEvent) {
    event.preventDefault();
    if (!startOfLocalDay(startDate) || !startOfLocalDay(endDate)) {
      setError('Please pick both dates');
      return;
    }
    if (endDate < startDate) {
      setError('The end must be on or after the start');
      return;
    }
    updateWidget(widget.id, { data: { ...widget.data, startDate, endDate } });
    onDone();
  }

  function followTrip() {
    const { startDate: _start, endDate: _end, ...rest } = widget.data ?? {};
    updateWidget(widget.id, { data: Object.keys(rest).length ? rest : null });
    onDone();
  }

  return (
    <form onSubmit={save} noValidate className="grid gap-3 p-4">
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${widget.id}-start`}>Starts</Label>
          <Input
            id={`${widget.id}-start`}
            type="date"
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${widget.id}-end`}>Ends</Label>
          <Input
            id={`${widget.id}-end`}
            type="date"
            value={endDate}
            onChange={(event) => setEndDate(event.target.value)}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {dates.own && (
          <Button type="button" variant="ghost" size="sm" onClick={followTrip}>
            Use the trip's dates
          </Button>
        )}
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm">
          Save
        </Button>
      </div>
    </form>
  );
}
