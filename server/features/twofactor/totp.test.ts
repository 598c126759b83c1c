import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { generateTotpSecret, otpauthUrl, totpCode, verifyTotp } from './totp';

describe('RFC 6238 Appendix B test vectors (SHA1, 8 digits)', () => {
  const secret = Secret.fromLatin1('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('T = %d s → %s', (seconds, code) => {
    expect(totpCode(secret, seconds * 1000, { digits: 8 })).toBe(code);
  });
});

describe('verifyTotp', () => {
  const secret = generateTotpSecret();
  const now = 1_795_000_000_000;
  const step = Math.floor(now / 30_000);

  it('makes 160-bit base32 secrets', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('accepts the current code and returns its time step', () => {
    expect(verifyTotp(secret, totpCode(secret, now), null, now)).toBe(step);
  });

  it('allows one step of drift either way, and no more', () => {
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), null, now)).toBe(step - 1);
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), null, now)).toBe(step + 1);
    expect(verifyTotp(secret, totpCode(secret, now - 60_000), null, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now + 60_000), null, now)).toBeNull();
  });

  it('refuses a code whose step was already used (replay)', () => {
    const code = totpCode(secret, now);
    expect(verifyTotp(secret, code, step, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), step, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), step, now)).toBe(step + 1);
  });

  it('refuses malformed codes', () => {
    expect(verifyTotp(secret, '', null, now)).toBeNull();
    expect(verifyTotp(secret, '12345', null, now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', null, now)).toBeNull();
  });

  it('builds the otpauth link the spec names (SHA1, 6 digits, 30 s, issuer Tripmates)', () => {
    const url = new URL(otpauthUrl(secret, 'ana@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('issuer')).toBe('Tripmates');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });
});
