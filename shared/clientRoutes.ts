/**
 * Every page of the client (spec §2, and the link pages added since). app/routes.tsx renders
 * exactly these (its page table is typed by this list), and the server answers any other path
 * with the client's 404 page and the status 404 (issue #17: it answered 200, so search engines
 * and link checkers took every typo for a page).
 */
export const CLIENT_ROUTES = [
  '/',
  '/auth',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/delete-account',
  '/unsubscribe',
  '/dashboard',
  // Issue #37: a trip has an address; a panel that opens full screen has one below it.
  '/trips/:tripId',
  '/trips/:tripId/:panel',
  '/profile',
  '/security',
  '/plans',
  '/join/:code',
  '/magic/:token',
  '/admin/waitlist',
  '/privacy',
  '/terms',
  '/cookies',
  '/help',
  '/careers',
  '/blog',
  '/about',
  '/press',
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

/** A trip's page, as the client links to it and the server's e-mails do. */
export const tripPath = (tripId: string) => `/trips/${encodeURIComponent(tripId)}`;

/**
 * A thing inside a trip an address can open (issue #38: a notification opens what it is about):
 * an item of one of its lists (`type` a comment subject such as `todo`, or `chat` for a chat
 * message), shown and highlighted where the board has it, and with `comments` its thread opened.
 */
export type TripPlace = { type: string; id: string; comments?: boolean };

// `?item=todo:<id>` shows the to-do; `?comments=todo:<id>` opens its thread as well.
const PLACE_PARAMS = ['item', 'comments'] as const;
const PLACE_PART = /^[a-z]{1,20}$/;
const ID_PART = /^[A-Za-z0-9_-]{1,100}$/;

/** The address of a trip, opening `place` when there is one. */
export function tripPlacePath(tripId: string, place?: TripPlace | null): string {
  if (!place) return tripPath(tripId);
  const param = place.comments ? 'comments' : 'item';
  return `${tripPath(tripId)}?${param}=${encodeURIComponent(`${place.type}:${place.id}`)}`;
}

/** The place a trip's address asks to open (`search` as `location.search`), if any and well formed. */
export function readTripPlace(search: string): TripPlace | null {
  const params = new URLSearchParams(search);
  for (const param of PLACE_PARAMS) {
    const [type, id, ...rest] = (params.get(param) ?? '').split(':');
    if (rest.length || !type || !id || !PLACE_PART.test(type) || !ID_PART.test(id)) continue;
    return param === 'comments' ? { type, id, comments: true } : { type, id };
  }
  return null;
}

/** `search` without the place it asked to open (it is opened once, not at every reload). */
export function withoutTripPlace(search: string): string {
  const params = new URLSearchParams(search);
  for (const param of PLACE_PARAMS) params.delete(param);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = CLIENT_ROUTES.map(segmentsOf);

/**
 * Whether the client has a page at `pathname`, matched as its router matches: letters in any
 * case, a trailing slash or not, and a `:param` standing for one segment.
 */
export function isClientRoute(pathname: string): boolean {
  const segments = segmentsOf(pathname.toLowerCase());
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
}
