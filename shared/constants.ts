// spec §2, §8: the spec leaves the product name as a placeholder ({product name}); this fills it.
export const APP_NAME = 'Tripmates';

// spec §3, §9: theme preference light, dark or system, stored locally under the key `theme`.
export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
// spec §1, §9: dark by default.
export const DEFAULT_THEME: Theme = 'dark';

// spec §7, §9: the current-user query is cached for 30 s.
export const CURRENT_USER_STALE_MS = 30_000;

// Issue #38: "this browser is signed in", a cookie scripts can read, set and cleared with the
// httpOnly session cookie (server/platform/sessions.ts). It holds no secret — only `1` — and lets
// the client skip GET /api/user when there is no session to ask about: its 401 is the API's
// answer to a signed-out caller (spec §7), but a browser logs every 401 as a console error.
export const SIGNED_IN_COOKIE = 'tm_signed_in';

// spec §4, §9: toasts auto-dismiss after 5000 ms, at most one is visible, swipe right past 50 px.
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

// Issue #4: the public pages, listed in sitemap.xml (the rest need an account or are utilities).
export const PUBLIC_PAGES = [
  '/',
  '/help',
  '/about',
  '/careers',
  '/blog',
  '/press',
  '/privacy',
  '/terms',
  '/cookies',
] as const;

// spec §2, §9: the countdown widget ticks every second.
export const COUNTDOWN_TICK_MS = 1000;

// spec §9: the default countdown and trip: 30 days from now, 14 days long. The first-visit trip is
// Bali 2023 in Bali, Indonesia; the New trip form starts from the same dates.
export const DEFAULT_TRIP = {
  name: 'Bali 2023',
  destination: 'Bali, Indonesia',
  // Issue #37: Bali's zone, known without asking a geocoder at sign-up.
  timeZone: 'Asia/Makassar',
  startsInDays: 30,
  lengthDays: 14,
} as const;
