import { describe, expect, it } from 'vitest';
import {
  disableTwoFactorBody,
  formatRecoveryCode,
  isSecondFactorCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  secondFactorBody,
} from './twofactor';

describe('recovery codes as typed', () => {
  it('reads the shown form, and any letter case, spaces and dashes', () => {
    for (const typed of [
      'abcde-12345',
      'ABCDE-12345',
      'abcde12345',
      ' AbCdE 12345 ',
      'ab cd e-1 2 3 4 5',
      'abcde–12345', // an en dash, as some editors make of a pasted one
      'abcde_12345',
    ]) {
      expect(normalizeRecoveryCode(typed), typed).toBe('abcde12345');
    }
  });

  it('reads i and l as 1 and o as 0, as Crockford base32 does', () => {
    expect(normalizeRecoveryCode('Io0Ll-ooooo')).toBe('1001100000');
  });

  it('refuses what cannot be a code', () => {
    for (const typed of [
      '',
      '123456',
      'abcde-1234',
      'abcde-123456',
      'abcde-1234u', // u is not in the alphabet
      'abcde-1234!',
      'abcdé-12345',
    ]) {
      expect(normalizeRecoveryCode(typed), typed).toBeNull();
    }
  });

  it('shows codes in two groups of five', () => {
    expect(formatRecoveryCode('abcde12345')).toBe('abcde-12345');
  });

  it('has 32 distinct characters and none that are easily misread', () => {
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(32);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[ilou]/);
    // Every code made from the alphabet reads back as itself.
    expect(normalizeRecoveryCode(RECOVERY_CODE_ALPHABET.slice(0, 10))).toBe('0123456789');
    expect(normalizeRecoveryCode(RECOVERY_CODE_ALPHABET.slice(22))).toBe('pqrstvwxyz');
  });
});

describe('the second-factor field', () => {
  it('takes a 6-digit code or a recovery code', () => {
    expect(isSecondFactorCode('123456')).toBe(true);
    expect(isSecondFactorCode(' 123456 ')).toBe(true);
    expect(isSecondFactorCode('ABCDE-12345')).toBe(true);
    expect(isSecondFactorCode('12345')).toBe(false);
    expect(isSecondFactorCode('hello')).toBe(false);
    expect(secondFactorBody.safeParse({ token: 'abcde-12345' }).success).toBe(true);
    expect(secondFactorBody.safeParse({ token: 'x'.repeat(65) }).success).toBe(false);
    expect(secondFactorBody.safeParse({ token: '' }).success).toBe(false);
  });

  it('lets disable-2fa have an empty code, a 6-digit one or a recovery code', () => {
    expect(disableTwoFactorBody.parse({})).toEqual({ token: '' });
    expect(disableTwoFactorBody.safeParse({ token: '123456' }).success).toBe(true);
    expect(disableTwoFactorBody.safeParse({ token: 'abcde 12345' }).success).toBe(true);
    expect(disableTwoFactorBody.safeParse({ token: '123' }).success).toBe(false);
  });
});
