import { Luggage, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { NewTripDialog } from './NewTripDialog';
import type { CurrentTrip } from './useCurrentTrip';

/**
 * The dashboard without a trip on screen: the trips could not be loaded (with a retry), or there
 * are none left (every trip deleted), with the way to plan the next one.
 */
export function NoTrip({ current }: { current: CurrentTrip }) {
  const [creating, setCreating] = useState(false);
  const failed = current.error !== null;
  return (
    <div className="grid flex-1 place-items-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-border/70 bg-card/90 p-6 text-center shadow-xl backdrop-blur-md">
        <Luggage aria-hidden className="mx-auto size-9 text-primary" />
        <h2 className="mt-3 text-lg font-semibold">
          {failed ? 'Your trips could not be loaded' : 'No trips yet'}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {failed
            ? 'Please check your connection and try again.'
            : 'Plan a trip and invite your group to it.'}
        </p>
        <div className="mt-4">
          {failed ? (
            <Button onClick={() => current.refetch()}>Try again</Button>
          ) : (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> Plan a trip
            </Button>
          )}
        </div>
      </div>
      <NewTripDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(trip) => current.selectTrip(trip.id)}
      />
    </div>
  );
}
