/**
 * Each tab sends a random id of its own with its API calls, so the live echo of a change it made
 * (it already shows it) can be told apart from other people's. Not a secret, not a credential:
 * zod-free, so the landing page's bundle can carry it.
 */
export const CLIENT_ID_HEADER = 'x-tripmates-client';
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
