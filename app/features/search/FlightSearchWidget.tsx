import { Plus } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useAuth } from '@/features/auth/useAuth';
import { WidgetLoadError, WidgetLoading } from '@/features/board/WidgetStates';
import { formatFlightTime } from '@/features/flights/flightTime';
import { useAirportSearch } from '@/features/flights/useAirports';
import { useCreateShortlistOption, useShortlist } from '@/features/shortlist/useShortlist';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { isFirstLoad } from '@/lib/queryStates';
import { dayOf, formatDate } from '../../../shared/calendar';
import {
  CABIN_LABELS,
  CABINS,
  type Cabin,
  type FlightOffer,
  type FlightSearch,
  flightQuery,
  MAX_TRAVELLERS,
} from '../../../shared/contracts/search';
import type { Trip } from '../../../shared/contracts/trips';
import { ShortlistPanel } from '../shortlist/ShortlistPanel';
import { PartnerLinks } from './PartnerLinks';
import {
  AirportField,
  CountSelect,
  DateField,
  SearchFormFooter,
  SearchWidgetTabs,
  useSearchForm,
} from './SearchWidgetParts';
import { formatPrice, stopsLabel, timeAgo } from './searchText';
import { useSearches, useSearchFlights } from './useSearch';

/**
 * The form starts from the trip's last search, else from my home airport and the trip's own
 * dates.
 */
function startingQuery(trip: Trip, last: FlightSearch | null, home: string | null) {
  if (last) return { ...last.query, returnDate: last.query.returnDate ?? '' };
  const future = trip.startDate >= dayOf(new Date());
  return {
    origin: home ?? '',
    destination: '',
    departDate: future ? trip.startDate : '',
    returnDate: future ? trip.endDate : '',
    travellers: 1,
    cabin: 'economy' as Cabin,
  };
}

function FlightSearchForm({
  trip,
  last,
  onDone,
}: {
  trip: Trip;
  last: FlightSearch | null;
  /** After a search, or Cancel; absent while there is no search to go back to. */
  onDone?: () => void;
}) {
  const id = useId();
  const search = useSearchFlights(trip.id);
  const { user } = useAuth();
  const { values, set, error, handleSubmit } = useSearchForm({
    schema: flightQuery,
    initial: () => startingQuery(trip, last, user?.homeAirport ?? null),
    toBody: (current) => ({ ...current, returnDate: current.returnDate || null }),
    search,
    failure: 'Could not search flights. Please try again.',
    onDone,
  });

  // Issue #38: "To" starts from the trip's destination, as Stays' "Where" does: its first airport
  // ("Bali" → DPS), once, unless a last search or the person has filled it already.
  const place = last ? '' : (trip.destination?.split(',')[0]?.trim() ?? '');
  const nearest = useAirportSearch(place).data?.[0]?.code;
  const prefilled = useRef(false);
  useEffect(() => {
    if (!nearest || prefilled.current) return;
    prefilled.current = true;
    if (!values.destination) set('destination', nearest);
  }, [nearest, values.destination, set]);

  const field = (name: string) => `${id}-${name}`;
  return (
    <form aria-label="Search flights" noValidate onSubmit={handleSubmit} className="grid gap-2.5">
      <div className="grid grid-cols-2 gap-2">
        <AirportField
          id={field('origin')}
          label="From"
          placeholder="SIN"
          value={values.origin}
          onChange={(value) => set('origin', value)}
        />
        <AirportField
          id={field('destination')}
          label="To"
          placeholder="DPS"
          value={values.destination}
          onChange={(value) => set('destination', value)}
        />
        <DateField
          id={field('depart')}
          label="Depart"
          value={values.departDate}
          onChange={(value) => set('departDate', value)}
        />
        <DateField
          id={field('return')}
          label="Return (optional)"
          value={values.returnDate}
          onChange={(value) => set('returnDate', value)}
        />
        <CountSelect
          id={field('travellers')}
          label="Travellers"
          max={MAX_TRAVELLERS}
          value={values.travellers}
          onChange={(value) => set('travellers', value)}
        />
        <div className="grid gap-1">
          <Label htmlFor={field('cabin')}>Cabin</Label>
          <NativeSelect
            id={field('cabin')}
            value={values.cabin}
            onChange={(event) => set('cabin', event.target.value as Cabin)}
          >
            {CABINS.map((cabin) => (
              <option key={cabin} value={cabin}>
                {CABIN_LABELS[cabin]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <SearchFormFooter error={error} pending={search.isPending} onCancel={onDone}>
        {search.isPending ? 'Searching…' : 'Search flights'}
      </SearchFormFooter>
    </form>
  );
}

function OfferRow({
  offer,
  tripId,
  shortlisted,
}: {
  offer: FlightOffer;
  tripId: string;
  shortlisted: boolean;
}) {
  const add = useCreateShortlistOption(tripId);
  return (
    <li
      data-offer={offer.id}
      className="grid gap-1 rounded-md border border-border bg-background/60 px-2.5 py-2 text-sm"
    >
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium text-foreground">{offer.carrier}</span>
        <span className="font-semibold tabular-nums text-foreground">
          {formatPrice(offer.price)}
        </span>
      </div>
      {offer.slices.map((slice) => (
        <p key={`${slice.origin}${slice.departAt}`} className="text-xs text-muted-foreground">
          {formatFlightTime(slice.departAt)} {slice.origin} → {formatFlightTime(slice.arriveAt)}{' '}
          {slice.destination} · {stopsLabel(slice.stops)} · {slice.flightNumbers.join(', ')}
        </p>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="h-7 justify-self-end px-2 text-xs"
        disabled={shortlisted || add.isPending}
        aria-label={`Shortlist ${offer.carrier}, ${formatPrice(offer.price)}`}
        onClick={() =>
          add.mutate(
            { source: 'offer', offerId: offer.id },
            {
              onError: (failure) =>
                toast({
                  title: 'Could not shortlist the flight',
                  description: errorMessage(failure, 'Please try again.'),
                  variant: 'destructive',
                }),
            },
          )
        }
      >
        <Plus aria-hidden className="size-3.5" />
        {shortlisted ? 'Shortlisted' : 'Shortlist'}
      </Button>
    </li>
  );
}

function FlightResults({ search, tripId }: { search: FlightSearch; tripId: string }) {
  const shortlist = useShortlist(tripId);
  const shortlisted = new Set((shortlist.data ?? []).map((option) => option.source));
  const { query } = search;
  return (
    <section aria-label="Flight results" className="grid gap-2">
      <p role="status" className="text-xs text-muted-foreground">
        {search.ranBy ? `${search.ranBy.name} searched` : 'Searched'} {timeAgo(search.ranAt)}:{' '}
        {query.origin} → {query.destination}, {formatDate(query.departDate)}
        {query.returnDate ? ` – ${formatDate(query.returnDate)}` : ', one way'} · {query.travellers}{' '}
        {query.travellers === 1 ? 'traveller' : 'travellers'} · {CABIN_LABELS[query.cabin]}
      </p>
      {search.source === 'priced' &&
        (search.offers.length > 0 ? (
          <ul aria-label="Flights found" className="grid gap-1.5">
            {search.offers.map((offer) => (
              <OfferRow
                key={offer.id}
                offer={offer}
                tripId={tripId}
                shortlisted={shortlisted.has(`offer:${offer.id}`)}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-foreground">
            No flights found for these dates. The partners may know more:
          </p>
        ))}
      {search.source === 'links' && (
        <p className="text-sm text-foreground">Compare prices on the partners’ own sites:</p>
      )}
      <PartnerLinks tripId={tripId} kind="flight" links={search.links} shortlisted={shortlisted} />
      {search.fromHomes.length > 0 && (
        <div className="grid gap-1 border-t border-border pt-2">
          <h4 className="text-xs font-medium text-muted-foreground">
            From each person’s home airport
          </h4>
          <ul aria-label="From each person’s home airport" className="grid gap-1 text-xs">
            {search.fromHomes.map(({ member, origin, links }) => (
              <li key={member.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                <span className="font-medium text-foreground">
                  {member.name} from {origin}:
                </span>
                {links.map((link) => (
                  <a
                    key={link.partner}
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer sponsored"
                    className="text-primary underline-offset-2 hover:underline"
                  >
                    {link.partner}
                    <span className="sr-only"> for {member.name} (opens in a new tab)</span>
                  </a>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/**
 * The Flight Search widget (issue #21): one search for the whole trip — whoever runs it, everyone
 * sees the query and the results as they land — and the group's shortlist of flights to vote on.
 */
export function FlightSearchWidget({ trip }: { trip: Trip; expanded: boolean }) {
  const searches = useSearches(trip.id);
  const shortlist = useShortlist(trip.id);
  const count = shortlist.data?.filter((option) => option.kind === 'flight').length ?? 0;
  if (isFirstLoad(searches)) return <WidgetLoading label="Loading the trip’s flight search" />;
  if (searches.isError || searches.isPending) {
    return <WidgetLoadError title="Could not load the flight search" query={searches} />;
  }
  const last = searches.data.flights;
  return (
    <SearchWidgetTabs
      shortlistCount={count}
      hasSearch={last !== null}
      // A new search from someone else refills the form with their query.
      form={(onDone) => (
        <FlightSearchForm key={last?.ranAt ?? 'none'} trip={trip} last={last} onDone={onDone} />
      )}
      results={
        last ? (
          <FlightResults search={last} tripId={trip.id} />
        ) : (
          <p className="text-center text-sm text-muted-foreground">
            No search yet. Whoever searches, the whole group sees the flights here.
          </p>
        )
      }
      shortlist={<ShortlistPanel trip={trip} kind="flight" />}
    />
  );
}
