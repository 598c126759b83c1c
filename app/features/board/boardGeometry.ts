export type Position = { top: number; left: number };
export type Size = { width: number; height: number };

/**
 * spec §4: a widget stays inside the board. Its top-left corner is kept where the whole widget
 * fits; a widget larger than the board sticks to the board's top or left edge.
 */
export function clampToBoard(position: Position, size: Size, board: Size): Position {
  const maxLeft = Math.max(0, board.width - size.width);
  const maxTop = Math.max(0, board.height - size.height);
  return {
    top: Math.round(Math.min(Math.max(0, position.top), maxTop)),
    left: Math.round(Math.min(Math.max(0, position.left), maxLeft)),
  };
}

// Arrow keys move a focused widget header by 10 px, with Shift by 50 px.
export const KEY_STEP = 10;
export const KEY_STEP_LARGE = 50;

const ARROWS: Record<string, Position> = {
  ArrowUp: { top: -1, left: 0 },
  ArrowDown: { top: 1, left: 0 },
  ArrowLeft: { top: 0, left: -1 },
  ArrowRight: { top: 0, left: 1 },
};

/** The move an arrow key asks for, or null for any other key. */
export function arrowKeyOffset(key: string, large: boolean): Position | null {
  const direction = ARROWS[key];
  if (!direction) return null;
  const step = large ? KEY_STEP_LARGE : KEY_STEP;
  return { top: direction.top * step, left: direction.left * step };
}

/** Reading order for the phone layout, where widgets stack: top to bottom, then left to right. */
export function byReadingOrder(a: Position, b: Position): number {
  return a.top - b.top || a.left - b.left;
}

/** spec §9: the expanded overlay is 80% of the viewport, at most 1200×800. */
export function expandedSize(viewport: Size): Size {
  return {
    width: Math.min(Math.round(viewport.width * 0.8), 1200),
    height: Math.min(Math.round(viewport.height * 0.8), 800),
  };
}

/** spec §9: widgets start at layer 10 and each one brought to the front goes above the rest. */
export const FIRST_LAYER = 10;
export const EXPANDED_LAYER = 999;

export type Rect = Position & Size;

/** Room kept between a new widget and the ones around it. */
const GAP = 16;
/** The grid the search for a free place walks, in px. */
const PLACE_STEP = 8;

const overlaps = (a: Rect, b: Rect) =>
  a.left < b.left + b.width + GAP &&
  b.left < a.left + a.width + GAP &&
  a.top < b.top + b.height + GAP &&
  b.top < a.top + a.height + GAP;

/**
 * Where a new widget of `size` goes (issue #17: every one landed at spec §4's 100/100, on top of
 * whatever was there): `start` when it is free, else the free place on the board nearest to it,
 * so a wide screen's empty side is used. When nothing is free, `start` (clamped), as before.
 */
export function freePlace(
  size: Size,
  taken: readonly Rect[],
  board: Size,
  start: Position,
): Position {
  const first = clampToBoard(start, size, board);
  const isFree = (top: number, left: number) =>
    !taken.some((rect) => overlaps({ top, left, ...size }, rect));
  if (isFree(first.top, first.left)) return first;
  let best: Position | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  const maxTop = Math.max(0, board.height - size.height);
  const maxLeft = Math.max(0, board.width - size.width);
  for (let top = 0; top <= maxTop; top += PLACE_STEP) {
    for (let left = 0; left <= maxLeft; left += PLACE_STEP) {
      const distance = (top - first.top) ** 2 + (left - first.left) ** 2;
      if (distance < bestDistance && isFree(top, left)) {
        best = { top, left };
        bestDistance = distance;
      }
    }
  }
  return best ?? first;
}
