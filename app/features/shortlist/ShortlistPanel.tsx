import { ListChecks } from 'lucide-react';
import { useAuth } from '@/features/auth/useAuth';
import { WidgetLoadError, WidgetLoading } from '@/features/board/WidgetStates';
import { isFirstLoad } from '@/lib/queryStates';
import { type ShortlistKind, shortlistLeader } from '../../../shared/contracts/shortlist';
import type { Trip } from '../../../shared/contracts/trips';
import { OptionCard } from './OptionCard';
import { useShortlist } from './useShortlist';

const EMPTY: Record<ShortlistKind, string> = {
  flight: 'Nothing shortlisted yet. Add a flight from a search, and the group votes on it here.',
  stay: 'Nothing shortlisted yet. Add a partner’s search or paste a listing, and the group votes here.',
};

/** The trip's shortlisted flights or stays: everyone's votes, the leader, the chosen one. */
export function ShortlistPanel({ trip, kind }: { trip: Trip; kind: ShortlistKind }) {
  const shortlist = useShortlist(trip.id);
  const { user } = useAuth();
  if (isFirstLoad(shortlist)) return <WidgetLoading label="Loading the shortlist" />;
  if (shortlist.isError || shortlist.isPending) {
    return <WidgetLoadError title="Could not load the shortlist" query={shortlist} />;
  }
  const options = shortlist.data.filter((option) => option.kind === kind);
  if (options.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-2 py-6 text-center text-sm text-muted-foreground">
        <ListChecks aria-hidden className="size-7" />
        <p>{EMPTY[kind]}</p>
      </div>
    );
  }
  const leader = shortlistLeader(options);
  return (
    <ul aria-label="Shortlist" className="grid gap-2 @2xl:grid-cols-2">
      {options.map((option) => (
        <li key={option.id}>
          <OptionCard
            option={option}
            tripId={trip.id}
            userId={user?.id}
            isOwner={trip.role === 'owner'}
            canChoose={trip.role === 'owner' || trip.anyoneChooses}
            leading={leader?.id === option.id}
          />
        </li>
      ))}
    </ul>
  );
}
