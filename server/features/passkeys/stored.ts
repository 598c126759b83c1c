import type { Passkey } from '../../../shared/contracts/passkeys';
import type { UserRow } from '../../platform/db/schema';
import type { passkeys } from './tables';

// How passkeys are kept and shown: the WebAuthn user handle of an account, the transports worth
// remembering, the counter as the column can hold it, and the row as its owner sees it.

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * The WebAuthn user handle of an account (what a passkey remembers its person by): the account's
 * id, which says nothing about the person (WebAuthn §14.6.1 asks for no personal data here).
 */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

const TRANSPORTS: readonly string[] = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
];

/** The transports a browser reported, as far as they are ones WebAuthn knows. */
export function knownTransports(reported: readonly string[] | undefined) {
  return [...new Set(reported ?? [])].filter((transport) => TRANSPORTS.includes(transport));
}

// An authenticator's counter is 32 bits unsigned; the column is a signed integer. Past this a
// counter stops moving on (billions of signatures: no authenticator gets there).
const COUNTER_MAX = 2 ** 31 - 1;
export const storableCounter = (counter: number) => Math.min(Math.max(0, counter), COUNTER_MAX);

/** A passkey as its owner's security page lists it: nothing of its key. */
export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

/** How the account is shown in the browser's passkey prompt: its name, or its username. */
export function displayNameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}
