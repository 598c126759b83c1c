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

// happy-dom lacks HTMLSelectElement.size and HTMLOptionElement.defaultSelected, which
// react-hook-form reads to tell whether a select was changed before the form was ready: without
// them every registered select looks changed, and shows its first option instead of the form's
// value. As in browsers, both reflect their attributes.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return size > 0 ? size : 0;
    },
  });
}
if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
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
