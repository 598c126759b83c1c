import { describe, expect, it } from 'vitest';
import { dotWindow, thumbnailWindow, wrapIndex } from './carouselWindow';

describe('wrapIndex', () => {
  it('wraps both ways round', () => {
    expect(wrapIndex(0, 8)).toBe(0);
    expect(wrapIndex(8, 8)).toBe(0);
    expect(wrapIndex(9, 8)).toBe(1);
    expect(wrapIndex(-1, 8)).toBe(7);
    expect(wrapIndex(-9, 8)).toBe(7);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe('dotWindow (5 dots)', () => {
  it('keeps the current photo in the middle dot away from the ends', () => {
    expect(dotWindow(2, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(dotWindow(3, 8)).toEqual([1, 2, 3, 4, 5]);
    expect(dotWindow(4, 8)).toEqual([2, 3, 4, 5, 6]);
    expect(dotWindow(5, 8)).toEqual([3, 4, 5, 6, 7]);
  });

  it('stops at either end instead of wrapping', () => {
    expect(dotWindow(0, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(dotWindow(1, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(dotWindow(6, 8)).toEqual([3, 4, 5, 6, 7]);
    expect(dotWindow(7, 8)).toEqual([3, 4, 5, 6, 7]);
  });

  it('always includes the current photo', () => {
    for (let count = 1; count <= 12; count += 1) {
      for (let current = 0; current < count; current += 1) {
        expect(dotWindow(current, count)).toContain(current);
      }
    }
  });

  it('gives one dot a photo when there are 5 or fewer', () => {
    expect(dotWindow(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(dotWindow(2, 3)).toEqual([0, 1, 2]);
    expect(dotWindow(0, 1)).toEqual([0]);
    expect(dotWindow(0, 0)).toEqual([]);
  });
});

describe('thumbnailWindow (4 thumbnails)', () => {
  it('shows the 4 photos after the current one, wrapping past the last', () => {
    expect(thumbnailWindow(0, 8)).toEqual([1, 2, 3, 4]);
    expect(thumbnailWindow(5, 8)).toEqual([6, 7, 0, 1]);
    expect(thumbnailWindow(7, 8)).toEqual([0, 1, 2, 3]);
  });

  it('never shows the current photo or one twice in a small set', () => {
    expect(thumbnailWindow(0, 5)).toEqual([1, 2, 3, 4]);
    expect(thumbnailWindow(1, 3)).toEqual([2, 0]);
    expect(thumbnailWindow(0, 1)).toEqual([]);
    expect(thumbnailWindow(0, 0)).toEqual([]);
  });
});
