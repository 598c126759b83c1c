/**
 * Who Tripmates is to an authenticator (WebAuthn's "relying party"), from PUBLIC_URL: its host
 * is the RP id every passkey is bound to, its origin the only one an answer may come from. A
 * passkey made at one host never works at another, so PUBLIC_URL's host must not change once
 * people have passkeys; browsers refuse an IP address as an RP id (use a name, `localhost` too).
 */
export type RelyingParty = { id: string; origin: string; name: string };

export const RP_NAME = 'Tripmates';

export function relyingPartyFor(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: RP_NAME };
}
