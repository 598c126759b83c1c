import { Pencil, Trash2 } from 'lucide-react';
import { cn } from '@/lib/utils';

const ICON_BUTTON =
  'rounded p-1 text-muted-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The Edit and Delete buttons its author has beside what they wrote (a comment, a chat message),
 * named with `what` ("Edit comment").
 */
export function AuthorActions({
  what,
  onEdit,
  onDelete,
  deleting = false,
  className,
}: {
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex shrink-0 gap-0.5', className)}>
      <button
        type="button"
        aria-label={`Edit ${what}`}
        title="Edit"
        onClick={onEdit}
        className={cn(ICON_BUTTON, 'hover:text-foreground')}
      >
        <Pencil aria-hidden className="size-3.5" />
      </button>
      <button
        type="button"
        aria-label={`Delete ${what}`}
        title="Delete"
        disabled={deleting}
        onClick={onDelete}
        className={cn(ICON_BUTTON, 'hover:text-destructive')}
      >
        <Trash2 aria-hidden className="size-3.5" />
      </button>
    </div>
  );
}
