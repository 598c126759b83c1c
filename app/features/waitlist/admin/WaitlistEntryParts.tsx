import { PendingButton } from '@/components/PendingButton';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '../../../../shared/calendar';
import { type AdminWaitlistEntry, SOURCE_LABELS } from './entries';

/** What every rendering of an entry (table row or phone card) needs to act on it. */
export type EntryActions = {
  pendingIds: ReadonlySet<string>;
  onMarkContacted: (id: string) => void;
};

/** spec §2: the name, or a dash when there is none. */
export function entryName(entry: AdminWaitlistEntry) {
  return entry.name ?? '-';
}

/** Issue #38: where the address joined (the landing banner, the newsletter box, the blog). */
export function entrySource(entry: AdminWaitlistEntry) {
  return entry.source ? SOURCE_LABELS[entry.source] : '-';
}

/** spec §2 Joined: the en-US date ("Nov 22, 2026"), or a dash for a date that cannot be read. */
export function JoinedDate({ createdAt }: { createdAt: string }) {
  const label = formatDate(createdAt);
  if (!label) return <span>-</span>;
  return <time dateTime={createdAt}>{label}</time>;
}

/** spec §2, §4: New until marked contacted. */
export function EntryStatusBadge({ contacted }: { contacted: boolean }) {
  return contacted ? (
    <Badge variant="success">Contacted</Badge>
  ) : (
    <Badge variant="warning">New</Badge>
  );
}

/**
 * spec §2: disabled once contacted or while this entry's update is pending. `describedBy` names
 * the element holding the e-mail, so a screen reader tells the row's buttons apart.
 */
export function MarkContactedButton({
  entry,
  describedBy,
  pendingIds,
  onMarkContacted,
  className,
  size = 'sm',
}: EntryActions & {
  entry: AdminWaitlistEntry;
  describedBy: string;
  className?: string;
  size?: 'sm' | 'default';
}) {
  return (
    <PendingButton
      variant="outline"
      size={size}
      className={className}
      pending={pendingIds.has(entry.id)}
      disabled={entry.contacted}
      aria-describedby={describedBy}
      onClick={() => onMarkContacted(entry.id)}
    >
      Mark as Contacted
    </PendingButton>
  );
}
