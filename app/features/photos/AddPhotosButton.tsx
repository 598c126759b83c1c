import { Camera, ImagePlus } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { cn } from '@/lib/utils';
import { PHOTO_ACCEPT } from '../../../shared/contracts/photos';

type Props = {
  onFiles: (files: File[]) => void;
  /** stage: small translucent buttons over a photo; button: the app's ordinary buttons. */
  look: 'stage' | 'button';
  className?: string;
};

const STAGE_BUTTON =
  'inline-flex h-8 items-center gap-1.5 rounded-full bg-black/55 px-3 text-xs font-medium text-white shadow-md backdrop-blur-sm transition-colors outline-none hover:bg-black/70 focus-visible:ring-2 focus-visible:ring-white';

/**
 * Add photos: a file chooser for several pictures at once. On a touch screen (a phone, a tablet)
 * also Take a photo, which opens the camera. Choosing is all it takes: the files start uploading.
 */
export function AddPhotosButton({ onFiles, look, className }: Props) {
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const touch = useMediaQuery('(pointer: coarse)');

  function handleChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again (after a failure) is a change too.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  }

  const addLabel = (
    <>
      <ImagePlus aria-hidden className="size-4" /> Add photos
    </>
  );
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      {look === 'stage' ? (
        <button type="button" className={STAGE_BUTTON} onClick={() => chooser.current?.click()}>
          {addLabel}
        </button>
      ) : (
        <Button type="button" size="sm" onClick={() => chooser.current?.click()}>
          {addLabel}
        </Button>
      )}
      {touch &&
        (look === 'stage' ? (
          <button
            type="button"
            aria-label="Take a photo"
            className={cn(STAGE_BUTTON, 'px-2')}
            onClick={() => camera.current?.click()}
          >
            <Camera aria-hidden className="size-4" />
          </button>
        ) : (
          <Button type="button" size="sm" variant="outline" onClick={() => camera.current?.click()}>
            <Camera aria-hidden /> Take a photo
          </Button>
        ))}
      <input
        ref={chooser}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        aria-label="Choose photos to add"
        className="hidden"
        onChange={handleChosen}
      />
      {touch && (
        <input
          ref={camera}
          type="file"
          accept={PHOTO_ACCEPT}
          capture="environment"
          aria-label="Take a photo to add"
          className="hidden"
          onChange={handleChosen}
        />
      )}
    </div>
  );
}
