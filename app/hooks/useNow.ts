import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` (spec §9: the countdown ticks every second) while
 * `enabled`; when not, it stays at the last time it read and no timer runs.
 */
export function useNow(intervalMs: number, enabled = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}
