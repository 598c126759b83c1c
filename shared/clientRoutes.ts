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
