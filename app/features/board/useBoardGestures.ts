import { type PointerEvent, type RefObject, useEffect, useRef } from 'react';
import type { BoardView } from './useBoardView';

type Pan = { pointerId: number; x: number; y: number; left: number; top: number };

/** Whether a press starts on the board itself rather than on a widget, a control or a scroll bar. */
function onEmptyBoard(event: PointerEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  // A press in a widget's portal (a menu, a dialog) reaches the board through React's tree, not
  // the page's: it is not on the board, and capturing its pointer would take its click away.
  if (!event.currentTarget.contains(target)) return false;
  if (target.closest('[data-widget-id], button, a, input, textarea, select, [role="dialog"]')) {
    return false;
  }
  const viewport = event.currentTarget;
  const box = viewport.getBoundingClientRect();
  // A press on a scroll bar is the scroll bar's.
  return (
    event.clientX - box.left < viewport.clientWidth &&
    event.clientY - box.top < viewport.clientHeight
  );
}

/**
 * What the board's viewport does with a pointer besides scrolling (issue #38): a mouse or pen
 * dragging empty space pans the board, and two fingers pinching zoom it (one finger scrolls, as
 * the browser does). Touch events for the pinch: the browser's own panning cancels a finger's
 * pointer events, not its touch events.
 */
export function useBoardGestures(viewport: RefObject<HTMLElement | null>, view: BoardView) {
  const pan = useRef<Pan | null>(null);
  const zoomBy = view.zoomBy;

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    let lastDistance: number | null = null;
    const pinch = (event: TouchEvent) => {
      const [a, b] = [event.touches[0], event.touches[1]];
      if (event.touches.length !== 2 || !a || !b) {
        lastDistance = null;
        return;
      }
      const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
      if (lastDistance && distance > 0) {
        zoomBy(distance / lastDistance, {
          clientX: (a.clientX + b.clientX) / 2,
          clientY: (a.clientY + b.clientY) / 2,
        });
      }
      lastDistance = distance;
    };
    const end = () => {
      lastDistance = null;
    };
    element.addEventListener('touchstart', pinch, { passive: true });
    element.addEventListener('touchmove', pinch, { passive: true });
    element.addEventListener('touchend', end, { passive: true });
    element.addEventListener('touchcancel', end, { passive: true });
    return () => {
      element.removeEventListener('touchstart', pinch);
      element.removeEventListener('touchmove', pinch);
      element.removeEventListener('touchend', end);
      element.removeEventListener('touchcancel', end);
    };
  }, [viewport, zoomBy]);

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType === 'touch' || event.button !== 0 || !onEmptyBoard(event)) return;
      const element = event.currentTarget;
      element.setPointerCapture?.(event.pointerId);
      pan.current = {
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        left: element.scrollLeft,
        top: element.scrollTop,
      };
      element.dataset.panning = '';
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = pan.current;
      if (!current || current.pointerId !== event.pointerId) return;
      event.currentTarget.scrollTo({
        left: current.left - (event.clientX - current.x),
        top: current.top - (event.clientY - current.y),
      });
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (pan.current?.pointerId !== event.pointerId) return;
      pan.current = null;
      delete event.currentTarget.dataset.panning;
    },
  };
}
