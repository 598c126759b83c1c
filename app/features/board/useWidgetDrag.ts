import { type PointerEvent, useRef, useState } from 'react';
import { clampToBoard, type Position, type Size } from './boardGeometry';

// A press that moves less than this is a click (it only brings the widget to the front).
const DRAG_THRESHOLD_PX = 3;

type Drag = {
  pointerId: number;
  startX: number;
  startY: number;
  origin: Position;
  last: Position;
  moved: boolean;
};

type Options = {
  enabled: boolean;
  /** Where the widget is shown now. */
  position: Position;
  /** The widget's and the board's sizes at the start of a drag, for the clamp. */
  measure: () => { widget: Size; board: Size } | null;
  /** Each step of a drag, to show the widget there. */
  onMove: (position: Position) => void;
  /** The drop: the position to save. Not called for a click. */
  onDrop: (position: Position) => void;
  /** A drag the browser cancelled: the widget goes back to where it was. */
  onCancel: () => void;
};

/**
 * Drags a widget by its header with a mouse, a pen or a finger (Pointer Events cover all three;
 * the header has `touch-action: none` so a finger drags rather than scrolls). The pointer is
 * captured, so the drag follows it outside the header and ends wherever it is let go.
 */
export function useWidgetDrag({ enabled, position, measure, onMove, onDrop, onCancel }: Options) {
  const drag = useRef<Drag | null>(null);
  const sizes = useRef<{ widget: Size; board: Size } | null>(null);
  const [dragging, setDragging] = useState(false);

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (!enabled || drag.current) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // The header's own buttons (expand, remove) keep their clicks.
    if ((event.target as HTMLElement).closest('[data-no-drag]')) return;
    sizes.current = measure();
    if (!sizes.current) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      origin: position,
      last: position,
      moved: false,
    };
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId || !sizes.current) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    if (!current.moved) {
      current.moved = true;
      setDragging(true);
    }
    current.last = clampToBoard(
      { top: current.origin.top + dy, left: current.origin.left + dx },
      sizes.current.widget,
      sizes.current.board,
    );
    onMove(current.last);
  }

  function finish(event: PointerEvent<HTMLElement>, drop: boolean) {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    drag.current = null;
    setDragging(false);
    if (current.moved && drop) onDrop(current.last);
    else if (current.moved) onCancel();
  }

  return {
    dragging,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<HTMLElement>) => finish(event, true),
      // The browser took the pointer away (a system gesture): the widget goes back.
      onPointerCancel: (event: PointerEvent<HTMLElement>) => finish(event, false),
    },
  };
}
