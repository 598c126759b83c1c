import { type LucideIcon, Monitor, Moon, Sun } from 'lucide-react';
import { isTheme, type Theme, useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

export const THEME_OPTIONS: readonly { value: Theme; label: string; Icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/**
 * An icon button showing the current theme; it is a native <select> (transparent, over the
 * icon), so picking Light, Dark or System works with a mouse, the keyboard and a phone's own
 * picker without a menu library: the landing page's JavaScript budget (100 KB) has no room for
 * one.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const current = THEME_OPTIONS.find((option) => option.value === theme) ?? THEME_OPTIONS[1]!;

  return (
    <div
      title={`Theme: ${current.label}`}
      className={cn(
        'relative inline-flex size-9 shrink-0 items-center justify-center rounded-md transition-colors',
        'hover:bg-accent hover:text-accent-foreground',
        'has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background',
        className,
      )}
    >
      <current.Icon aria-hidden className="size-5" />
      <select
        aria-label="Theme"
        value={theme}
        onChange={(event) => {
          if (isTheme(event.target.value)) setTheme(event.target.value);
        }}
        className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0 outline-none"
      >
        {THEME_OPTIONS.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
