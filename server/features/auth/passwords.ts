import fs from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { HttpError } from '../../platform/errors';
import { projectPath } from '../../platform/paths';

// OWASP ASVS 5.0 appendix C / OWASP cheat sheet minimum for argon2id: m=19 MiB, t=2, p=1.
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package exports a const enum that isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against this when an account does not exist (or has no password) makes an unknown
// username cost the same time as a wrong password, so timing does not reveal which accounts exist.
const dummyHash = hashPassword('not a real password, only a timing decoy');

/** Checks a password against a stored hash; a missing hash still costs one verification. */
export async function verifyPassword(
  password: string,
  storedHash: string | null,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

const commonPasswords = new Set(
  fs
    .readFileSync(projectPath('server', 'features', 'auth', 'commonPasswords.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

/** True for the 1,000 most common passwords (case-insensitive: "Password1" counts too). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password) || commonPasswords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose another one.';

/** Refuses a new password (sign-up, reset, change) that is on the list. */
export function assertNotCommonPassword(password: string) {
  if (isCommonPassword(password)) throw new HttpError('common_password', COMMON_PASSWORD_MESSAGE);
}
