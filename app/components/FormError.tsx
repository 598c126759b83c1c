import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A form's error, announced as it appears (role="alert"); renders nothing without a message. */
export function FormError({
  id,
  message,
  className,
}: {
  id?: string;
  message: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-foreground',
        className,
      )}
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      <span>{message}</span>
    </p>
  );
}
