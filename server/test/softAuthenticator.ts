/**
 * A passkey authenticator in software, for API tests: what a phone or a security key does when a
 * browser calls navigator.credentials.create() and .get(), in the JSON a browser sends back
 * (SimpleWebAuthn's RegistrationResponseJSON and AuthenticationResponseJSON).
 *
 *   const phone = new SoftAuthenticator(t.config.publicUrl);
 *   const made = phone.create(options);               // registration: 'none' attestation
 *   const answer = phone.get(signInOptions);          // an assertion signed by the passkey
 *
 * Keys are ES256 (P-256) from node:crypto; the attestation object and the COSE public key are
 * CBOR, encoded here (not by the library under test); an assertion is signed over
 * authData ‖ SHA-256(clientDataJSON), as WebAuthn §6.3.3 says. Each call can be bent (another
 * origin, challenge, counter, no user verification…) to test what the server refuses.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { AuthenticationOptions, RegistrationOptions } from '../../shared/contracts/passkeys';

// Authenticator data flags (WebAuthn §6.1).
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const BACKUP_ELIGIBLE = 0x08;
const BACKED_UP = 0x10;
const ATTESTED_CREDENTIAL_DATA = 0x40;

// COSE (RFC 9052/9053): an EC2 key on P-256 for ES256.
const COSE_KTY = 1;
const COSE_ALG = 3;
const COSE_CRV = -1;
const COSE_X = -2;
const COSE_Y = -3;
const KTY_EC2 = 2;
const ALG_ES256 = -7;
const CRV_P256 = 1;

type CborValue = number | string | Uint8Array | CborValue[] | Map<number | string, CborValue>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** CBOR (RFC 8949) of the few kinds WebAuthn uses: integers, text, bytes, arrays and maps. */
export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) {
    return Buffer.concat([cborHead(4, value.length), ...value.map(cbor)]);
  }
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

function uint32(value: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value, 0);
  return bytes;
}

export type SoftCredential = {
  /** base64url, as the server stores it. */
  id: string;
  privateKey: KeyObject;
  /** The account's WebAuthn user handle (base64url), remembered as a discoverable one does. */
  userHandle: string;
  rpId: string;
  counter: number;
};

export type RegistrationAnswer = {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  response: {
    clientDataJSON: string;
    attestationObject: string;
    transports: string[];
  };
  clientExtensionResults: { credProps: { rk: boolean } };
};

export type AuthenticationAnswer = {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
  clientExtensionResults: Record<string, never>;
};

/** What a test may bend in one ceremony. */
export type Bend = {
  /** The page's origin the browser reports (default: the authenticator's). */
  origin?: string;
  /** The challenge signed over (default: the options'). */
  challenge?: string;
  /** The RP id hashed into authenticator data (default: the options'). */
  rpId?: string;
  /** Whether the person was verified (fingerprint, PIN); default true. */
  userVerified?: boolean;
};

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    /** The origin of the page the "browser" shows (PUBLIC_URL's, normally). */
    readonly origin: string,
    private readonly traits: {
      /** The AAGUID that names the provider (default: all zeros, "unknown"). */
      aaguid?: string;
      /** A synced passkey: backed up, and its counter stays 0 (default: a device-bound key that counts). */
      synced?: boolean;
    } = {},
  ) {}

  /** navigator.credentials.create(): a new ES256 passkey for the options' account. */
  create(
    options: RegistrationOptions,
    bend: Bend & { reuse?: SoftCredential } = {},
  ): RegistrationAnswer {
    const rpId = bend.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const privateKey =
      bend.reuse?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    // A private EC key's JWK carries its public point (x, y) too.
    const jwk = privateKey.export({ format: 'jwk' });
    const credentialId = bend.reuse ? Buffer.from(bend.reuse.id, 'base64url') : randomBytes(32);
    const coseKey = cbor(
      new Map<number, CborValue>([
        [COSE_KTY, KTY_EC2],
        [COSE_ALG, ALG_ES256],
        [COSE_CRV, CRV_P256],
        [COSE_X, Buffer.from(jwk.x ?? '', 'base64url')],
        [COSE_Y, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const aaguid = Buffer.from((this.traits.aaguid ?? '0'.repeat(32)).replaceAll('-', ''), 'hex');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length, 0);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(bend) | ATTESTED_CREDENTIAL_DATA]),
      uint32(0),
      aaguid,
      idLength,
      credentialId,
      coseKey,
    ]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: bend.challenge ?? options.challenge,
      origin: bend.origin ?? this.origin,
      crossOrigin: false,
    });
    const attestationObject = cbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const id = b64url(credentialId);
    if (!bend.reuse) {
      this.credentials.push({ id, privateKey, userHandle: options.user.id, rpId, counter: 0 });
    }
    return {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /**
   * navigator.credentials.get(): an assertion by one of this authenticator's passkeys — the one
   * named, else the first the options allow, else the first for the RP (a discoverable sign-in).
   */
  get(
    options: AuthenticationOptions,
    bend: Bend & {
      credential?: SoftCredential;
      /** The signature counter to report (default: the next one, or 0 for a synced passkey). */
      counter?: number;
      /** Sign with this key instead of the passkey's (a forgery). */
      signWith?: KeyObject;
    } = {},
  ): AuthenticationAnswer {
    const allowed = options.allowCredentials?.map((credential) => credential.id);
    const credential =
      bend.credential ??
      this.credentials.find((held) => (allowed?.length ? allowed.includes(held.id) : true));
    if (!credential) throw new Error('this authenticator has no passkey the options allow');
    const counter = bend.counter ?? (this.traits.synced ? 0 : credential.counter + 1);
    credential.counter = Math.max(credential.counter, counter);
    const authData = Buffer.concat([
      sha256(bend.rpId ?? options.rpId ?? credential.rpId),
      Buffer.from([this.flags(bend)]),
      uint32(counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: bend.challenge ?? options.challenge,
        origin: bend.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    // ES256 signatures are DER-encoded (WebAuthn §6.5.6), node:crypto's default for EC keys.
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      bend.signWith ?? credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  private flags(bend: Bend) {
    const verified = bend.userVerified ?? true;
    const synced = this.traits.synced ? BACKUP_ELIGIBLE | BACKED_UP : 0;
    return USER_PRESENT | (verified ? USER_VERIFIED : 0) | synced;
  }
}

/** A fresh key that belongs to no passkey: for forged signatures. */
export function strangerKey() {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}
