import { useId } from 'react';
import type { AdminWaitlistEntry } from './entries';
import {
  type EntryActions,
  EntryStatusBadge,
  entryName,
  entrySource,
  JoinedDate,
  MarkContactedButton,
} from './WaitlistEntryParts';

function EntryCard({ entry, ...actions }: EntryActions & { entry: AdminWaitlistEntry }) {
  const emailId = useId();
  return (
    <li className="grid gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <p id={emailId} className="min-w-0 font-medium wrap-anywhere">
          {entry.email}
        </p>
        <EntryStatusBadge contacted={entry.contacted} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Name</dt>
        <dd className="min-w-0 wrap-anywhere">{entryName(entry)}</dd>
        <dt className="text-muted-foreground">Source</dt>
        <dd>{entrySource(entry)}</dd>
        <dt className="text-muted-foreground">Joined</dt>
        <dd>
          <JoinedDate createdAt={entry.createdAt} />
        </dd>
      </dl>
      <MarkContactedButton
        entry={entry}
        describedBy={emailId}
        size="default"
        className="w-full sm:w-auto sm:justify-self-end"
        {...actions}
      />
    </li>
  );
}

/**
 * The waitlist as stacked cards, for screens too narrow for the table (phones, tablets): the same
 * fields, labelled.
 */
export function WaitlistEntryCards({
  entries,
  className,
  ...actions
}: EntryActions & { entries: readonly AdminWaitlistEntry[]; className?: string }) {
  return (
    <ul aria-label="Waitlist entries" className={className}>
      {entries.map((entry) => (
        <EntryCard key={entry.id} entry={entry} {...actions} />
      ))}
    </ul>
  );
}
