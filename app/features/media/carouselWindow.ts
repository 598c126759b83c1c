// spec §2, §9: the carousel shows 5 dots and 4 thumbnails, whatever the number of photos (8).
export const CAROUSEL_DOTS = 5;
export const CAROUSEL_THUMBNAILS = 4;

/** `index` moved onto 0…count-1, both ways round: -1 is the last photo, count the first. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * The photos the dots stand for: the `size` nearest to the current one, in their order. The
 * window slides with the current photo, which sits in the middle dot where it can; at either end
 * the window stops (photos 1–5 for the first three, 4–8 for the last three of 8), so the lit dot
 * walks to the edge and the row still tells where in the set you are. It does not wrap: a dot
 * for photo 8 beside one for photo 1 would read as neighbours. With `size` photos or fewer there
 * is one dot each.
 */
export function dotWindow(current: number, count: number, size = CAROUSEL_DOTS): number[] {
  const shown = Math.min(size, Math.max(count, 0));
  const start = Math.min(Math.max(current - Math.floor(size / 2), 0), count - shown);
  return Array.from({ length: shown }, (_, offset) => start + offset);
}

/**
 * The thumbnails: the `size` photos after the current one, wrapping past the last. Never the
 * current photo itself, and never one twice, so a set of 3 gives 2 thumbnails.
 */
export function thumbnailWindow(
  current: number,
  count: number,
  size = CAROUSEL_THUMBNAILS,
): number[] {
  const shown = Math.min(size, Math.max(count - 1, 0));
  return Array.from({ length: shown }, (_, offset) => wrapIndex(current + 1 + offset, count));
}
