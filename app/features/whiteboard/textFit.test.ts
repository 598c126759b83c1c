import { describe, expect, it } from 'vitest';
import { outgrows, refitTexts, type TextBox, type TextElement } from './textFit';

const text = (id: string, extra: Partial<TextElement> = {}): TextElement => ({
  id,
  type: 'text',
  version: 3,
  versionNonce: 111,
  isDeleted: false,
  fontSize: 20,
  fontFamily: 5,
  x: 100,
  y: 100,
  // As measured in the fallback font, before Excalifont had loaded.
  width: 205,
  height: 25,
  text: 'Day 1: Ubud rice terraces',
  ...extra,
});

// As measured once the font is there.
const wide: TextBox = { x: 100, y: 100, width: 247, height: 25, text: 'Day 1: Ubud rice terraces' };

function refit(
  elements: TextElement[],
  {
    checked = new Map<string, string>(),
    editingId = null as string | null,
    ready = true,
    mine = true,
    box = wide,
  } = {},
) {
  const measured: string[] = [];
  const fixes = refitTexts(elements, {
    checked,
    editingId,
    fontReady: () => ready,
    measure: (texts) => {
      measured.push(...texts.map((t) => t.id));
      return new Map(texts.map((t) => [t.id, box]));
    },
    editedHere: () => mine,
    bump: (element, fit) => ({ ...element, ...fit, version: element.version + 1, versionNonce: 7 }),
  });
  return { fixes, measured, checked };
}

describe('outgrows', () => {
  it('is true only when the words need more room than the box gives', () => {
    const box = { x: 0, y: 0, width: 200, height: 25, text: 'x' };
    expect(outgrows(box, { ...box, width: 247 })).toBe(true);
    expect(outgrows(box, { ...box, height: 50 })).toBe(true);
    // A hair apart (rounding), or smaller: left as it is.
    expect(outgrows(box, { ...box, width: 200.3 })).toBe(false);
    expect(outgrows(box, { ...box, width: 150 })).toBe(false);
  });
});

describe('refitTexts', () => {
  it('gives a text of mine measured before its font loaded its whole box, as a new version', () => {
    const { fixes } = refit([text('t')]);
    expect(fixes.get('t')).toMatchObject({ width: 247, version: 4, versionNonce: 7 });
  });

  it("fixes someone else's text in this tab only: its version stays, so it is not sent", () => {
    const { fixes } = refit([text('t')], { mine: false });
    expect(fixes.get('t')).toMatchObject({ width: 247, version: 3, versionNonce: 111 });
  });

  it('waits for the font: a text whose font has not loaded is measured later, not now', () => {
    const { fixes, measured, checked } = refit([text('t')], { ready: false });
    expect(fixes.size).toBe(0);
    expect(measured).toEqual([]);
    // Not marked checked: it is measured once the font is there.
    expect(refit([text('t')], { checked }).fixes.get('t')?.width).toBe(247);
  });

  it('leaves the text being typed, deleted ones, other shapes, and boxes that fit', () => {
    const elements = [
      text('typing'),
      text('gone', { isDeleted: true }),
      { ...text('r'), type: 'rectangle' },
      text('fits', { width: 260 }),
    ];
    const { fixes, measured } = refit(elements, { editingId: 'typing' });
    expect(measured).toEqual(['fits']);
    expect(fixes.size).toBe(0);
  });

  it('measures a text once per version, and again when it changes', () => {
    const checked = new Map<string, string>();
    const first = refit([text('t')], { checked });
    const fixed = first.fixes.get('t')!;
    // The fixed text, as Excalidraw hands it back on its next change: not measured again.
    expect(refit([fixed], { checked }).measured).toEqual([]);
    expect(refit([{ ...fixed, version: 9 }], { checked }).measured).toEqual(['t']);
  });
});
