import { describe, expect, it } from 'vitest';
import { loginBody, MESSAGES, registerBody } from '../../shared/contracts/auth';
import { parseForm } from './validation';

describe('parseForm', () => {
  it('returns the parsed (trimmed) data when the values are valid', () => {
    expect(parseForm(loginBody, { username: '  ana ', password: 'secret' })).toEqual({
      ok: true,
      data: { username: 'ana', password: 'secret' },
    });
  });

  it("returns the first issue's message from the shared schema", () => {
    expect(parseForm(loginBody, { username: '', password: '' })).toEqual({
      ok: false,
      message: MESSAGES.missingCredentials,
    });
    expect(
      parseForm(registerBody, { username: 'ana', email: 'not-an-email', password: 'longenough' }),
    ).toEqual({ ok: false, message: MESSAGES.invalidEmail });
  });
});
