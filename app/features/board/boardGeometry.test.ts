import { describe, expect, it } from 'vitest';
import { arrowKeyOffset, byReadingOrder, clampToBoard, expandedSize } from './boardGeometry';

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
