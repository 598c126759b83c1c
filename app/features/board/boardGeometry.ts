import { BOARD_MAX, type Position, type Size } from '../../../shared/boardLayout';

export type { Position, Size };

/** The canvas a widget is kept on (issue #38: it grows with the widgets, up to BOARD_MAX). */
export const CANVAS: Size = { width: BOARD_MAX, height: BOARD_MAX };

/**
 * spec §4, issue #38: a widget stays on the canvas. Its top-left corner is kept where the whole
 * widget fits; a widget larger than the canvas sticks to its top or left edge.
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
