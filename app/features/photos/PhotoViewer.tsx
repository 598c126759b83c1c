import { ChevronLeft, ChevronRight, Download, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { CommentsButton } from '@/features/comments/CommentsButton';
import { StageButton } from '@/features/media/PhotoCarousel';
import { useSwipe } from '@/features/media/useSwipe';
import { errorMessage } from '@/lib/apiError';
import { cn } from '@/lib/utils';
import { PHOTO_CAPTION_MAX, type TripPhoto } from '../../../shared/contracts/photos';
import { addedLine, downloadUrl, photoName, viewerSrcSet } from './photoText';
import { useDeletePhoto, useUpdateCaption } from './useAlbum';

type Props = {
  tripId: string;
  /** The album, newest first: ←/→ move through it. */
  photos: TripPhoto[];
  /** The photo on show, or null when the viewer is closed (useShownPhoto). */
  photoId: string | null;
  onShow: (photoId: string | null) => void;
  /** Whether I may change or delete this photo (who added it, or the trip's owner). */
  canChange: (photo: TripPhoto) => boolean;
};

/**
 * Which photo of the album the viewer shows. One deleted while on show (here or by another
 * member) gives its place to its neighbour; the viewer closes with the album's last photo.
 */
export function useShownPhoto(photos: TripPhoto[]) {
  const [shown, setShown] = useState<{ id: string; index: number } | null>(null);
  const index = shown ? photos.findIndex((photo) => photo.id === shown.id) : -1;
  if (shown && index !== shown.index) {
    // Adjusting state to new props while rendering (React renders again at once).
    const at = index >= 0 ? index : Math.min(shown.index, photos.length - 1);
    const neighbour = photos[at];
    setShown(neighbour ? { id: neighbour.id, index: at } : null);
  }
  return {
    photoId: index >= 0 ? (shown?.id ?? null) : null,
    show: (id: string | null) =>
      setShown(id === null ? null : { id, index: photos.findIndex((photo) => photo.id === id) }),
  };
}

/**
 * One photo of the album as large as the screen allows (the medium size, the full one on a
 * large screen), with its caption, who added it and when. ←/→, the buttons or a swipe move
 * through the album; Escape closes. Download gives the original when it was kept; who may change
 * the photo edits its caption or deletes it, after a confirmation.
 */
export function PhotoViewer({ tripId, photos, photoId, onShow, canChange }: Props) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<TripPhoto | null>(null);
  const index = photos.findIndex((photo) => photo.id === photoId);
  const open = index >= 0;
  // The photo stays while the viewer closes, so its exit animation is no empty frame.
  const [lastShown, setLastShown] = useState<TripPhoto | null>(null);
  const current = photos[index];
  if (current && current !== lastShown) setLastShown(current);
  const photo = current ?? lastShown;

  const count = photos.length;
  const move = (step: number) => {
    if (count < 2) return;
    setEditing(false);
    onShow(photos[(index + step + count) % count]?.id ?? null);
  };
  const swipe = useSwipe({ onNext: () => move(1), onPrevious: () => move(-1) });

  function handleKeyDown(event: KeyboardEvent) {
    // The caption field keeps its arrow keys, and the delete confirmation its own: the photo
    // behind it must not change while it asks.
    if (event.target instanceof HTMLInputElement) return;
    const inDialog =
      event.target instanceof Element &&
      event.target.closest('[role="dialog"],[role="alertdialog"]');
    if (inDialog && inDialog !== event.currentTarget) return;
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  }

  const changeable = photo ? canChange(photo) : false;
  return (
    <Dialog
      open={open}
      onOpenChange={(open) => {
        if (open) return;
        setEditing(false);
        onShow(null);
      }}
    >
      <DialogContent
        onKeyDown={handleKeyDown}
        // Escape while editing the caption leaves the editing, not the photo.
        onEscapeKeyDown={(event) => {
          if (!editing) return;
          event.preventDefault();
          setEditing(false);
        }}
        className="h-[calc(100dvh-1rem)] max-h-none w-[calc(100vw-1rem)] max-w-6xl grid-rows-[auto_minmax(0,1fr)_auto] gap-3 overflow-hidden p-3 sm:h-[min(92dvh,960px)] sm:p-4"
      >
        {photo && (
          <>
            {/* A caption can be long (500 characters): the header scrolls before the photo shrinks. */}
            <DialogHeader className="max-h-[30dvh] overflow-y-auto">
              <DialogTitle className="text-base break-words sm:text-lg">
                {photoName(photo)}
              </DialogTitle>
              <DialogDescription>
                {addedLine(photo)}
                {open && ` · ${index + 1} of ${count}`}
              </DialogDescription>
            </DialogHeader>
            <div
              {...swipe}
              className="relative min-h-0 touch-pan-y overflow-hidden rounded-lg bg-black select-none"
            >
              <img
                key={photo.id}
                src={photo.src.medium}
                srcSet={viewerSrcSet(photo)}
                sizes="(min-width: 640px) 92vw, 100vw"
                alt={photoName(photo)}
                width={photo.width}
                height={photo.height}
                draggable={false}
                className="absolute inset-0 size-full object-contain"
              />
              {count > 1 && (
                <>
                  <StageButton label="Previous photo" side="left" onClick={() => move(-1)}>
                    <ChevronLeft aria-hidden className="size-5" />
                  </StageButton>
                  <StageButton label="Next photo" side="right" onClick={() => move(1)}>
                    <ChevronRight aria-hidden className="size-5" />
                  </StageButton>
                </>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {editing ? (
                <CaptionForm tripId={tripId} photo={photo} onDone={() => setEditing(false)} />
              ) : (
                <>
                  {changeable && (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      className={FOOTER_BUTTON}
                      onClick={() => setEditing(true)}
                    >
                      <Pencil aria-hidden /> {photo.caption ? 'Edit caption' : 'Add a caption'}
                    </Button>
                  )}
                  <CommentsButton
                    tripId={tripId}
                    subject={{ subjectType: 'photo', subjectId: photo.id }}
                    label={photo.caption ?? photo.fileName}
                    className="h-8 px-2 text-sm"
                  />
                  <Button
                    asChild
                    size="sm"
                    variant="outline"
                    className={cn(FOOTER_BUTTON, 'ml-auto')}
                  >
                    {/* Named by the server, after what the file is (IMG_2041.HEIC's full size
                        is a .jpg): the attribute only asks for a download. */}
                    <a href={downloadUrl(photo)} download>
                      <Download aria-hidden /> Download
                    </a>
                  </Button>
                  {changeable && (
                    <Button
                      type="button"
                      size="sm"
                      variant="destructive"
                      className={FOOTER_BUTTON}
                      onClick={() => setDeleting(photo)}
                    >
                      <Trash2 aria-hidden /> Delete
                    </Button>
                  )}
                </>
              )}
            </div>
          </>
        )}
        <DeletePhotoDialog tripId={tripId} photo={deleting} onClose={() => setDeleting(null)} />
      </DialogContent>
    </Dialog>
  );
}

// Narrower than the usual small button, so the three fit one row on a 375 px phone.
const FOOTER_BUTTON = 'px-2.5';

const CAPTION_FAILED = 'Could not save the caption. Please try again.';

/** The caption, edited in place of the viewer's buttons; an empty one removes it. */
function CaptionForm({
  tripId,
  photo,
  onDone,
}: {
  tripId: string;
  photo: TripPhoto;
  onDone: () => void;
}) {
  const [caption, setCaption] = useState(photo.caption ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCaption(tripId);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    update.mutate(
      { photoId: photo.id, caption: caption.trim() || null },
      { onSuccess: onDone, onError: (failure) => setError(errorMessage(failure, CAPTION_FAILED)) },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="grid w-full gap-2">
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <Input
          aria-label="Caption"
          autoFocus
          value={caption}
          maxLength={PHOTO_CAPTION_MAX}
          placeholder="What is in this photo?"
          onChange={(event) => setCaption(event.target.value)}
          className="h-8 min-w-48 flex-1"
        />
        <div className="flex gap-2">
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <PendingButton type="submit" size="sm" pending={update.isPending}>
            Save caption
          </PendingButton>
        </div>
      </div>
      <FormError message={error} />
    </form>
  );
}

const DELETE_FAILED = 'Could not delete the photo. Please try again.';

/** Asks before a photo is deleted for everyone on the trip; a failure shows in the dialog. */
function DeletePhotoDialog({
  tripId,
  photo,
  onClose,
}: {
  tripId: string;
  photo: TripPhoto | null;
  onClose: () => void;
}) {
  const remove = useDeletePhoto(tripId);
  const [error, setError] = useState<string | null>(null);

  function handleDelete() {
    if (!photo) return;
    setError(null);
    remove.mutate(photo.id, {
      onSuccess: onClose,
      onError: (failure) => setError(errorMessage(failure, DELETE_FAILED)),
    });
  }

  return (
    <Dialog
      open={photo !== null}
      onOpenChange={(open) => {
        if (open) return;
        setError(null);
        onClose();
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete this photo?</DialogTitle>
          <DialogDescription>
            It is removed from the album for everyone on the trip, and cannot be brought back.
          </DialogDescription>
        </DialogHeader>
        <FormError message={error} />
        <DialogActions variant="destructive" pending={remove.isPending} onClick={handleDelete}>
          Delete photo
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
