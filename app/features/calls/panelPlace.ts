import { z } from 'zod';

/** Where the call panel floats over the board, in px from the board's top left corner. */
export type PanelPlace = { x: number; y: number; width: number; collapsed: boolean };
export type Area = { width: number; height: number };

// The smallest panel that still shows a face, and the widest worth having.
export const PANEL_MIN_WIDTH = 240;
export const PANEL_MAX_WIDTH = 960;
const MARGIN = 8;
// What stays on screen of a panel pushed to an edge: its header, to drag it back.
const HEADER = 44;
// The steps of the keyboard: arrows move, Shift + arrows change the width.
export const KEY_STEP = 24;

// Below this board width (phones) the panel takes the whole width.
const NARROW = 640;

/** The panel's first place: the top right corner of the board, a third of it wide (phones: all). */
export function defaultPlace(area: Area): PanelPlace {
  const wanted = area.width < NARROW ? area.width : Math.round(area.width / 3);
  const width = clampWidth(wanted, area);
  return { x: area.width - width - MARGIN * 2, y: MARGIN * 2, width, collapsed: false };
}

function clampWidth(width: number, area: Area) {
  const widest = Math.max(PANEL_MIN_WIDTH, Math.min(PANEL_MAX_WIDTH, area.width - MARGIN * 2));
  return Math.round(Math.min(widest, Math.max(Math.min(PANEL_MIN_WIDTH, widest), width)));
}

/**
 * The place kept inside the board (which starts under the top bar, so the panel never covers
 * it): as wide as fits, and never further out than its header, whatever the window became since.
 */
export function clampPlace(place: PanelPlace, area: Area, height = HEADER): PanelPlace {
  const width = clampWidth(place.width, area);
  const maxX = Math.max(MARGIN, area.width - width - MARGIN);
  const maxY = Math.max(MARGIN, area.height - Math.min(height, HEADER) - MARGIN);
  return {
    ...place,
    width,
    x: Math.round(Math.min(maxX, Math.max(MARGIN, place.x))),
    y: Math.round(Math.min(maxY, Math.max(MARGIN, place.y))),
  };
}

/** Arrow keys on the panel's handle: move it, or with Shift make it wider or narrower. */
export function placeAfterKey(
  place: PanelPlace,
  key: string,
  shift: boolean,
  area: Area,
): PanelPlace | null {
  const step: Record<string, [number, number]> = {
    ArrowLeft: [-KEY_STEP, 0],
    ArrowRight: [KEY_STEP, 0],
    ArrowUp: [0, -KEY_STEP],
    ArrowDown: [0, KEY_STEP],
  };
  const move = step[key];
  if (!move) return null;
  const [dx, dy] = move;
  if (shift) {
    if (dx === 0) return null;
    return clampPlace({ ...place, width: place.width + dx }, area);
  }
  return clampPlace({ ...place, x: place.x + dx, y: place.y + dy }, area);
}

const storedPlace = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().positive(),
  collapsed: z.boolean(),
});

const storageKey = (userId: string) => `tripmates:call-panel:${userId}`;

/** The person's own place for the panel, as they left it (on this browser). */
export function loadPlace(userId: string): PanelPlace | null {
  try {
    const raw = localStorage.getItem(storageKey(userId));
    const parsed = raw ? storedPlace.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null; // storage blocked, or junk in it: the default place
  }
}

export function savePlace(userId: string, place: PanelPlace) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(place));
  } catch {
    // Storage full or blocked: the place lasts for this visit.
  }
}
