// Excalidraw fetches its fonts from `window.EXCALIDRAW_ASSET_PATH`, else from a CDN that the
// Content-Security-Policy refuses: the build copies them to /excalidraw/fonts/ (vite.config.ts).
declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

/**
 * Loads the whiteboard's editor, its fonts pointed at Tripmates' own copy first: set before the
 * import, since Excalidraw reads the path as its modules load (a line inside the editor's module
 * would run after them, the bundler evaluating the imported chunks first).
 */
export function loadWhiteboardEditor() {
  window.EXCALIDRAW_ASSET_PATH = '/excalidraw/';
  return import('./WhiteboardEditor');
}
