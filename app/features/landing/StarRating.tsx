import { Star } from 'lucide-react';

const STAR_COUNT = 5;

/**
 * A rating out of five drawn as stars, halves included: each star is an outline with a filled
 * copy on top, clipped to the part earned. Assistive technology reads the label, not the stars.
 */
export function StarRating({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of ${STAR_COUNT}`} className="flex gap-0.5">
      {Array.from({ length: STAR_COUNT }, (_, index) => {
        const filled = Math.min(Math.max(rating - index, 0), 1);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, never reordered
          <span key={index} aria-hidden className="relative inline-flex size-5">
            <Star className="size-5 text-amber-500/40 dark:text-amber-400/35" strokeWidth={1.5} />
            {filled > 0 && (
              <span
                data-fill={filled}
                className="absolute inset-y-0 left-0 overflow-hidden"
                style={{ width: `${filled * 100}%` }}
              >
                <Star
                  className="size-5 fill-amber-500 text-amber-500 dark:fill-amber-400 dark:text-amber-400"
                  strokeWidth={1.5}
                />
              </span>
            )}
          </span>
        );
      })}
    </div>
  );
}
