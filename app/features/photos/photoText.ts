import { formatRecentDate } from '../../../shared/calendar';
import {
  PHOTO_MEDIUM_PX,
  PHOTO_THUMBNAIL_PX,
  type TripPhoto,
} from '../../../shared/contracts/photos';

type Added = Pick<TripPhoto, 'addedBy' | 'addedAt'>;

/** "Nov 3", or "Nov 3, 2025" for a photo added another year. */
const addedDay = (photo: Added, now: Date) => formatRecentDate(photo.addedAt, now);

/** "Added by Ana · Nov 3": who added the photo, and when. */
export function addedLine(photo: Added, now = new Date()) {
  return `Added by ${photo.addedBy.name} · ${addedDay(photo, now)}`;
}

/** The name of a thumbnail's button: "Open “Sunset”, added by Ana on Nov 3". */
export function openLabel(photo: Added & Pick<TripPhoto, 'caption'>, now = new Date()) {
  const what = photo.caption ? `“${photo.caption}”, added` : 'photo added';
  return `Open ${what} by ${photo.addedBy.name} on ${addedDay(photo, now)}`;
}

/** What a photo is called for people who cannot see it: its caption, else who added it. */
export function photoName(photo: Pick<TripPhoto, 'caption' | 'addedBy'>) {
  return photo.caption ?? `Photo added by ${photo.addedBy.name}`;
}

/** The file to download: the original when its uploader kept it, else the full-size photo. */
export function downloadUrl(photo: Pick<TripPhoto, 'src' | 'hasOriginal'>) {
  const file = (photo.hasOriginal && photo.src.original) || photo.src.full;
  return `${file}${file.includes('?') ? '&' : '?'}download=1`;
}

/** A variant's size, from the full-size photo's: its longest side is at most `longest`. */
export function variantSize(photo: Pick<TripPhoto, 'width' | 'height'>, longest: number) {
  const scale = Math.min(1, longest / Math.max(photo.width, photo.height, 1));
  return {
    width: Math.max(1, Math.round(photo.width * scale)),
    height: Math.max(1, Math.round(photo.height * scale)),
  };
}

export const thumbnailSize = (photo: Pick<TripPhoto, 'width' | 'height'>) =>
  variantSize(photo, PHOTO_THUMBNAIL_PX);

/** `srcset` of the viewer: the medium photo, and the full one for screens that can show more. */
export function viewerSrcSet(photo: Pick<TripPhoto, 'src' | 'width' | 'height'>) {
  const mediumWidth = variantSize(photo, PHOTO_MEDIUM_PX).width;
  if (photo.width <= mediumWidth) return `${photo.src.medium} ${mediumWidth}w`;
  return `${photo.src.medium} ${mediumWidth}w, ${photo.src.full} ${photo.width}w`;
}
