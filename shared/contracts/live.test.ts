import { describe, expect, it } from 'vitest';
import {
  BOARD_COORDINATE,
  type CursorMoveEvent,
  cursorMoveEvent,
  decodeCursorMove,
  encodeCursorMove,
  PRESENCE_COLOURS,
  presenceColour,
} from './live';

describe('presenceColour', () => {
  it('gives one person the same colour every time, from the palette', () => {
    const id = '0b6c1a52-5f0e-4a38-9d0e-8f3e2f1c7a11';
    expect(presenceColour(id)).toBe(presenceColour(id));
    expect(PRESENCE_COLOURS).toContain(presenceColour(id));
  });

  it('spreads a group over several colours', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `user-${i}-${i * 7919}`);
    expect(new Set(ids.map(presenceColour)).size).toBeGreaterThanOrEqual(5);
  });
});

describe('cursor messages', () => {
  it('carry a move and back, null included', () => {
    const moves: CursorMoveEvent[] = [
      { at: null },
      { at: { top: 0, left: 0 } },
      { at: { top: 120.5, left: 300 } },
      { at: { top: -0.000001, left: 1e-7 } },
      { at: { top: BOARD_COORDINATE.min, left: BOARD_COORDINATE.max } },
      { at: { top: 1234.5678901234, left: -9999.25 } },
    ];
    for (const move of moves) expect(decodeCursorMove(encodeCursorMove(move))).toEqual(move);
    expect(encodeCursorMove({ at: { top: 1, left: 2.5 } })).toBe('p1,2.5');
    expect(encodeCursorMove({ at: null })).toBe('p');
  });

  it('refuse what the event schema refuses', () => {
    const refused = [
      '',
      'x1,2',
      'p1',
      'p,2',
      'p1,',
      'pten,1',
      'pNaN,1',
      'pInfinity,1',
      'p1,2,3',
      `p${BOARD_COORDINATE.max + 1},0`,
      `p0,${BOARD_COORDINATE.min - 1}`,
      `p1,${'1'.repeat(80)}`,
      'p{"at":null}',
    ];
    for (const message of refused) expect(decodeCursorMove(message), message).toBeNull();
  });

  it('accept exactly the moves the event schema accepts', () => {
    // Coordinates either side of the bounds, in the forms JavaScript writes numbers.
    const values = [-10_000.5, -10_000, -1, -0.5, 0, 1e-9, 3.25, 99_999.99, 100_000, 100_000.1];
    for (const top of values) {
      for (const left of values) {
        const move = { at: { top, left } };
        const decoded = decodeCursorMove(encodeCursorMove(move));
        expect(decoded !== null, `${top},${left}`).toBe(cursorMoveEvent.safeParse(move).success);
      }
    }
  });
});
