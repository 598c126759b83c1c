import { describe, expect, it } from 'vitest';
import {
  newerElement,
  WHITEBOARD_MAX_ELEMENT_BYTES,
  WHITEBOARD_MESSAGES,
  whiteboardElement,
} from './whiteboard';

describe('newerElement', () => {
  it('takes a copy it has not seen, and a later version', () => {
    expect(newerElement({ version: 1, versionNonce: 9 }, undefined)).toBe(true);
    expect(newerElement({ version: 3, versionNonce: 9 }, { version: 2, versionNonce: 1 })).toBe(
      true,
    );
    expect(newerElement({ version: 2, versionNonce: 1 }, { version: 3, versionNonce: 9 })).toBe(
      false,
    );
  });

  it('settles two edits of one version on the lower nonce, whichever comes first', () => {
    const low = { version: 4, versionNonce: 10 };
    const high = { version: 4, versionNonce: 20 };
    expect(newerElement(low, high)).toBe(true);
    expect(newerElement(high, low)).toBe(false);
    expect(newerElement(low, low)).toBe(false);
  });
});

describe('whiteboardElement', () => {
  const rectangle = { id: 'r1', type: 'rectangle', version: 1, versionNonce: 5, isDeleted: false };

  it("keeps Excalidraw's own fields as they came", () => {
    const element = { ...rectangle, x: 1.5, strokeColor: '#1e1e1e', boundElements: null };
    expect(whiteboardElement.parse(element)).toEqual(element);
  });

  it('refuses what is not an element, and a stroke too long to share', () => {
    for (const bad of [
      { ...rectangle, type: 'selection' },
      { ...rectangle, version: 0 },
      { ...rectangle, versionNonce: 1.5 },
      { ...rectangle, id: '' },
      { ...rectangle, text: 'a\u0000b' },
      { ...rectangle, type: 'iframe' },
      { ...rectangle, type: 'line', points: [null, null] },
      { ...rectangle, type: 'line', points: [[0, 'x']] },
      { ...rectangle, type: 'text', text: 1 },
    ]) {
      expect(whiteboardElement.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    const points = Array.from({ length: WHITEBOARD_MAX_ELEMENT_BYTES / 8 }, (_, i) => [i, i]);
    const long = whiteboardElement.safeParse({ ...rectangle, type: 'freedraw', points });
    expect(long.error?.issues[0]?.message).toBe(WHITEBOARD_MESSAGES.elementTooLarge);
  });
});
