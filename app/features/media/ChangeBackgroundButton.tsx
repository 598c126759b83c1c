import { Wallpaper } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The top bar's Change Background (spec §2, §4: cycles to the next video). An icon alone below
 * `sm` (the dashboard hides it on phones and offers it in the trip menu: the bar has no room).
 * It is there only with 2 videos or more: with one (or none, the gradient) there is nothing to
 * change to, and a button that does nothing would only puzzle.
 */
export function ChangeBackgroundButton({
  videoCount,
  onClick,
  className,
}: {
  videoCount: number;
  onClick: () => void;
  className?: string;
}) {
  if (videoCount < 2) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label="Change Background"
      className={cn('px-2.5 sm:px-3', className)}
      onClick={onClick}
    >
      <Wallpaper aria-hidden />
      <span className="hidden sm:inline">Change Background</span>
    </Button>
  );
}
