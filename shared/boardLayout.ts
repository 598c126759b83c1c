import { type WidgetType, widgetSize } from './contracts/board';

export type Position = { top: number; left: number };
export type Size = { width: number; height: number };
export type Rect = Position & Size;

/** spec §4: an added widget starts at top 100, left 100 (of the part of the board in view). */
export const NEW_WIDGET_OFFSET = 100;
/** Room kept between widgets, and between the widgets and the board's edges. */
export const WIDGET_GAP = 16;
export const BOARD_MARGIN = 24;
/**
 * The board grows with its widgets up to this many px each way (issue #38), well inside what a
 * position may be (shared/contracts/board.ts): room for any trip, and a bound a bad drag cannot
 * push past.
 */
export const BOARD_MAX = 20_000;
/** The grid a search for a free place walks, in px. */
const PLACE_STEP = 8;

/** Where a widget of this kind stands on the board. */
export function widgetRect(widget: { type: WidgetType; position: Position }): Rect {
  return { top: widget.position.top, left: widget.position.left, ...widgetSize(widget.type) };
}

/** Whether `a` and `b` come closer than `gap` px (0: whether they overlap at all). */
export function tooClose(a: Rect, b: Rect, gap = WIDGET_GAP): boolean {
  return (
    a.left < b.left + b.width + gap &&
    b.left < a.left + a.width + gap &&
    a.top < b.top + b.height + gap &&
    b.top < a.top + a.height + gap
  );
}

/** `from`, `from + PLACE_STEP` … up to `to`, and `to` itself; and `also`, when in between. */
function steps(from: number, to: number, also: number): number[] {
  const points: number[] = also > from && also < to ? [also] : [];
  for (let at = from; at < to; at += PLACE_STEP) points.push(at);
  points.push(Math.max(from, to));
  return points;
}

/**
 * The place for a widget of `size` inside `region`, a gap away from every one of `taken`,
 * nearest to `start`; null when there is none.
 */
export function freePlaceIn(
  size: Size,
  taken: readonly Rect[],
  region: Rect,
  start: Position,
): Position | null {
  const fits = (top: number, left: number) =>
    !taken.some((rect) => tooClose({ top, left, ...size }, rect));
  if (
    start.top >= region.top &&
    start.left >= region.left &&
    start.top + size.height <= region.top + region.height &&
    start.left + size.width <= region.left + region.width &&
    fits(start.top, start.left)
  ) {
    return start;
  }
  let best: Position | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const top of steps(region.top, region.top + region.height - size.height, start.top)) {
    for (const left of steps(region.left, region.left + region.width - size.width, start.left)) {
      const distance = (top - start.top) ** 2 + (left - start.left) ** 2;
      if (distance < bestDistance && fits(top, left)) {
        best = { top, left };
        bestDistance = distance;
      }
    }
  }
  return best;
}

/**
 * Where a new (or restored) widget goes (issue #38: none ever lands on another): spec §4's
 * 100/100 of the part of the board in `view` when it is free, else the free place in view
 * nearest to it, else the board grows: below every widget, at the view's left.
 */
export function placeWidget(size: Size, taken: readonly Rect[], view: Rect): Position {
  const inView: Rect = {
    top: Math.max(0, view.top),
    left: Math.max(0, view.left),
    width: view.width,
    height: view.height,
  };
  const start = { top: inView.top + NEW_WIDGET_OFFSET, left: inView.left + NEW_WIDGET_OFFSET };
  const free = freePlaceIn(size, taken, inView, start);
  if (free) return free;
  const bottom = Math.max(0, ...taken.map((rect) => rect.top + rect.height));
  return {
    top: Math.min(bottom + WIDGET_GAP * 2, BOARD_MAX - size.height),
    left: inView.left + BOARD_MARGIN,
  };
}

/**
 * Tidy up (issue #38): every widget laid out without overlaps, in reading order (top to bottom,
 * then left to right, as they were), in rows that fill `width` from the board's top left. Each
 * row is as tall as its tallest widget; a widget wider than `width` has a row of its own.
 */
export function tidyLayout<T extends { id: string } & Rect>(
  widgets: readonly T[],
  width: number,
): Map<string, Position> {
  const ordered = [...widgets].sort((a, b) => a.top - b.top || a.left - b.left);
  const placed = new Map<string, Position>();
  let top = BOARD_MARGIN;
  let left = BOARD_MARGIN;
  let rowHeight = 0;
  for (const widget of ordered) {
    if (left > BOARD_MARGIN && left + widget.width > width - BOARD_MARGIN) {
      top += rowHeight + WIDGET_GAP * 2;
      left = BOARD_MARGIN;
      rowHeight = 0;
    }
    placed.set(widget.id, { top, left });
    left += widget.width + WIDGET_GAP * 2;
    rowHeight = Math.max(rowHeight, widget.height);
  }
  return placed;
}
