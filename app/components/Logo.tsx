import { Link } from '@/lib/router';
import { cn } from '@/lib/utils';
import { APP_NAME } from '../../shared/constants';

/** The mark and the name, linking home. `compact`: the name shows only on wide screens. */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <Link
      to="/"
      aria-label={compact ? APP_NAME : undefined}
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-semibold tracking-tight text-foreground',
        className,
      )}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className={cn('text-lg', compact && 'hidden lg:inline')}>{APP_NAME}</span>
    </Link>
  );
}
