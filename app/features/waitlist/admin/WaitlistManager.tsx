import { Download, Inbox, Loader2, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { SearchField } from '@/components/SearchField';
import { ShowMore } from '@/components/ShowMore';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { useMarkContacted } from './useMarkContacted';
import type { useWaitlistEntries } from './useWaitlistEntries';
import { WaitlistEntriesTable } from './WaitlistEntriesTable';
import { WaitlistEntryCards } from './WaitlistEntryCards';

const CSV_URL = '/api/admin/waitlist.csv';
/**
 * Tailwind's lg breakpoint: narrower, five table columns would break e-mails mid-word, so each
 * entry becomes a card. Only one of the two is rendered (not both, one hidden by CSS), so the
 * page holds each entry once.
 */
export const TABLE_MEDIA_QUERY = '(min-width: 64rem)';

function ListMessage({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-14 text-center text-muted-foreground">
      {icon}
      <p>{children}</p>
    </div>
  );
}

/**
 * The administrator's view of the waitlist (spec §2 Waitlist admin): search, the total, the CSV
 * export, and the entries with their states (loading, none yet, none matching), a page at a time
 * with Show more.
 */
export function WaitlistManager({
  list,
  search,
  onSearchChange,
}: {
  list: ReturnType<typeof useWaitlistEntries>;
  search: string;
  onSearchChange: (search: string) => void;
}) {
  const { markContacted, pendingIds } = useMarkContacted();
  const asTable = useMediaQuery(TABLE_MEDIA_QUERY);
  const { entries: shown, total, isLoading } = list;
  const searching = search.trim() !== '';

  let content: ReactNode;
  if (isLoading) {
    content = (
      <div role="status" className="flex items-center justify-center gap-3 px-4 py-14">
        <Loader2 aria-hidden className="size-6 animate-spin text-primary" />
        <span className="text-muted-foreground">Loading waitlist entries...</span>
      </div>
    );
  } else if (total === 0) {
    content = (
      <ListMessage icon={<Inbox aria-hidden className="size-8" />}>
        No waitlist entries yet
      </ListMessage>
    );
  } else if (shown.length === 0) {
    content = (
      <ListMessage icon={<SearchX aria-hidden className="size-8" />}>
        No matching entries found
      </ListMessage>
    );
  } else {
    const actions = { pendingIds, onMarkContacted: markContacted };
    content = asTable ? (
      <WaitlistEntriesTable entries={shown} {...actions} />
    ) : (
      <WaitlistEntryCards entries={shown} className="divide-y divide-border" {...actions} />
    );
  }

  return (
    <div className="grid gap-5 text-foreground">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <SearchField
          label="Search the waitlist by name or email"
          placeholder="Search by name or email..."
          value={search}
          onChange={onSearchChange}
        />
        <div className="flex items-center justify-between gap-4 md:justify-end">
          <p className="text-sm text-muted-foreground">
            Total entries: <span className="font-semibold text-foreground">{total}</span>
          </p>
          <Button asChild variant="outline">
            <a href={CSV_URL} download>
              <Download aria-hidden />
              Download CSV
            </a>
          </Button>
        </div>
      </div>
      {searching && !isLoading && !list.isSearching && (
        <p className="sr-only" aria-live="polite">
          {shown.length === 1 ? '1 matching entry' : `${shown.length} matching entries`}
        </p>
      )}
      <section
        aria-label="Entries"
        aria-busy={isLoading || list.isSearching || undefined}
        className="overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm"
      >
        {content}
      </section>
      {list.hasMore && !list.isSearching && (
        <ShowMore
          summary={`Showing ${shown.length}${searching ? ' matching entries' : ` of ${total}`}`}
          pending={list.isLoadingMore}
          onShowMore={() => list.loadMore()}
        />
      )}
    </div>
  );
}
