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

/** The space the default board keeps between its widgets and the board's edges. */
export const BOARD_MARGIN = 24;

/**
 * A saved position drawn on this board: clamped into it, and one that would stick out past the
 * right edge (placed on a wider screen: the default board is laid out for 1440 px) comes in with
 * BOARD_MARGIN to spare rather than touching the edge. One that fits is left exactly where it is,
 * so a widget dropped against the edge stays there.
 */
export function fitOnBoard(position: Position, size: Size, board: Size): Position {
  const overflows = position.left + size.width > board.width;
  const left = overflows ? board.width - size.width - BOARD_MARGIN : position.left;
  return clampToBoard({ top: position.top, left }, size, board);
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

/** 0, PLACE_STEP, 2 × PLACE_STEP … up to `max`, and `max` itself (the far edge). */
function gridTo(max: number): number[] {
  const points: number[] = [];
  for (let at = 0; at < max; at += PLACE_STEP) points.push(at);
  points.push(Math.max(0, max));
  return points;
}

/** How much of `a` (grown by the gap) lies over `b`, in px². */
function overlapArea(a: Rect, b: Rect) {
  const width = Math.min(a.left + a.width + GAP, b.left + b.width) - Math.max(a.left - GAP, b.left);
  const height = Math.min(a.top + a.height + GAP, b.top + b.height) - Math.max(a.top - GAP, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Where a new widget of `size` goes (issue #17: every one landed at spec §4's 100/100, on top of
 * whatever was there): `start` when it is free, else the free place on the board nearest to it,
 * so a wide screen's empty side is used. On a board with no room left, the place that covers
 * the least of the others.
 */
export function freePlace(
  size: Size,
  taken: readonly Rect[],
  board: Size,
  start: Position,
): Position {
  const first = clampToBoard(start, size, board);
  const covered = (top: number, left: number) =>
    taken.reduce((sum, rect) => sum + overlapArea({ top, left, ...size }, rect), 0);
  if (covered(first.top, first.left) === 0) return first;
  let best = first;
  let bestCovered = covered(first.top, first.left);
  let bestDistance = 0;
  for (const top of gridTo(board.height - size.height)) {
    for (const left of gridTo(board.width - size.width)) {
      const area = covered(top, left);
      const distance = (top - first.top) ** 2 + (left - first.left) ** 2;
      if (area < bestCovered || (area === bestCovered && distance < bestDistance)) {
        best = { top, left };
        bestCovered = area;
        bestDistance = distance;
      }
    }
  }
  return best;
}
