import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), URL-safe: session cookies, reset links, invitations. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
