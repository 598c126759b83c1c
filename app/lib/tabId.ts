/**
 * This tab's id (see shared/clientId.ts): random, made once per page load. `getRandomValues`
 * works on plain-http addresses too, where `randomUUID` does not.
 */
export const TAB_ID = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');
