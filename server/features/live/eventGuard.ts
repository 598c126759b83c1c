import type { z } from 'zod';

/** What the live server dropped instead of acting on: kept for logs, tests and the benchmark. */
export type DropStats = { malformed: number; rateLimited: number };

export function createDropStats(): DropStats {
  return { malformed: 0, rateLimited: 0 };
}

/**
 * A token bucket: `perSecond` events a second on average, bursts of up to `perSecond`. A sender
 * at 30 Hz never notices it; one flooding the room loses what goes over.
 */
export function createRateLimit(perSecond: number, now: () => number = Date.now) {
  let tokens = perSecond;
  let last = now();
  return function allow(): boolean {
    const at = now();
    tokens = Math.min(perSecond, tokens + ((at - last) * perSecond) / 1000);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** The event's payload when it matches its schema; null (and `dropped`) when it does not. */
export function parseEvent<T extends z.ZodType>(
  schema: T,
  payload: unknown,
  dropped: () => void,
): z.infer<T> | null {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  dropped();
  return null;
}

/** The schema as a decoder of payloads: the event when the payload matches, null otherwise. */
export function decoderOf<T extends z.ZodType>(schema: T) {
  return (payload: unknown): z.infer<T> | null => {
    const parsed = schema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  };
}
