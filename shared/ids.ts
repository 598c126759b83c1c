const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
// spec §9: random short ids are 9 base-36 characters.
export const RANDOM_ID_LENGTH = 9;

/**
 * A random id of 9 base-36 characters, from the platform's cryptographic random source. Bytes
 * of 252 and above are skipped so that every character is equally likely (252 = 7 × 36).
 */
export function randomId(): string {
  let id = '';
  while (id.length < RANDOM_ID_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 252) id += ALPHABET[byte % 36];
      if (id.length === RANDOM_ID_LENGTH) break;
    }
  }
  return id;
}

const UUID_ANY_CASE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one spelling of an id (issue #34). PostgreSQL reads a uuid in either letter case as the
 * same value, but the caches, Socket.IO rooms and comparisons in JavaScript see two strings: a
 * member removed from `trip:<id>` stayed in `trip:<ID>`. Every id that enters at the edge (path
 * parameters, ids in bodies, the live join) goes through this, so nothing past it sees capitals.
 * Anything that is not a uuid (a widget's `<type><timestamp>`, an Excalidraw file id, whose
 * letter case matters) is left exactly as it is.
 */
export function canonicalId(value: string): string {
  return UUID_ANY_CASE.test(value) ? value.toLowerCase() : value;
}
