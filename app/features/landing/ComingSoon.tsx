import { type ReactElement, useId } from 'react';
import { cn } from '@/lib/utils';

// spec §1: the private-beta actions are disabled and say why.
export const PRIVATE_BETA_MESSAGE = 'Coming soon in private beta';

/**
 * Wraps a disabled action with a tooltip shown on hover and on keyboard focus. A disabled button
 * gets neither focus nor pointer events, so the wrapper is what takes focus, and both the wrapper
 * and the button point at the tooltip text with aria-describedby. Plain CSS rather than a Radix
 * Tooltip, whose positioning engine would not fit the landing page's JavaScript budget.
 */
export function ComingSoon({
  message = PRIVATE_BETA_MESSAGE,
  className,
  children,
}: {
  message?: string;
  className?: string;
  children: (describedBy: string) => ReactElement;
}) {
  const tooltipId = useId();
  return (
    <span
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the disabled button inside cannot take focus, and keyboard users must still reach its tooltip
      tabIndex={0}
      aria-describedby={tooltipId}
      className={cn('group relative inline-flex rounded-md', className)}
    >
      {children(tooltipId)}
      <span
        id={tooltipId}
        role="tooltip"
        className={cn(
          'pointer-events-none absolute bottom-full left-1/2 z-30 mb-2 w-max max-w-[min(16rem,calc(100vw-2rem))] -translate-x-1/2',
          'rounded-md bg-popover px-3 py-1.5 text-center text-xs font-medium text-popover-foreground shadow-lg ring-1 ring-border',
          'invisible translate-y-1 opacity-0 transition duration-150',
          'group-hover:visible group-hover:translate-y-0 group-hover:opacity-100',
          'group-focus-within:visible group-focus-within:translate-y-0 group-focus-within:opacity-100',
        )}
      >
        {message}
        <span
          aria-hidden
          className="absolute top-full left-1/2 -mt-1 size-2 -translate-x-1/2 rotate-45 bg-popover shadow-[1px_1px_0_0] shadow-border"
        />
      </span>
    </span>
  );
}

/** Classes for the disabled button inside ComingSoon: hoverable (for the tooltip), clearly off. */
export const comingSoonButtonClass = 'disabled:pointer-events-auto disabled:cursor-not-allowed';

/**
 * The hero's off look (issue #17: at 90 % they looked active on a desktop, and see-through over
 * the palm trees on a phone): solid and muted, unchanged on hover.
 */
export const heroComingSoonClass =
  'disabled:opacity-100 disabled:shadow-none disabled:border disabled:border-white/20 disabled:bg-slate-900/90 disabled:text-slate-300 disabled:hover:bg-slate-900/90 disabled:hover:text-slate-300';

/** Says "soon" where there is no hover to show the tooltip (phones); the name stays the button's. */
export function SoonPill() {
  return (
    <span
      aria-hidden
      className="rounded-full bg-white/15 px-2 py-0.5 text-[0.65rem] font-semibold tracking-wide text-white/90 uppercase"
    >
      Soon
    </span>
  );
}
