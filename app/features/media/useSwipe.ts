import { type PointerEvent, useRef } from 'react';

// A finger has to travel this far sideways for a swipe; less is a tap.
const SWIPE_THRESHOLD_PX = 40;

/**
 * Sideways swipes on an element (the carousel's stage, the photo viewer), as pointer handlers to
 * spread onto it. The photo follows the finger: a swipe to the left brings the next one in from
 * the right. Give the element `touch-pan-y` so vertical pans stay the page's scroll.
 */
export function useSwipe({ onNext, onPrevious }: { onNext: () => void; onPrevious: () => void }) {
  const swipe = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      swipe.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const start = swipe.current;
      if (!start || start.pointerId !== event.pointerId) return;
      swipe.current = null;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      // Mostly sideways and far enough; a finger's way down the page is the page's scroll.
      if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) onNext();
      else onPrevious();
    },
    // A swipe the browser takes over (a scroll) is no swipe.
    onPointerCancel() {
      swipe.current = null;
    },
  };
}
