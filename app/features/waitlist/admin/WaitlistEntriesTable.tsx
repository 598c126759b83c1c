import { useId } from 'react';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { AdminWaitlistEntry } from './entries';
import {
  type EntryActions,
  EntryStatusBadge,
  entryName,
  entrySource,
  JoinedDate,
  MarkContactedButton,
} from './WaitlistEntryParts';

function EntryRow({ entry, ...actions }: EntryActions & { entry: AdminWaitlistEntry }) {
  const emailId = useId();
  return (
    <TableRow>
      <TableCell id={emailId} className="max-w-72 font-medium wrap-anywhere">
        {entry.email}
      </TableCell>
      <TableCell className="max-w-48 wrap-anywhere">{entryName(entry)}</TableCell>
      <TableCell className="whitespace-nowrap">{entrySource(entry)}</TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <JoinedDate createdAt={entry.createdAt} />
      </TableCell>
      <TableCell>
        <EntryStatusBadge contacted={entry.contacted} />
      </TableCell>
      <TableCell className="text-right">
        <MarkContactedButton entry={entry} describedBy={emailId} {...actions} />
      </TableCell>
    </TableRow>
  );
}

/** The waitlist as a table (spec §2), on screens wide enough for it (TABLE_MEDIA_QUERY). */
export function WaitlistEntriesTable({
  entries,
  ...actions
}: EntryActions & { entries: readonly AdminWaitlistEntry[] }) {
  return (
    <Table>
      <TableCaption className="sr-only">Waitlist entries</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col">Email</TableHead>
          <TableHead scope="col">Name</TableHead>
          <TableHead scope="col">Source</TableHead>
          <TableHead scope="col">Joined</TableHead>
          <TableHead scope="col">Status</TableHead>
          <TableHead scope="col" className="text-right">
            Actions
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} {...actions} />
        ))}
      </TableBody>
    </Table>
  );
}
