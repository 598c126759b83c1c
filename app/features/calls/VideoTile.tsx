import { MicOff, Monitor, PictureInPicture2, Pin, PinOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { PersonAvatar } from '../live/PersonAvatar';
import type { Tile } from './tileLayout';

// Chrome, Edge and Safari can float a video over other tabs and apps; Firefox has its own button.
const canPictureInPicture =
  typeof document !== 'undefined' && 'pictureInPictureEnabled' in document
    ? document.pictureInPictureEnabled
    : false;

/**
 * One picture of the call panel: a person's camera (mirrored when it is mine, as a mirror is),
 * their shared screen, or their avatar and name while there is no video (camera off, or the
 * first frames not there yet). Large tiles can float in picture-in-picture.
 */
export function VideoTile({
  tile,
  stream,
  video,
  speaking,
  large,
  pinned,
  onPin,
  onPictureInPicture,
}: {
  tile: Tile;
  stream: MediaStream | null;
  /** The person sends this video now (their camera is on, frames come). */
  video: boolean;
  speaking: boolean;
  large: boolean;
  pinned: boolean;
  onPin(): void;
  onPictureInPicture?(active: boolean): void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const { person, me, kind } = tile;
  const showVideo = video && stream !== null;
  const label = kind === 'screen' ? `${me ? 'Your' : `${person.name}’s`} screen` : person.name;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setPlaying(false);
    element.srcObject = showVideo ? stream : null;
    if (!showVideo) return;
    const started = () => setPlaying(element.videoWidth > 0);
    element.addEventListener('loadeddata', started);
    element.addEventListener('resize', started);
    element.play().catch(() => {
      // Muted video plays without a gesture; a refusal leaves the avatar showing.
    });
    return () => {
      element.removeEventListener('loadeddata', started);
      element.removeEventListener('resize', started);
    };
  }, [stream, showVideo]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !onPictureInPicture) return;
    const enter = () => onPictureInPicture(true);
    const leave = () => onPictureInPicture(false);
    element.addEventListener('enterpictureinpicture', enter);
    element.addEventListener('leavepictureinpicture', leave);
    return () => {
      element.removeEventListener('enterpictureinpicture', enter);
      element.removeEventListener('leavepictureinpicture', leave);
    };
  }, [onPictureInPicture]);

  const faceVisible = !showVideo || !playing;
  return (
    <figure
      data-testid="video-tile"
      data-kind={kind}
      data-user-id={person.userId}
      data-video={showVideo && playing ? 'playing' : showVideo ? 'waiting' : 'off'}
      className={cn(
        'group relative m-0 aspect-video min-w-0 overflow-hidden rounded-lg bg-neutral-900 ring-2 transition-shadow',
        speaking && kind === 'camera' ? 'ring-emerald-400' : 'ring-transparent',
      )}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted
        aria-label={kind === 'screen' ? label : `${person.name}’s camera`}
        className={cn(
          'absolute inset-0 size-full',
          kind === 'screen' ? 'object-contain' : 'object-cover',
          me && kind === 'camera' && '-scale-x-100',
          faceVisible && 'invisible',
        )}
      />
      {faceVisible && (
        <div className="absolute inset-0 grid place-items-center">
          {kind === 'screen' ? (
            <Monitor className="size-8 text-white/60" aria-hidden />
          ) : (
            <PersonAvatar
              name={person.name}
              image={person.image}
              colour={person.colour}
              className={large ? 'size-16 text-lg' : 'size-10 text-sm'}
            />
          )}
        </div>
      )}
      <figcaption className="absolute bottom-1 left-1 flex max-w-[calc(100%-0.5rem)] items-center gap-1 rounded bg-black/60 px-1.5 py-0.5 text-[11px] font-medium text-white">
        {person.muted && kind === 'camera' && (
          <MicOff className="size-3 shrink-0 text-red-300" aria-label="muted" />
        )}
        <span className="truncate">
          {label}
          {me && kind === 'camera' ? ' (you)' : ''}
        </span>
      </figcaption>
      <div className="absolute top-1 right-1 flex gap-1 opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
        {large && canPictureInPicture && showVideo && playing && (
          <button
            type="button"
            className="grid size-7 place-items-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
            aria-label={`Picture in picture: ${label}`}
            title="Picture in picture"
            onClick={() => {
              const element = ref.current;
              if (!element) return;
              if (document.pictureInPictureElement === element)
                void document.exitPictureInPicture();
              else void element.requestPictureInPicture().catch(() => {});
            }}
          >
            <PictureInPicture2 className="size-4" aria-hidden />
          </button>
        )}
        <button
          type="button"
          className={cn(
            'grid size-7 place-items-center rounded-full text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none',
            pinned ? 'bg-primary' : 'bg-black/60 hover:bg-black/80',
          )}
          aria-label={`${pinned ? 'Unpin' : 'Pin'} ${label}`}
          aria-pressed={pinned}
          title={pinned ? 'Unpin' : 'Pin'}
          onClick={onPin}
        >
          {pinned ? (
            <PinOff className="size-4" aria-hidden />
          ) : (
            <Pin className="size-4" aria-hidden />
          )}
        </button>
      </div>
    </figure>
  );
}
