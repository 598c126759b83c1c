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
