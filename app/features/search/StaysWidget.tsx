import { Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { WidgetLoadError, WidgetLoading } from '@/features/board/WidgetStates';
import { useCreateShortlistOption, useShortlist } from '@/features/shortlist/useShortlist';
import { errorMessage } from '@/lib/apiError';
import { isFirstLoad } from '@/lib/queryStates';
import { parseForm } from '@/lib/validation';
import { dayOf, formatDate } from '../../../shared/calendar';
import { MAX_GUESTS, type StaySearch, stayQuery } from '../../../shared/contracts/search';
import { createShortlistOptionBody } from '../../../shared/contracts/shortlist';
import type { Trip } from '../../../shared/contracts/trips';
import { ShortlistPanel } from '../shortlist/ShortlistPanel';
import { PartnerLinks } from './PartnerLinks';
import {
  CountSelect,
  DateField,
  SearchFormFooter,
  SearchWidgetTabs,
  useSearchForm,
} from './SearchWidgetParts';
import { timeAgo } from './searchText';
import { useSearches, useSearchStays } from './useSearch';

function startingQuery(trip: Trip, last: StaySearch | null) {
  if (last) return last.query;
  const future = trip.startDate >= dayOf(new Date());
  // "Bali, Indonesia" → "Bali": partners search places by name.
  const place = trip.destination?.split(',')[0]?.trim() ?? '';
  return {
    destination: place,
    checkIn: future ? trip.startDate : '',
    checkOut: future ? trip.endDate : '',
    guests: 2,
  };
}

function StaySearchForm({
  trip,
  last,
  onDone,
}: {
  trip: Trip;
  last: StaySearch | null;
  onDone?: () => void;
}) {
  const id = useId();
  const search = useSearchStays(trip.id);
  const { values, set, error, handleSubmit } = useSearchForm({
    schema: stayQuery,
    initial: () => startingQuery(trip, last),
    search,
    failure: 'Could not search stays. Please try again.',
    onDone,
  });

  const field = (name: string) => `${id}-${name}`;
  return (
    <form aria-label="Search stays" noValidate onSubmit={handleSubmit} className="grid gap-2.5">
      <div className="grid gap-1">
        <Label htmlFor={field('where')}>Where</Label>
        <Input
          id={field('where')}
          value={values.destination}
          onChange={(event) => set('destination', event.target.value)}
          placeholder="Ubud"
          maxLength={200}
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <DateField
          id={field('in')}
          label="Check-in"
          value={values.checkIn}
          onChange={(value) => set('checkIn', value)}
        />
        <DateField
          id={field('out')}
          label="Check-out"
          value={values.checkOut}
          onChange={(value) => set('checkOut', value)}
        />
      </div>
      <CountSelect
        id={field('guests')}
        label="Guests"
        max={MAX_GUESTS}
        value={values.guests}
        onChange={(value) => set('guests', value)}
      />
      <SearchFormFooter error={error} pending={search.isPending} onCancel={onDone}>
        Search stays
      </SearchFormFooter>
    </form>
  );
}

/** Paste any listing (a hotel, a rental): the server reads its public preview. */
function PasteLinkForm({ tripId }: { tripId: string }) {
  const id = useId();
  const add = useCreateShortlistOption(tripId);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = parseForm(createShortlistOptionBody, { source: 'link', url, kind: 'stay' });
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    setAdded(null);
    add.mutate(parsed.data, {
      onSuccess: (option) => {
        setUrl('');
        setAdded(`Shortlisted: ${option.title}`);
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not read that link. Please try again.')),
    });
  }

  return (
    <form
      aria-label="Paste a listing"
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-1.5 border-t border-border pt-3"
    >
      <Label htmlFor={`${id}-url`}>Found a place? Paste its link</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://…"
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <PendingButton type="submit" size="sm" className="h-10" pending={add.isPending}>
          <Link2 aria-hidden />
          Add
        </PendingButton>
      </div>
      <FormError id={`${id}-error`} message={error} />
      {added && (
        <p role="status" className="text-xs text-muted-foreground">
          {added}
        </p>
      )}
    </form>
  );
}

function StayResults({ search, tripId }: { search: StaySearch; tripId: string }) {
  const shortlist = useShortlist(tripId);
  const shortlisted = new Set((shortlist.data ?? []).map((option) => option.source));
  const { query } = search;
  return (
    <section aria-label="Stay results" className="grid gap-2">
      <p role="status" className="text-xs text-muted-foreground">
        {search.ranBy ? `${search.ranBy.name} searched` : 'Searched'} {timeAgo(search.ranAt)}:{' '}
        {query.destination}, {formatDate(query.checkIn)} – {formatDate(query.checkOut)} ·{' '}
        {query.guests} {query.guests === 1 ? 'guest' : 'guests'}
      </p>
      <PartnerLinks tripId={tripId} kind="stay" links={search.links} shortlisted={shortlisted} />
    </section>
  );
}

/**
 * The Stays widget (issue #21): the partners' searches for where and when, shared with the whole
 * trip; any listing pasted by link; and the group's shortlist of places to vote on. A chosen
 * stay stands out on the shortlist, on everyone's board.
 */
export function StaysWidget({ trip }: { trip: Trip; expanded: boolean }) {
  const searches = useSearches(trip.id);
  const shortlist = useShortlist(trip.id);
  const stays = shortlist.data?.filter((option) => option.kind === 'stay') ?? [];
  const chosen = stays.find((option) => option.chosenAt);
  if (isFirstLoad(searches)) return <WidgetLoading label="Loading the trip’s stay search" />;
  if (searches.isError || searches.isPending) {
    return <WidgetLoadError title="Could not load the stay search" query={searches} />;
  }
  const last = searches.data.stays;
  return (
    <SearchWidgetTabs
      shortlistCount={stays.length}
      hasSearch={last !== null}
      banner={
        chosen && (
          <p className="rounded-md bg-emerald-500/10 px-2.5 py-1.5 text-sm">
            <span className="font-medium">Staying at:</span> {chosen.title}
          </p>
        )
      }
      form={(onDone) => (
        <StaySearchForm key={last?.ranAt ?? 'none'} trip={trip} last={last} onDone={onDone} />
      )}
      results={
        <>
          {last && <StayResults search={last} tripId={trip.id} />}
          <PasteLinkForm tripId={trip.id} />
        </>
      }
      shortlist={<ShortlistPanel trip={trip} kind="stay" />}
    />
  );
}
