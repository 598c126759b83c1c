/**
 * A text's box made to fit its words (issue #38): Excalidraw measures a text as it is typed and
 * draws it clipped to the box it measured. Measured before its web font had loaded (the first text
 * on a fresh page), the box is the fallback font's and too small, and the text shows cut off for
 * everyone. Here a text is measured again once its font is there, and its box made bigger.
 *
 * Plain logic, no Excalidraw: the editor's hook (useTextFit.ts) gives the measuring and the scene.
 */

/** What Excalidraw draws a text by: its place, its box, and its lines as wrapped. */
export type TextBox = { x: number; y: number; width: number; height: number; text: string };

export type TextElement = TextBox & {
  id: string;
  type: string;
  version: number;
  versionNonce: number;
  isDeleted: boolean;
  fontSize: number;
  fontFamily: number;
  containerId?: string | null;
};

// Less than this apart is one box measured twice (rounding), not a text cut off.
const TOLERANCE_PX = 0.5;

/**
 * Whether the text as measured now needs more room than its stored box gives. Only ever bigger:
 * a box a little too wide shows the text whole, and two tabs that measure a hair apart can then
 * never undo each other's fix, one after the other.
 */
export function outgrows(stored: TextBox, measured: TextBox) {
  return (
    measured.width > stored.width + TOLERANCE_PX || measured.height > stored.height + TOLERANCE_PX
  );
}

/** A text's state, as checked: a new version, or a box fixed here, is checked again. */
const stampOf = (text: TextElement) => `${text.version}:${text.versionNonce}:${text.width}`;

type Options<E extends TextElement> = {
  /** Texts checked already, by id (kept between calls; emptied when a font finishes loading). */
  checked: Map<string, string>;
  /** The text being typed: Excalidraw measures it at every key, and it is not mine to resize. */
  editingId: string | null;
  /** Whether the text's font has loaded (else it is measured once it has). */
  fontReady: (text: E) => boolean;
  /** Excalidraw's own measuring, of these texts in their loaded fonts. */
  measure: (texts: readonly E[]) => ReadonlyMap<string, TextBox>;
  /** Whether this tab made the text's current version (then the fix is saved for everyone). */
  editedHere: (text: E) => boolean;
  /** The text with a new box as a new version (Excalidraw's newElementWith). */
  bump: (text: E, box: TextBox) => E;
};

/**
 * The texts of `elements` whose box is too small for their words, each with the box it needs.
 * A text this tab wrote becomes a new version, sent like any edit, so the others and the board's
 * preview get the right box. Someone else's is fixed in this tab only (its version kept, so it is
 * not sent): it may be being typed in at this very moment, and a version of mine could win over
 * their next key. Their tab fixes its own, and its next version replaces this one.
 */
export function refitTexts<E extends TextElement>(
  elements: readonly { type: string }[],
  { checked, editingId, fontReady, measure, editedHere, bump }: Options<E>,
): Map<string, E> {
  const due = (elements as readonly E[]).filter(
    (element) =>
      element.type === 'text' &&
      !element.isDeleted &&
      element.id !== editingId &&
      checked.get(element.id) !== stampOf(element) &&
      fontReady(element),
  );
  const fixes = new Map<string, E>();
  if (due.length === 0) return fixes;
  const measured = measure(due);
  for (const text of due) {
    checked.set(text.id, stampOf(text));
    const box = measured.get(text.id);
    if (!box || !outgrows(text, box)) continue;
    const fit: TextBox = {
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      text: box.text,
    };
    const fixed = editedHere(text) ? bump(text, fit) : { ...text, ...fit };
    checked.set(fixed.id, stampOf(fixed));
    fixes.set(text.id, fixed);
  }
  return fixes;
}
