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

type Measured = { widget: Size; board: Size; scale: number };

type Options = {
  enabled: boolean;
  /** Where the widget is shown now. */
  position: Position;
  /**
   * The widget's and the board's sizes at the start of a drag, for the clamp, and the board's
   * zoom (a pointer moving 10 px on screen moves the widget 10 / zoom px on the board).
   */
  measure: () => Measured | null;
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
  const sizes = useRef<Measured | null>(null);
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

  /** Where the widget is with the pointer at the event's point. */
  function follow(current: Drag, event: PointerEvent<HTMLElement>, measured: Measured) {
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    return clampToBoard(
      {
        top: current.origin.top + dy / measured.scale,
        left: current.origin.left + dx / measured.scale,
      },
      measured.widget,
      measured.board,
    );
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId || !sizes.current) return;
    const moved = Math.hypot(event.clientX - current.startX, event.clientY - current.startY);
    if (!current.moved && moved < DRAG_THRESHOLD_PX) return;
    if (!current.moved) {
      current.moved = true;
      setDragging(true);
    }
    current.last = follow(current, event, sizes.current);
    onMove(current.last);
  }

  function finish(event: PointerEvent<HTMLElement>, drop: boolean) {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    // The drop is where the pointer was let go: a last move the browser folded into the release
    // never came as a move of its own.
    if (drop && current.moved && sizes.current) {
      const final = follow(current, event, sizes.current);
      if (final.top !== current.last.top || final.left !== current.last.left) {
        current.last = final;
        onMove(final);
      }
    }
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
