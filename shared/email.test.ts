import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { email } from './contracts/account';
import { EMAIL_PATTERN, isEmail } from './email';

const samples = [
  'ana@example.com',
  'Ana.Lima+trips@mail.example.co.uk',
  '  ana@example.com  ',
  'a@b',
  'ana@',
  '@example.com',
  'ana example@example.com',
  'ana..lima@example.com',
  '.ana@example.com',
  'ana@example',
  'ana@-example.com',
  `${'a'.repeat(250)}@example.com`,
  '',
];

describe('isEmail', () => {
  it('accepts ordinary addresses and refuses what is not one', () => {
    expect(isEmail('ana@example.com')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('ana@')).toBe(false);
    expect(isEmail('')).toBe(false);
  });

  it.each(samples)('agrees with the server schema on %j', (value) => {
    expect(isEmail(value)).toBe(email.safeParse(value).success);
  });

  it.each(samples)("matches what zod's default email check says of %j", (value) => {
    expect(EMAIL_PATTERN.test(value.trim())).toBe(z.email().safeParse(value.trim()).success);
  });
});
