import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex', className)}>
      <Loader2 aria-hidden className="size-full animate-spin" />
    </span>
  );
}

/** Replaces the whole screen while the app does not yet know who is signed in (spec §2). */
export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 grid place-items-center bg-background">
      <Spinner className="size-10 text-primary" />
    </div>
  );
}
