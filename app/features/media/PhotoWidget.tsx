import { ImageOff } from 'lucide-react';
import { Spinner } from '@/components/Spinner';
import { cn } from '@/lib/utils';
import type { TripDto } from '../../../shared/contracts/trips';
import { PhotoCarousel } from './PhotoCarousel';
import { photoSearch, usePhotos } from './usePhotos';

/**
 * spec §2 Photo carousel: 8 photos of the trip's destination (or, without one, of its name); a
 * spinner while they load, then the carousel, or the unavailable state when there are none or
 * the service fails.
 */
export function PhotoWidget({ trip, expanded }: { trip: TripDto; expanded: boolean }) {
  const place = photoSearch(trip);
  const photos = usePhotos(place);

  return (
    <div className={cn('flex flex-col gap-3 p-3', expanded && 'min-h-0 flex-1 p-4 sm:p-6')}>
      {photos.isPending ? (
        <div
          className={cn(
            'grid place-items-center rounded-lg bg-muted/50',
            expanded ? 'flex-1' : 'aspect-[4/3]',
          )}
        >
          <Spinner className="size-7 text-primary" label="Loading photos" />
        </div>
      ) : photos.isError || photos.data.length === 0 ? (
        // spec §8: the same words for none and for a failure.
        <div
          role="status"
          className={cn(
            'flex flex-col items-center justify-center gap-1 rounded-lg bg-muted/50 p-4 text-center',
            expanded ? 'flex-1' : 'aspect-[4/3]',
          )}
        >
          <ImageOff aria-hidden className="size-7 text-muted-foreground" />
          <p className="font-medium">No photos available</p>
          <p className="text-sm text-muted-foreground">
            Try changing the destination or check your connection
          </p>
        </div>
      ) : (
        <PhotoCarousel photos={photos.data} place={place} expanded={expanded} />
      )}
    </div>
  );
}
