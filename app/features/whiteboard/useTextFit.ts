import {
  CaptureUpdateAction,
  FONT_FAMILY,
  newElementWith,
  restoreElements,
} from '@excalidraw/excalidraw';
import type { ExcalidrawTextElement } from '@excalidraw/excalidraw/element/types';
import type { AppState, ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { useCallback, useEffect, useState } from 'react';
import { refitTexts } from './textFit';

// Excalidraw's font families by number, for the CSS font a text is drawn in.
const FAMILY_NAMES = new Map(Object.entries(FONT_FAMILY).map(([name, id]) => [id, name]));
/** The text's font for document.fonts, or null for a family Excalidraw has no web font for. */
function cssFont(fontSize: number, fontFamily: number) {
  const name = FAMILY_NAMES.get(fontFamily);
  return name ? `${fontSize}px "${name}"` : null;
}

// Enough of the Latin letters to fetch their part of a font (Excalidraw's fonts come in parts by
// script): what the first text typed is most likely written in.
const LATIN_SAMPLE = 'Aa1';

type Options = {
  api: ExcalidrawImperativeAPI | null;
  /** Whether this tab made the element's current version (useSceneSync). */
  editedHere: (element: { id: string; version: number }) => boolean;
};

/**
 * Texts whose box was measured before their font had loaded, made to fit (textFit.ts): checked
 * as they change and again whenever a font finishes loading; the font of the text tool is fetched
 * as soon as it is picked, so what is typed next is measured in it. Answers what the editor's
 * onChange calls.
 */
export function useTextFit({ api, editedHere }: Options) {
  const [fit] = useState(() => ({
    checked: new Map<string, string>(),
    // Fonts asked for once: a font that cannot load (offline) is not asked for at every change.
    requested: new Set<string>(),
  }));

  const fetchFont = useCallback(
    (font: string, sample: string) => {
      const key = `${font}|${sample}`;
      if (fit.requested.has(key)) return;
      fit.requested.add(key);
      // Its loading ends in a `loadingdone`, which measures the texts again (below).
      document.fonts.load(font, sample).catch(() => {});
    },
    [fit],
  );

  const fitTexts = useCallback(
    (appState: AppState) => {
      if (!api) return;
      if (appState.activeTool.type === 'text' || appState.editingTextElement) {
        const font = cssFont(appState.currentItemFontSize, appState.currentItemFontFamily);
        if (font) fetchFont(font, LATIN_SAMPLE);
      }
      const elements = api.getSceneElementsIncludingDeleted();
      const fixes = refitTexts<ExcalidrawTextElement>(elements, {
        checked: fit.checked,
        editingId: appState.editingTextElement?.id ?? null,
        fontReady: (text) => {
          const font = cssFont(text.fontSize, text.fontFamily);
          if (!font || document.fonts.check(font, text.text)) return true;
          fetchFont(font, text.text);
          return false;
        },
        measure: (texts) => {
          // A text in a shape wraps to the shape's width: the shape comes along to be measured by.
          const byId = new Map(elements.map((element) => [element.id, element]));
          const containers = texts.flatMap((text) => {
            const container = text.containerId ? byId.get(text.containerId) : undefined;
            return container ? [container] : [];
          });
          const measured = restoreElements([...texts, ...containers], null, {
            repairBindings: true,
            refreshDimensions: true,
          });
          return new Map(
            measured.flatMap((element) =>
              element.type === 'text' ? [[element.id, element] as const] : [],
            ),
          );
        },
        editedHere,
        bump: (text, box) => newElementWith(text, box),
      });
      if (fixes.size === 0) return;
      api.updateScene({
        elements: elements.map((element) => fixes.get(element.id) ?? element),
        // Not an undo step of anyone's: the same text, shown whole.
        captureUpdate: CaptureUpdateAction.NEVER,
      });
    },
    [api, editedHere, fetchFont, fit],
  );

  // A font finished loading (Excalidraw's own for the scene as it opens, one fetched above, one a
  // typed character needed): every text is measured again. Excalidraw only redraws them then.
  useEffect(() => {
    if (!api) return;
    let open = true;
    const onLoaded = () => {
      if (!open) return;
      fit.checked.clear();
      fitTexts(api.getAppState());
    };
    document.fonts.addEventListener('loadingdone', onLoaded);
    // Those that loaded before this listened.
    void document.fonts.ready.then(onLoaded);
    return () => {
      open = false;
      document.fonts.removeEventListener('loadingdone', onLoaded);
    };
  }, [api, fit, fitTexts]);

  return fitTexts;
}
