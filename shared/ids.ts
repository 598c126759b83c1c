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

/**
 * A random UUID (version 4), as `crypto.randomUUID()` makes one: the id a client gives what it
 * creates (issue #37). Made from `getRandomValues`, which browsers have everywhere, because
 * `randomUUID` exists only on secure pages, and Tripmates may be served over plain HTTP on a LAN.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
