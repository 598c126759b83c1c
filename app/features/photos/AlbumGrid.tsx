import { REVEALED_CLASS, useRevealItem } from '@/features/trips/tripPlace';
import { cn } from '@/lib/utils';
import type { TripPhoto } from '../../../shared/contracts/photos';
import { openLabel, thumbnailSize } from './photoText';

/**
 * The whole album as square thumbnails, newest first: 3 a row on a phone, more as the widget
 * widens (container queries on the widget, not the window). Each opens the photo full size.
 */
export function AlbumGrid({
  tripId,
  photos,
  onOpen,
}: {
  tripId: string;
  photos: TripPhoto[];
  onOpen: (photoId: string) => void;
}) {
  return (
    <ul
      aria-label="Group photos"
      className="grid grid-cols-3 gap-1.5 @md:grid-cols-4 @2xl:grid-cols-5 @4xl:grid-cols-6 @4xl:gap-2"
    >
      {photos.map((photo) => (
        <Thumbnail key={photo.id} tripId={tripId} photo={photo} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function Thumbnail({
  tripId,
  photo,
  onOpen,
}: {
  tripId: string;
  photo: TripPhoto;
  onOpen: (photoId: string) => void;
}) {
  const size = thumbnailSize(photo);
  // A photo's comments are in its viewer: asked for, it opens there.
  const reveal = useRevealItem(tripId, 'photo', photo.id, (place) => {
    if (place.comments) onOpen(photo.id);
  });
  return (
    <li {...reveal} className={cn('rounded-md', REVEALED_CLASS)}>
      <button
        type="button"
        aria-label={openLabel(photo)}
        onClick={() => onOpen(photo.id)}
        className="group block aspect-square w-full overflow-hidden rounded-md bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
      >
        <img
          src={photo.src.thumbnail}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          // The photo's own proportions until it loads: no jump, even before the CSS applies.
          width={size.width}
          height={size.height}
          className="size-full object-cover transition-opacity group-hover:opacity-90"
        />
      </button>
    </li>
  );
}
