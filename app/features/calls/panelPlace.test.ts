import { afterEach, describe, expect, it } from 'vitest';
import {
  clampPlace,
  defaultPlace,
  KEY_STEP,
  loadPlace,
  PANEL_MIN_WIDTH,
  placeAfterKey,
  savePlace,
} from './panelPlace';

const desktop = { width: 1440, height: 836 };
const phone = { width: 375, height: 611 };

describe('the call panel’s place', () => {
  afterEach(() => localStorage.clear());

  it('starts at the top right, a third of the board wide; on a phone, the whole width', () => {
    expect(defaultPlace(desktop)).toEqual({ x: 944, y: 16, width: 480, collapsed: false });
    const small = clampPlace(defaultPlace(phone), phone);
    expect(small.width).toBe(359);
    expect(small.x).toBe(8);
  });

  it('stays inside the board however it is dragged, with its header reachable', () => {
    const place = { x: 0, y: 0, width: 480, collapsed: false };
    expect(clampPlace({ ...place, x: -500, y: -500 }, desktop)).toMatchObject({ x: 8, y: 8 });
    const far = clampPlace({ ...place, x: 5000, y: 5000 }, desktop, 400);
    expect(far.x).toBe(1440 - 480 - 8);
    expect(far.y).toBe(836 - 44 - 8);
    // A window made smaller since: the panel is made to fit.
    expect(clampPlace({ ...place, width: 900 }, phone).width).toBe(359);
    expect(clampPlace({ ...place, width: 10 }, desktop).width).toBe(PANEL_MIN_WIDTH);
  });

  it('moves with the arrow keys and changes width with Shift', () => {
    const place = { x: 100, y: 100, width: 480, collapsed: false };
    expect(placeAfterKey(place, 'ArrowRight', false, desktop)).toMatchObject({
      x: 100 + KEY_STEP,
      y: 100,
    });
    expect(placeAfterKey(place, 'ArrowUp', false, desktop)).toMatchObject({ y: 100 - KEY_STEP });
    expect(placeAfterKey(place, 'ArrowLeft', true, desktop)).toMatchObject({
      width: 480 - KEY_STEP,
    });
    expect(placeAfterKey(place, 'ArrowUp', true, desktop)).toBeNull();
    expect(placeAfterKey(place, 'Enter', false, desktop)).toBeNull();
  });

  it('is kept for each person, and junk in storage gives the default', () => {
    const place = { x: 20, y: 30, width: 400, collapsed: true };
    savePlace('ana', place);
    expect(loadPlace('ana')).toEqual(place);
    expect(loadPlace('bruno')).toBeNull();
    localStorage.setItem('tripmates:call-panel:ana', '{"x":"left"}');
    expect(loadPlace('ana')).toBeNull();
    localStorage.setItem('tripmates:call-panel:ana', 'not json');
    expect(loadPlace('ana')).toBeNull();
  });
});
