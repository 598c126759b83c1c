/**
 * The sign-in page, coming back to `path` afterwards (issue #17: a signed-out visit to /security
 * landed on /dashboard after signing in). AuthPage keeps `next` only when it stays on this site.
 */
export function signInUrl(path: string) {
  return path === '/' ? '/auth' : `/auth?next=${encodeURIComponent(path)}`;
}
