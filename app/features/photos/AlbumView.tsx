import type { UseQueryResult } from '@tanstack/react-query';
import { Images } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useAuth } from '@/features/auth/useAuth';
import { WidgetLoadError } from '@/features/board/WidgetStates';
import { isFirstLoad } from '@/lib/queryStates';
import { formatBytes } from '../../../shared/bytes';
import type { Album } from '../../../shared/contracts/photos';
import type { Trip } from '../../../shared/contracts/trips';
import { canChangeItem } from '../../../shared/itemPolicy';
import { AddPhotosButton } from './AddPhotosButton';
import { AlbumGrid } from './AlbumGrid';
import { PhotoDropZone } from './PhotoDropZone';
import { PhotoViewer, useShownPhoto } from './PhotoViewer';
import { UploadList } from './UploadList';
import type { UploadOptions } from './uploadQueue';
import type { usePhotoUploads } from './useAlbum';

export const EMPTY_ALBUM = 'No group photos yet';

type Props = {
  trip: Trip;
  album: UseQueryResult<Album>;
  uploads: ReturnType<typeof usePhotoUploads>;
  onFiles: (files: File[], options: UploadOptions) => void;
  /** The destination's photos, below the album. */
  children: ReactNode;
};

/**
 * The photo widget expanded (issue #23): the trip's whole album as a grid, with Add photos, the
 * uploads under way and a full-size viewer; the destination's photos below. Keeping originals is
 * chosen here, off each time the album opens: a photo's location stays private unless asked for.
 */
export function AlbumView({ trip, album, uploads, onFiles, children }: Props) {
  const id = useId();
  const [keepOriginal, setKeepOriginal] = useState(false);
  const { user } = useAuth();
  const photos = album.data?.photos ?? [];
  const shown = useShownPhoto(photos);
  const addFiles = (files: File[]) => onFiles(files, { keepOriginal });

  let body: ReactNode;
  if (isFirstLoad(album)) {
    body = (
      <div className="grid min-h-40 place-items-center">
        <Spinner className="size-7 text-primary" label="Loading the album" />
      </div>
    );
  } else if (album.isError || album.isPending) {
    body = <WidgetLoadError title="Could not load the album" query={album} />;
  } else if (photos.length === 0) {
    body = (
      <div className="flex flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-border p-6 text-center">
        <Images aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium">{EMPTY_ALBUM}</p>
        <p className="text-sm text-muted-foreground">
          Add the first: the place you found, a ticket, the view. You can drop photos here too.
        </p>
      </div>
    );
  } else {
    body = <AlbumGrid tripId={trip.id} photos={photos} onOpen={shown.show} />;
  }

  return (
    <PhotoDropZone onFiles={addFiles} className="@container flex flex-col gap-6 p-4 sm:p-6">
      <section aria-labelledby={`${id}-album`} className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="grid gap-0.5">
            <h3 id={`${id}-album`} className="font-semibold">
              Group photos
            </h3>
            {album.data && photos.length > 0 && (
              <p className="text-xs text-muted-foreground">{roomLine(album.data)}</p>
            )}
          </div>
          <AddPhotosButton look="button" onFiles={addFiles} />
        </div>
        <div className="flex items-start gap-3">
          <Switch
            id={`${id}-original`}
            checked={keepOriginal}
            onCheckedChange={setKeepOriginal}
            aria-describedby={`${id}-original-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-original`}>Keep the original files</Label>
            <p id={`${id}-original-hint`} className="text-xs text-muted-foreground">
              With their location and camera details, for everyone on the trip to download. Off:
              those are removed.
            </p>
          </div>
        </div>
        <UploadList uploads={uploads.uploads} queue={uploads.queue} />
        {body}
      </section>
      <section aria-labelledby={`${id}-destination`} className="grid gap-3">
        <h3 id={`${id}-destination`} className="font-semibold">
          Destination photos
        </h3>
        <div className="mx-auto w-full max-w-xl">{children}</div>
      </section>
      <PhotoViewer
        tripId={trip.id}
        photos={photos}
        photoId={shown.photoId}
        onShow={shown.show}
        canChange={(photo) =>
          canChangeItem(
            { creatorId: photo.addedBy.id },
            user && { userId: user.id, role: trip.role },
          )
        }
      />
    </PhotoDropZone>
  );
}

/** "12 photos · 48 MB of 2 GB used". */
function roomLine({ photos, limits }: Album) {
  const count = `${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}`;
  return `${count} · ${formatBytes(limits.usedBytes)} of ${formatBytes(limits.tripBytes)} used`;
}
