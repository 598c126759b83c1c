import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/Spinner';
import { AddPhotosButton } from '@/features/photos/AddPhotosButton';
import { AlbumView } from '@/features/photos/AlbumView';
import { PhotoDropZone } from '@/features/photos/PhotoDropZone';
import { addedLine, photoName } from '@/features/photos/photoText';
import { UploadList } from '@/features/photos/UploadList';
import type { UploadOptions } from '@/features/photos/uploadQueue';
import { useAlbum, usePhotoUploads } from '@/features/photos/useAlbum';
import { isFirstLoad } from '@/lib/queryStates';
import type { DestinationPhoto } from '../../../shared/contracts/media';
import type { TripPhoto } from '../../../shared/contracts/photos';
import type { Trip } from '../../../shared/contracts/trips';
import { type CarouselSlide, PhotoCarousel, PhotoCredit } from './PhotoCarousel';
import { destinationPhotoSearch, useDestinationPhotos } from './useDestinationPhotos';

/**
 * spec §2 Photo carousel, with the group's own photos (issue #23): the trip's album first, then
 * 8 photos of its destination (or, without one, of its name). A spinner while they load, then
 * the carousel, or the unavailable state when there are none. Photos are added with the button,
 * by dropping files on the widget or, on a phone, with the camera; expanded, the widget is the
 * whole album.
 */
export function PhotoWidget({ trip, expanded }: { trip: Trip; expanded: boolean }) {
  const place = destinationPhotoSearch(trip);
  const destination = useDestinationPhotos(place);
  const album = useAlbum(trip.id);
  const uploads = usePhotoUploads(trip.id);
  const addFiles = (files: File[], options: UploadOptions) =>
    uploads.queue.add(files, options, album.data?.limits.fileBytes ?? null);
  // Here the originals are never kept: that is chosen in the album, expanded.
  const addStripped = (files: File[]) => addFiles(files, { keepOriginal: false });

  const destinationSlides = (destination.data ?? []).map((photo) => destinationSlide(photo, place));

  if (expanded) {
    return (
      <AlbumView trip={trip} album={album} uploads={uploads} onFiles={addFiles}>
        {isFirstLoad(destination) ? (
          <Loading />
        ) : destinationSlides.length === 0 ? (
          <Unavailable />
        ) : (
          <PhotoCarousel slides={destinationSlides} place={place} />
        )}
      </AlbumView>
    );
  }

  const slides = [...(album.data?.photos ?? []).map(groupSlide), ...destinationSlides];
  let body: ReactNode;
  if (isFirstLoad(destination) || isFirstLoad(album)) {
    body = <Loading />;
  } else if (slides.length === 0) {
    // No photos of the group (or the album could not load) and none of the destination.
    body = (
      <Unavailable>
        <AddPhotosButton look="button" onFiles={addStripped} className="justify-center" />
      </Unavailable>
    );
  } else {
    body = (
      <PhotoCarousel
        slides={slides}
        place={place}
        stageActions={<AddPhotosButton look="stage" onFiles={addStripped} />}
      />
    );
  }
  return (
    <PhotoDropZone onFiles={addStripped} className="flex flex-col gap-3 p-3">
      {/* Above the carousel, where the widget is never scrolled away from: what was just chosen
          shows at once. A long list scrolls by itself. */}
      <UploadList
        uploads={uploads.uploads}
        queue={uploads.queue}
        className="max-h-44 overflow-y-auto"
      />
      {body}
    </PhotoDropZone>
  );
}

function Loading() {
  return (
    <div className="grid aspect-[4/3] place-items-center rounded-lg bg-muted/50">
      <Spinner className="size-7 text-primary" label="Loading photos" />
    </div>
  );
}

/** spec §8: the same words for none and for a failure. */
function Unavailable({ children }: { children?: ReactNode }) {
  return (
    <div className="flex aspect-[4/3] flex-col items-center justify-center gap-3 rounded-lg bg-muted/50 p-4 text-center">
      <div role="status" className="flex flex-col items-center gap-1">
        <ImageOff aria-hidden className="size-7 text-muted-foreground" />
        <p className="font-medium">No photos available</p>
        <p className="text-sm text-muted-foreground">
          Try changing the destination or check your connection
        </p>
      </div>
      {children}
    </div>
  );
}

function destinationSlide(photo: DestinationPhoto, place: string): CarouselSlide {
  return {
    key: `destination-${photo.id}`,
    src: photo.src,
    name: photo.alt.trim() || `A photo of ${place}`,
    credit: <PhotoCredit photo={photo} />,
  };
}

function groupSlide(photo: TripPhoto): CarouselSlide {
  return {
    key: `group-${photo.id}`,
    src: photo.src,
    name: photoName(photo),
    caption: photo.caption,
    credit: <p className="truncate text-xs text-muted-foreground">{addedLine(photo)}</p>,
  };
}
