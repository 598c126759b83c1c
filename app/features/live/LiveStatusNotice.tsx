import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { LiveStatus } from './useLiveTrip';

/**
 * Says when the board is not live: while reconnecting (changes by others will show once back),
 * and when the server runs a newer version (a reload fixes it). Silent while connected.
 */
export function LiveStatusNotice({ status }: { status: LiveStatus }) {
  if (status !== 'reconnecting' && status !== 'outdated') return null;
  return (
    <div
      role="status"
      className="pointer-events-auto absolute bottom-4 left-1/2 z-[995] flex -translate-x-1/2 items-center gap-2 rounded-full border border-border/70 bg-card/95 px-3 py-1.5 text-sm shadow-lg backdrop-blur-md"
    >
      {status === 'reconnecting' ? (
        <>
          <WifiOff aria-hidden className="size-4 text-amber-500" />
          <span>
            Reconnecting…
            <span className="hidden sm:inline">
              {' '}
              Changes by others will show once you are back.
            </span>
          </span>
        </>
      ) : (
        <>
          <RefreshCw aria-hidden className="size-4 text-primary" />
          <span>Tripmates has been updated.</span>
          <Button
            size="sm"
            variant="outline"
            className="h-7"
            onClick={() => window.location.reload()}
          >
            Reload
          </Button>
        </>
      )}
    </div>
  );
}
