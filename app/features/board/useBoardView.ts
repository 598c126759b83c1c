import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { BOARD_MARGIN, type Position, type Rect, type Size } from '../../../shared/boardLayout';

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 1.5;
/** One press of a zoom button or key, or one notch of Ctrl + wheel, zooms by this much. */
export const ZOOM_STEP = 1.25;
// A pixel of wheel (or trackpad pinch, which Chrome sends as Ctrl + wheel) zooms by this much.
const WHEEL_ZOOM_PER_PX = 0.0025;

export const clampZoom = (zoom: number) =>
  Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) * 1000) / 1000;

/**
 * The zoom at which all of `content` fits in a viewport of `size`, with a margin, never above
 * 100 % (Fit all shows a small board as it is).
 */
export function fitZoom(content: Rect, size: Size): number {
  const margin = BOARD_MARGIN * 2;
  return clampZoom(
    Math.min(
      1,
      (size.width - margin) / Math.max(1, content.width),
      (size.height - margin) / Math.max(1, content.height),
    ),
  );
}

/** The smallest rectangle holding all of `rects` (null for none). */
export function boundsOf(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const top = Math.min(...rects.map((rect) => rect.top));
  const left = Math.min(...rects.map((rect) => rect.left));
  const bottom = Math.max(...rects.map((rect) => rect.top + rect.height));
  const right = Math.max(...rects.map((rect) => rect.left + rect.width));
  return { top, left, width: right - left, height: bottom - top };
}

export type BoardView = {
  zoom: number;
  /** The part of the board in view, in board coordinates. */
  visible: () => Rect | null;
  /** A point on screen in board coordinates (the same on every member's screen). */
  toBoard: (clientX: number, clientY: number) => Position | null;
  /** Zooms by `factor` keeping the board point under `at` (client coordinates) in place. */
  zoomBy: (factor: number, at?: { clientX: number; clientY: number }) => void;
  /** Shows the whole of `content`, as large as fits (Fit all). */
  fit: (content: Rect | null) => void;
  /** Puts a board point in the middle of the view (the overview, "go to Ana"). */
  centreOn: (point: Position) => void;
};

/**
 * The board's camera (issue #38): the board is a canvas larger than the window inside a
 * scrolling viewport, so panning is the browser's own scrolling (scroll bars, wheel, trackpad,
 * a finger, the arrow keys once the board has focus) and a drag on empty space; zoom scales the
 * canvas (Ctrl/⌘ + wheel or a trackpad pinch at the pointer, two fingers on a touch screen, the
 * buttons). `viewport` is the scrolling element.
 */
export function useBoardView(viewport: RefObject<HTMLElement | null>): BoardView {
  const [zoom, setZoom] = useState(1);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  // Where the viewport should scroll once the new zoom has resized the canvas (in the effect).
  const pendingScroll = useRef<Position | null>(null);

  useEffect(() => {
    const element = viewport.current;
    const scroll = pendingScroll.current;
    if (!element || !scroll) return;
    pendingScroll.current = null;
    element.scrollTo({ left: scroll.left, top: scroll.top });
  });

  // A new function at each zoom, so what shows the visible part reads it again.
  const visible = useCallback((): Rect | null => {
    const element = viewport.current;
    if (!element) return null;
    return {
      top: element.scrollTop / zoom,
      left: element.scrollLeft / zoom,
      width: element.clientWidth / zoom,
      height: element.clientHeight / zoom,
    };
  }, [viewport, zoom]);

  const toBoard = useCallback(
    (clientX: number, clientY: number): Position | null => {
      const element = viewport.current;
      if (!element) return null;
      const box = element.getBoundingClientRect();
      const scale = zoomRef.current;
      return {
        top: (clientY - box.top + element.scrollTop) / scale,
        left: (clientX - box.left + element.scrollLeft) / scale,
      };
    },
    [viewport],
  );

  const zoomTo = useCallback((next: number, anchor: { x: number; y: number; board: Position }) => {
    const clamped = clampZoom(next);
    if (clamped === zoomRef.current) return;
    pendingScroll.current = {
      left: anchor.board.left * clamped - anchor.x,
      top: anchor.board.top * clamped - anchor.y,
    };
    zoomRef.current = clamped;
    setZoom(clamped);
  }, []);

  const zoomBy = useCallback(
    (factor: number, at?: { clientX: number; clientY: number }) => {
      const element = viewport.current;
      if (!element) return;
      const box = element.getBoundingClientRect();
      // Without a pointer, the middle of the view stays where it is.
      const x = at ? at.clientX - box.left : element.clientWidth / 2;
      const y = at ? at.clientY - box.top : element.clientHeight / 2;
      const scale = zoomRef.current;
      const board = {
        left: (x + element.scrollLeft) / scale,
        top: (y + element.scrollTop) / scale,
      };
      zoomTo(scale * factor, { x, y, board });
    },
    [viewport, zoomTo],
  );

  const centreAt = useCallback(
    (point: Position, scale: number) => {
      const element = viewport.current;
      if (!element) return;
      const target = {
        left: point.left * scale - element.clientWidth / 2,
        top: point.top * scale - element.clientHeight / 2,
      };
      if (scale === zoomRef.current) element.scrollTo(target);
      else {
        pendingScroll.current = target;
        zoomRef.current = scale;
        setZoom(scale);
      }
    },
    [viewport],
  );

  const centreOn = useCallback((point: Position) => centreAt(point, zoomRef.current), [centreAt]);

  const fit = useCallback(
    (content: Rect | null) => {
      const element = viewport.current;
      if (!element || !content) return;
      const scale = fitZoom(content, { width: element.clientWidth, height: element.clientHeight });
      centreAt(
        { left: content.left + content.width / 2, top: content.top + content.height / 2 },
        scale,
      );
    },
    [viewport, centreAt],
  );

  // Ctrl/⌘ + wheel (and a trackpad's pinch, which arrives as one) zooms at the pointer instead
  // of zooming the page; a plain wheel scrolls as ever. Not passive, so it can be taken.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoomBy(Math.exp(-pixels * WHEEL_ZOOM_PER_PX), event);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [viewport, zoomBy]);

  return { zoom, visible, toBoard, zoomBy, fit, centreOn };
}

/** The part of the board in view, kept current as it scrolls, zooms or is resized. */
export function useVisibleArea(
  viewport: RefObject<HTMLElement | null>,
  view: BoardView,
  size: Size | null,
): Rect | null {
  const [visible, setVisible] = useState<Rect | null>(null);
  const read = view.visible;
  useEffect(() => {
    const element = viewport.current;
    if (!element || !size) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible(read()));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', update);
    };
  }, [viewport, read, size]);
  return visible;
}
