// Issue #3: per-address limits on the routes that take a password or a code (sign-in: at most
// 20 attempts a minute; one that checks a signed-in session's password or code: 10).

/** A route's limit: at most `max` requests a minute from one address. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
