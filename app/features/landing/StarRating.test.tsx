import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './StarRating';

const fills = (rating: HTMLElement) =>
  Array.from(rating.children).map((star) =>
    Number(star.querySelector('[data-fill]')?.getAttribute('data-fill') ?? 0),
  );

describe('StarRating', () => {
  it('reads "Rated 4.5 out of 5" and draws four full stars and a half', () => {
    render(<StarRating rating={4.5} />);
    const rating = screen.getByRole('img', { name: 'Rated 4.5 out of 5' });
    expect(fills(rating)).toEqual([1, 1, 1, 1, 0.5]);
    const half = rating.querySelectorAll<HTMLElement>('[data-fill]')[4]!;
    expect(half.style.width).toBe('50%');
    // The drawing is for the eyes only; the label says it all.
    for (const star of Array.from(rating.children)) {
      expect(star.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('reads "Rated 5 out of 5" with five full stars', () => {
    render(<StarRating rating={5} />);
    expect(fills(screen.getByRole('img', { name: 'Rated 5 out of 5' }))).toEqual([1, 1, 1, 1, 1]);
  });
});
