import { describe, expect, it } from 'vitest';
import {
  BOARD_MARGIN,
  freePlaceIn,
  placeWidget,
  type Rect,
  tidyLayout,
  tooClose,
  WIDGET_GAP,
  widgetRect,
} from './boardLayout';
import { WIDGET_TYPES, widgetSize } from './contracts/board';

const size = { width: 320, height: 380 };
const view: Rect = { top: 0, left: 0, width: 1440, height: 836 };
const overlap = (a: Rect, b: Rect) => tooClose(a, b, 0);

describe('widget sizes', () => {
  it('gives every kind a size, the spec’s widths for its five (the weather at its widest)', () => {
    for (const type of WIDGET_TYPES) expect(widgetSize(type).height).toBeGreaterThan(100);
    expect(widgetSize('countdown').width).toBe(280);
    expect(widgetSize('flight').width).toBe(350);
    expect(widgetSize('weather').width).toBe(300);
    expect(widgetSize('todo').width).toBe(320);
    expect(widgetSize('photo').width).toBe(400);
  });
});

describe('freePlaceIn', () => {
  it('keeps the start when it is free, and finds the nearest free place when not', () => {
    expect(freePlaceIn(size, [], view, { top: 100, left: 100 })).toEqual({ top: 100, left: 100 });
    const taken: Rect[] = [{ top: 24, left: 24, width: 600, height: 600 }];
    const place = freePlaceIn(size, taken, view, { top: 100, left: 100 })!;
    expect(overlap({ ...place, ...size }, taken[0]!)).toBe(false);
    // Right of it, a gap away, as near the start as can be.
    expect(place).toEqual({ top: 100, left: 24 + 600 + WIDGET_GAP });
  });

  it('answers null when the region has no room', () => {
    const full: Rect[] = [{ top: 0, left: 0, width: 1440, height: 836 }];
    expect(freePlaceIn(size, full, view, { top: 100, left: 100 })).toBeNull();
  });
});

describe('placeWidget', () => {
  it('puts a new widget at spec §4’s 100/100 of the view when that is free', () => {
    expect(placeWidget(size, [], view)).toEqual({ top: 100, left: 100 });
    const scrolled = { ...view, top: 1000, left: 500 };
    expect(placeWidget(size, [], scrolled)).toEqual({ top: 1100, left: 600 });
  });

  it('grows the board below everything when the view has no room', () => {
    const full: Rect[] = [{ top: 0, left: 0, width: 1440, height: 836 }];
    const place = placeWidget(size, full, view);
    expect(place.top).toBeGreaterThanOrEqual(836 + WIDGET_GAP);
    expect(place.left).toBe(BOARD_MARGIN);
  });

  it('never lands one widget on another: every kind twice on a new board, at two window sizes', () => {
    for (const window of [
      { width: 1440, height: 836 },
      { width: 1280, height: 656 },
    ]) {
      const placed: Rect[] = [];
      for (const type of [...WIDGET_TYPES, ...WIDGET_TYPES]) {
        const where = placeWidget(widgetSize(type), placed, { top: 0, left: 0, ...window });
        placed.push(widgetRect({ type, position: where }));
      }
      for (const [index, a] of placed.entries()) {
        for (const b of placed.slice(index + 1)) expect(overlap(a, b)).toBe(false);
      }
    }
  });
});

describe('tidyLayout', () => {
  it('lays every widget out without overlaps, in reading order, in rows as wide as asked', () => {
    const widgets = [
      { id: 'c', top: 500, left: 0, width: 300, height: 200 },
      { id: 'a', top: 0, left: 0, width: 400, height: 300 },
      { id: 'b', top: 0, left: 10, width: 400, height: 100 },
      { id: 'd', top: 600, left: 0, width: 400, height: 100 },
    ];
    const laidOut = tidyLayout(widgets, 1000);
    expect(laidOut.get('a')).toEqual({ top: BOARD_MARGIN, left: BOARD_MARGIN });
    expect(laidOut.get('b')).toEqual({
      top: BOARD_MARGIN,
      left: BOARD_MARGIN + 400 + 2 * WIDGET_GAP,
    });
    // The first row is as tall as its tallest widget (a, 300 px).
    expect(laidOut.get('c')).toEqual({
      top: BOARD_MARGIN + 300 + 2 * WIDGET_GAP,
      left: BOARD_MARGIN,
    });
    const rects = widgets.map((widget) => ({ ...widget, ...laidOut.get(widget.id)! }));
    for (const [index, a] of rects.entries()) {
      for (const b of rects.slice(index + 1)) expect(overlap(a, b)).toBe(false);
      expect(a.left + a.width).toBeLessThanOrEqual(1000);
    }
  });

  it('gives a widget wider than the row a row of its own', () => {
    const laidOut = tidyLayout(
      [
        { id: 'wide', top: 0, left: 0, width: 900, height: 100 },
        { id: 'next', top: 10, left: 0, width: 100, height: 100 },
      ],
      600,
    );
    expect(laidOut.get('next')?.left).toBe(BOARD_MARGIN);
  });
});
