import { PendingButton } from './PendingButton';

/** The foot of a list read a page at a time: how much is shown, and Show more. */
export function ShowMore({
  summary,
  pending,
  onShowMore,
}: {
  summary: string;
  pending: boolean;
  onShowMore: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm text-muted-foreground">{summary}</p>
      <PendingButton variant="outline" pending={pending} onClick={onShowMore}>
        Show more
      </PendingButton>
    </div>
  );
}
