import { CloudOff, Droplets, MapPin, MapPinPen, Thermometer, Wind } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { RetryButton } from '@/components/RetryButton';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateWidget } from '@/features/board/useWidgets';
import { errorCode, errorMessage } from '@/lib/apiError';
import { isFirstLoad } from '@/lib/queryStates';
import { cn } from '@/lib/utils';
import { formatWeekday } from '../../../shared/calendar';
import type { Widget } from '../../../shared/contracts/board';
import type { Trip } from '../../../shared/contracts/trips';
import {
  type CurrentWeather,
  DEFAULT_WEATHER_CITY,
  WEATHER_CITY_MAX,
  weatherQuery,
} from '../../../shared/contracts/weather';
import { useWeather } from './useWeather';
import { formatCelsius, formatWindKmh } from './weatherFormat';
import { WeatherConditionIcon } from './weatherIcons';

type Props = { widget: Widget; trip: Trip; expanded: boolean };

/** The city of a weather widget: its own setting, else the trip's destination, else Denpasar. */
export function weatherCity(trip: Pick<Trip, 'destination'>, data: Widget['data']): string {
  const own = data?.city;
  if (typeof own === 'string' && own.trim()) return own.trim();
  return trip.destination?.trim() || DEFAULT_WEATHER_CITY;
}

/**
 * spec §2/§9 Weather: the city's current conditions (icon from the code table, temperature,
 * description, humidity, feels-like, wind) and the first 4 days of the forecast; a spinner while
 * loading; the unavailable state on failure, or the server's own words when it does not know the
 * city. The city can be changed in place; it is saved on the widget (spec §3 weather data).
 */
export function WeatherWidget({ widget, trip, expanded }: Props) {
  const city = weatherCity(trip, widget.data);
  const [editing, setEditing] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);

  function stopEditing() {
    setEditing(false);
    // Back to the button the keyboard came from.
    requestAnimationFrame(() => changeButton.current?.focus());
  }

  return (
    <div className={cn('flex flex-col gap-3 p-4', expanded && 'flex-1 gap-6 p-6 sm:p-8')}>
      <div className={cn('flex items-center gap-1', expanded && 'justify-center')}>
        <p
          className={cn(
            'flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground',
            expanded && 'text-base sm:text-lg',
          )}
        >
          <MapPin aria-hidden className="size-4 shrink-0" />
          <span className="truncate font-medium text-foreground">{city}</span>
        </p>
        {!editing && (
          // An icon beside the city it changes: the widget is narrow (250 px) and the city's name
          // needs the room.
          <Button
            ref={changeButton}
            variant="ghost"
            size="icon"
            aria-label="Change city"
            title="Change city"
            className={cn('size-7 shrink-0 text-muted-foreground', !expanded && 'ml-auto')}
            onClick={() => setEditing(true)}
          >
            <MapPinPen aria-hidden />
          </Button>
        )}
      </div>
      {editing ? (
        <CityForm widget={widget} trip={trip} city={city} onDone={stopEditing} />
      ) : (
        <WeatherReport city={city} expanded={expanded} />
      )}
    </div>
  );
}

function WeatherReport({ city, expanded }: { city: string; expanded: boolean }) {
  const { current, forecast } = useWeather(city);

  if (isFirstLoad(current)) {
    return (
      <div className="grid flex-1 place-items-center py-6">
        <Spinner className="size-7 text-primary" label="Loading the weather" />
      </div>
    );
  }
  // A failure, or a retry of one (the card stays while it runs).
  if (current.isError || current.isPending) {
    // The server does not know the city (or it cannot be one): its words say which, and the
    // Change city button above is the way out. Anything else is the service's trouble, not the
    // city's.
    const code = errorCode(current.error);
    const cityProblem =
      code === 'unknown_city' || code === 'invalid_input' ? errorMessage(current.error, '') : '';
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 py-4 text-center">
        <div role="status" className="flex flex-col items-center gap-1">
          <CloudOff aria-hidden className="size-7 text-muted-foreground" />
          {cityProblem ? (
            <p className="font-medium">{cityProblem}</p>
          ) : (
            <>
              <p className="font-medium">Weather data unavailable</p>
              <p className="text-sm text-muted-foreground">
                Please check your connection or try again later
              </p>
            </>
          )}
        </div>
        {!cityProblem && (
          <RetryButton
            fetching={current.isFetching}
            onRetry={() => {
              void current.refetch();
              if (forecast.isError) void forecast.refetch();
            }}
          >
            Try again
          </RetryButton>
        )}
      </div>
    );
  }

  return (
    // spec §9: the frame widens from 250 to 300 px when this element appears (its CSS looks for
    // `data-widget-loaded`).
    <div
      data-widget-loaded
      className={cn(
        'grid gap-3',
        expanded && 'mx-auto w-full max-w-3xl flex-1 content-center gap-6',
      )}
    >
      <CurrentConditions weather={current.data} expanded={expanded} />
      <Forecast forecast={forecast} expanded={expanded} />
    </div>
  );
}

function CurrentConditions({ weather, expanded }: { weather: CurrentWeather; expanded: boolean }) {
  const [condition] = weather.weather;
  return (
    <>
      <div className={cn('flex items-center gap-3', expanded && 'justify-center gap-6')}>
        {condition && (
          <WeatherConditionIcon
            code={condition.id}
            className={cn('size-12 shrink-0', expanded && 'size-24')}
          />
        )}
        <div className="min-w-0">
          <p
            className={cn(
              'text-4xl leading-none font-bold tabular-nums',
              expanded && 'text-6xl sm:text-7xl',
            )}
          >
            {formatCelsius(weather.main.temp)}
          </p>
          <p className={cn('mt-1 capitalize', expanded && 'text-lg')}>{condition?.description}</p>
        </div>
      </div>
      <dl
        className={cn(
          'grid grid-cols-3 gap-2 text-xs text-muted-foreground',
          expanded && 'gap-4 text-sm',
        )}
      >
        <Fact icon={Droplets} label="Humidity" value={`${Math.round(weather.main.humidity)}%`} />
        <Fact
          icon={Thermometer}
          label="Feels like"
          value={formatCelsius(weather.main.feels_like)}
        />
        <Fact icon={Wind} label="Wind" value={formatWindKmh(weather.wind.speed)} />
      </dl>
    </>
  );
}

function Fact({ icon: Icon, label, value }: { icon: typeof Wind; label: string; value: string }) {
  return (
    <div className="flex flex-col items-center gap-0.5 rounded-md bg-muted/60 p-1.5">
      <Icon aria-hidden className="size-4" />
      <dt>{label}</dt>
      <dd className="font-medium text-foreground">{value}</dd>
    </div>
  );
}

function Forecast({
  forecast,
  expanded,
}: {
  forecast: ReturnType<typeof useWeather>['forecast'];
  expanded: boolean;
}) {
  if (forecast.isPending) {
    return (
      <div className="grid place-items-center py-2">
        <Spinner className="size-5 text-muted-foreground" label="Loading the forecast" />
      </div>
    );
  }
  // Today's conditions are worth showing on their own; the missing forecast is a quiet note.
  if (forecast.isError || forecast.data.length === 0) {
    return <p className="text-center text-xs text-muted-foreground">Forecast unavailable</p>;
  }
  return (
    <ul
      aria-label="Forecast"
      className={cn(
        'grid grid-cols-4 gap-1.5 border-t border-border/60 pt-3',
        expanded && 'gap-4 pt-6',
      )}
    >
      {forecast.data.map((day) => (
        <li
          key={day.date}
          className={cn(
            'flex flex-col items-center gap-1 rounded-md py-1.5 text-xs',
            expanded && 'gap-2 bg-muted/40 py-4 text-base',
          )}
        >
          <span className="font-medium text-muted-foreground">{formatWeekday(day.date)}</span>
          <WeatherConditionIcon
            code={day.icon}
            labelled
            className={cn('size-6', expanded && 'size-10')}
          />
          <span className="font-semibold tabular-nums">{formatCelsius(day.temp)}</span>
        </li>
      ))}
    </ul>
  );
}

// The contract's rule for a city, so the form says exactly what the server would.
const cityField = weatherQuery.shape.city;

/** The inline Change city form: Enter saves, Escape or Cancel leaves it as it was. */
function CityForm({
  widget,
  trip,
  city,
  onDone,
}: {
  widget: Widget;
  trip: Trip;
  city: string;
  onDone: () => void;
}) {
  const updateWidget = useUpdateWidget(trip.id);
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(city);
  const [error, setError] = useState('');
  const ownCity = widget.data?.city;
  const hasOwnCity = typeof ownCity === 'string' && ownCity.trim() !== '';

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = cityField.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please name a city');
      return;
    }
    if (parsed.data !== city || !hasOwnCity) {
      updateWidget(widget.id, { data: { ...widget.data, city: parsed.data } });
    }
    onDone();
  }

  function followTrip() {
    const { city: _city, ...rest } = widget.data ?? {};
    updateWidget(widget.id, { data: Object.keys(rest).length ? rest : null });
    onDone();
  }

  return (
    <form
      onSubmit={save}
      noValidate
      aria-label="Change city"
      className="grid gap-2"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Ours: an expanded widget would otherwise collapse on the same key.
        event.preventDefault();
        onDone();
      }}
    >
      <Label htmlFor={inputId}>City</Label>
      <Input
        id={inputId}
        value={value}
        // The form opens on a click meant for this field.
        autoFocus
        autoComplete="off"
        maxLength={WEATHER_CITY_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError('');
        }}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {hasOwnCity && trip.destination?.trim() && (
          <Button type="button" variant="ghost" size="sm" onClick={followTrip}>
            Use the trip's destination
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
