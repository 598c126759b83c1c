import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '@/components/ThemeToggle';
import { resolveTheme, ThemeProvider, useTheme } from '@/lib/theme';

const html = document.documentElement;

/** Replaces matchMedia with one whose prefers-color-scheme answer the test controls. */
function mockPrefersDark(initial: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  let matches = initial;
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-color-scheme: dark)' && matches;
        },
        media: query,
        onchange: null,
        addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
          listeners.add(listener),
        removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
          listeners.delete(listener),
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    set(next: boolean) {
      matches = next;
      act(() => {
        for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
      });
    },
  };
}

function ShowTheme() {
  const { theme, resolvedTheme } = useTheme();
  return <output aria-label="current">{`${theme}/${resolvedTheme}`}</output>;
}

function renderToggle() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
      <ShowTheme />
    </ThemeProvider>,
  );
}

const current = () => screen.getByRole('status', { name: 'current' }).textContent;
const themePicker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Theme' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('resolveTheme', () => {
  it('resolves system from the preference and keeps explicit choices', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('ThemeProvider and ThemeToggle', () => {
  it('is dark by default with empty storage', () => {
    mockPrefersDark(false);
    renderToggle();
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
    expect(current()).toBe('dark/dark');
    expect(themePicker().value).toBe('dark');
    expect(themePicker().parentElement?.title).toBe('Theme: Dark');
  });

  it('choosing Light stores it and removes the dark class', async () => {
    const user = userEvent.setup();
    renderToggle();

    await user.selectOptions(themePicker(), 'Light');

    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(html.classList.contains('dark')).toBe(false);
    expect(html.style.colorScheme).toBe('light');
    expect(themePicker().parentElement?.title).toBe('Theme: Light');
  });

  it('is reached with the keyboard and offers the three choices', async () => {
    mockPrefersDark(true);
    const user = userEvent.setup();
    renderToggle();

    await user.tab();
    expect(document.activeElement).toBe(themePicker());
    expect(
      within(themePicker())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Light', 'Dark', 'System']);
    await user.selectOptions(themePicker(), 'System');

    expect(window.localStorage.getItem('theme')).toBe('system');
    expect(current()).toBe('system/dark');
  });

  it('falls back to dark when the stored value is invalid', () => {
    window.localStorage.setItem('theme', 'purple');
    mockPrefersDark(false);
    renderToggle();
    expect(current()).toBe('dark/dark');
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('falls back to dark when localStorage throws', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const user = userEvent.setup();
    renderToggle();
    expect(current()).toBe('dark/dark');

    await user.selectOptions(themePicker(), 'Light');
    expect(current()).toBe('light/light');
    expect(html.classList.contains('dark')).toBe(false);
  });

  it('restores a stored light choice', () => {
    window.localStorage.setItem('theme', 'light');
    renderToggle();
    expect(current()).toBe('light/light');
    expect(html.classList.contains('dark')).toBe(false);
  });

  it("'system' follows prefers-color-scheme, live", () => {
    window.localStorage.setItem('theme', 'system');
    const media = mockPrefersDark(false);
    renderToggle();
    expect(current()).toBe('system/light');
    expect(html.classList.contains('dark')).toBe(false);
    expect(html.style.colorScheme).toBe('light');

    media.set(true);
    expect(current()).toBe('system/dark');
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');

    media.set(false);
    expect(html.classList.contains('dark')).toBe(false);
  });
});
