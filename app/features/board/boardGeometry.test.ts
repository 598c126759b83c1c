import { describe, expect, it } from 'vitest';
import {
  arrowKeyOffset,
  BOARD_MARGIN,
  byReadingOrder,
  clampToBoard,
  expandedSize,
  fitOnBoard,
  freePlace,
  type Rect,
} from './boardGeometry';

const board = { width: 1000, height: 700 };
const widget = { width: 300, height: 200 };

describe('clampToBoard', () => {
  it('leaves a position inside the board as it is, rounded to whole pixels', () => {
    expect(clampToBoard({ top: 120.4, left: 80.6 }, widget, board)).toEqual({ top: 120, left: 81 });
  });

  it('keeps the whole widget inside on every side', () => {
    expect(clampToBoard({ top: -50, left: -10 }, widget, board)).toEqual({ top: 0, left: 0 });
    expect(clampToBoard({ top: 650, left: 900 }, widget, board)).toEqual({ top: 500, left: 700 });
  });

  it('pins a widget larger than the board to the top-left edges', () => {
    expect(clampToBoard({ top: 40, left: 40 }, { width: 1200, height: 900 }, board)).toEqual({
      top: 0,
      left: 0,
    });
  });
});

describe('fitOnBoard', () => {
  it('leaves a widget that fits where it is, even against the edge', () => {
    expect(fitOnBoard({ top: 24, left: 500 }, widget, board)).toEqual({ top: 24, left: 500 });
    expect(fitOnBoard({ top: 24, left: 700 }, widget, board)).toEqual({ top: 24, left: 700 });
  });

  it('brings one placed for a wider screen in with the margin, not against the edge', () => {
    // The default board's photos: left 1016 on a 1440-px board, here 1000 px wide.
    expect(fitOnBoard({ top: 24, left: 1016 }, widget, board)).toEqual({
      top: 24,
      left: 1000 - 300 - BOARD_MARGIN,
    });
    expect(fitOnBoard({ top: 24, left: 701 }, widget, board).left).toBe(676);
  });

  it('still keeps a widget wider than the board at its left edge', () => {
    expect(fitOnBoard({ top: 0, left: 400 }, { width: 1200, height: 50 }, board).left).toBe(0);
  });
});

describe('arrowKeyOffset', () => {
  it('moves 10 px per arrow, 50 px with Shift, and ignores other keys', () => {
    expect(arrowKeyOffset('ArrowRight', false)).toEqual({ top: 0, left: 10 });
    expect(arrowKeyOffset('ArrowUp', true)).toEqual({ top: -50, left: 0 });
    expect(arrowKeyOffset('ArrowDown', false)).toEqual({ top: 10, left: 0 });
    expect(arrowKeyOffset('ArrowLeft', true)).toEqual({ top: 0, left: -50 });
    expect(arrowKeyOffset('Enter', false)).toBeNull();
  });
});

describe('byReadingOrder', () => {
  it('sorts top to bottom, then left to right', () => {
    const sorted = [
      { id: 'c', top: 340, left: 10 },
      { id: 'b', top: 96, left: 400 },
      { id: 'a', top: 96, left: 32 },
    ].sort(byReadingOrder);
    expect(sorted.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('expandedSize', () => {
  it('is 80% of the viewport, at most 1200×800', () => {
    expect(expandedSize({ width: 1000, height: 700 })).toEqual({ width: 800, height: 560 });
    expect(expandedSize({ width: 2560, height: 1440 })).toEqual({ width: 1200, height: 800 });
    expect(expandedSize({ width: 375, height: 812 })).toEqual({ width: 300, height: 650 });
  });
});

// Issue #17: every new widget landed at 100/100, on top of whatever was there.
describe('freePlace', () => {
  const board = { width: 1440, height: 800 };
  const size = { width: 320, height: 380 };
  const start = { top: 100, left: 100 };
  const apart = (a: Rect, b: Rect) =>
    a.left + a.width <= b.left ||
    b.left + b.width <= a.left ||
    a.top + a.height <= b.top ||
    b.top + b.height <= a.top;

  it('keeps spec §4’s 100/100 when it is free', () => {
    expect(freePlace(size, [], board, start)).toEqual(start);
    expect(
      freePlace(size, [{ top: 600, left: 1000, width: 200, height: 100 }], board, start),
    ).toEqual(start);
  });

  it('moves to the nearest free place, clear of every widget, inside the board', () => {
    const taken: Rect[] = [
      { top: 24, left: 24, width: 280, height: 220 },
      { top: 24, left: 330, width: 250, height: 260 },
      { top: 300, left: 24, width: 320, height: 380 },
    ];
    const place = freePlace(size, taken, board, start);
    const placed = { ...place, ...size };
    for (const rect of taken) expect(apart(placed, rect)).toBe(true);
    expect(place.left + size.width).toBeLessThanOrEqual(board.width);
    expect(place.top + size.height).toBeLessThanOrEqual(board.height);
    // The nearest free place to 100/100: under the second widget, right of the third.
    expect(place).toEqual({ top: 304, left: 360 });
  });

  it('uses a wide screen’s empty right side when the left is full', () => {
    const leftHalfFull: Rect[] = [{ top: 0, left: 0, width: 720, height: 800 }];
    const place = freePlace(size, leftHalfFull, board, start);
    expect(place.left).toBeGreaterThanOrEqual(720);
  });

  it('on a full board, takes the place that covers the least of the others', () => {
    const full: Rect[] = [
      { top: 0, left: 0, width: 1440, height: 500 },
      { top: 500, left: 0, width: 700, height: 300 },
    ];
    const place = freePlace(size, full, board, start);
    // Bottom right: it covers only the strip of the top widget it must (380 > 300 free).
    expect(place.left).toBeGreaterThanOrEqual(700);
    expect(place.top).toBe(board.height - size.height);
  });
});
