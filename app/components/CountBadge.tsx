/** The badge's text: the count, "9+" above 9 (the button's name says the whole number). */
export const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

/**
 * A count on the corner of a top-bar button (unread notifications, unread chat messages), inside
 * a `relative` button; nothing when there are none. Hidden from screen readers: the button's
 * name says it.
 */
export function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      data-testid={testId}
      className="pointer-events-none absolute -top-1.5 -right-1.5 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] font-bold text-destructive-foreground tabular-nums ring-2 ring-background"
    >
      {badgeText(count)}
    </span>
  );
}
