import { Loader2, MapPin } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/useDebouncedValue';
import { cn } from '@/lib/utils';
import type { Airport } from '../../../shared/contracts/airports';
import { useAirport, useAirportSearch } from './useAirports';

// Searched as typing pauses: one request for "lisbon", not six.
const SEARCH_PAUSE_MS = 200;

/** How a chosen airport reads in the box: "LIS · Lisbon". */
export function airportLabel(airport: Pick<Airport, 'code' | 'city' | 'name'>): string {
  return `${airport.code} · ${airport.city ?? airport.name}`;
}

/** An option as it is read out: "LIS: Lisbon Portela Airport, Lisbon, Portugal". */
const optionName = (airport: Airport) =>
  `${airport.code}: ${[airport.name, airport.city, airport.country].filter(Boolean).join(', ')}`;

/**
 * An airport combobox (WAI-ARIA's editable combobox with a list): type a code, a city or a
 * name, then arrows and Enter, or a click, to choose. The chosen airport gives the form its
 * code and its zone. What is typed and never chosen is no airport: leaving the box clears the
 * choice, unless what was typed is the code of an airport in the list.
 */
export function AirportPicker({
  id,
  inputRef,
  code,
  onChoose,
  placeholder,
  describedBy,
  invalid,
}: {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The chosen airport's code, '' for none. */
  code: string;
  /** A choice, or null when the box no longer names one; also the stored code's airport once known. */
  onChoose: (airport: Airport | null) => void;
  placeholder?: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const listId = useId();
  const [picked, setPicked] = useState<Airport | null>(null);
  // A code the form had before this box chose anything (a stored flight's) is looked up.
  const known = picked?.code === code ? picked : null;
  const stored = useAirport(known ? '' : code).airport;
  const airport = known ?? stored;
  const [text, setText] = useState<string | null>(null); // null: showing the choice
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = useDebouncedValue(text ?? '', SEARCH_PAUSE_MS);
  const search = useAirportSearch(typed);
  const options = text === null ? [] : (search.data ?? []);

  // A stored code's airport, once found, tells the form its zone (and the box its city).
  const tell = useRef(onChoose);
  tell.current = onChoose;
  useEffect(() => {
    if (stored) tell.current(stored);
  }, [stored]);

  const shown = text ?? (airport ? airportLabel(airport) : code);
  const searching = text !== null && text.trim() !== '' && (typed !== text || search.isFetching);

  function choose(option: Airport) {
    setPicked(option);
    onChoose(option);
    setText(null);
    setOpen(false);
  }

  function leave() {
    setOpen(false);
    if (text === null) return;
    const exact = options.find((option) => option.code === text.trim().toUpperCase());
    if (exact) choose(exact);
    else if (text.trim() === '') {
      onChoose(null);
      setText(null);
    } else onChoose(null);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (options.length ? (index + step + options.length) % options.length : 0));
    } else if (event.key === 'Enter' && open && options[active]) {
      // Enter chooses; it sends the form only once the list is closed.
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && (open || text !== null)) {
      // Escape closes the list, then puts the choice back; the dialog stays open.
      event.stopPropagation();
      event.preventDefault();
      if (open) setOpen(false);
      else setText(null);
    }
  }

  const expanded = open && text !== null && text.trim() !== '';
  return (
    <div className="relative">
      <Input
        id={id}
        ref={inputRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.currentTarget.select()}
        onBlur={leave}
        onKeyDown={handleKeyDown}
      />
      {expanded && (
        <div className="absolute top-full right-0 left-0 z-20 mt-1 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg">
          <div
            id={listId}
            role="listbox"
            aria-label="Airports"
            className="max-h-64 overflow-y-auto"
          >
            {options.map((option, index) => (
              <div
                key={option.code}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                aria-label={optionName(option)}
                // A click would blur the box first, which would judge the half-typed text.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseMove={() => setActive(index)}
                className={cn(
                  'grid cursor-pointer grid-cols-[2.75rem_minmax(0,1fr)] items-baseline gap-x-2 rounded px-2 py-1.5 text-sm',
                  index === active && 'bg-accent text-accent-foreground',
                )}
              >
                <span className="font-semibold tracking-wide">{option.code}</span>
                <span className="truncate">{option.city ?? option.name}</span>
                <span className="col-start-2 truncate text-xs text-muted-foreground">
                  {option.name}, {option.country}
                </span>
              </div>
            ))}
            {options.length === 0 && (
              <p className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
                {searching ? (
                  <>
                    <Loader2 aria-hidden className="size-4 animate-spin" /> Searching…
                  </>
                ) : search.isError ? (
                  'Airports could not be searched. Please try again.'
                ) : (
                  <>
                    <MapPin aria-hidden className="size-4" /> No airport matches “{text?.trim()}”
                  </>
                )}
              </p>
            )}
          </div>
          {/* The data's licence (CC BY 4.0) asks for credit where it is used. */}
          <p className="border-t border-border px-2 pt-1 text-[0.7rem] text-muted-foreground">
            Airport data: airport-data-js, CC BY 4.0
          </p>
        </div>
      )}
    </div>
  );
}
