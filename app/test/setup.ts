// toBeVisible(), toBeDisabled() …: assertions on what a person sees, which can fail (issue #37:
// `expect(getBy…()).toBeTruthy()` could not — getBy throws before it).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// happy-dom may lack matchMedia; a minimal stand-in that never matches (tests mock it as needed).
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  try {
    window.localStorage.clear();
  } catch {
    // A test left storage throwing; nothing to clear.
  }
  const root = document.documentElement;
  root.className = '';
  root.style.colorScheme = '';
});
