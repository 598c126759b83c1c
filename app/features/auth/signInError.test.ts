import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/apiError';
import { checkSignIn, NO_CONNECTION, signInFailure } from './signInError';

const answer = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));

describe('checkSignIn (spec §5)', () => {
  it('passes both fields on, the username trimmed', () => {
    expect(checkSignIn({ username: ' ana ', password: 'pw' })).toEqual({
      ok: true,
      data: { username: 'ana', password: 'pw' },
    });
  });

  it('names every empty field, the first one taking the message', () => {
    expect(checkSignIn({ username: '', password: '' })).toEqual({
      ok: false,
      error: {
        message: 'Please enter your username and password',
        at: 'username',
        invalid: ['username', 'password'],
      },
    });
    expect(checkSignIn({ username: 'ana', password: '' })).toMatchObject({
      error: { at: 'password', invalid: ['password'] },
    });
  });
});

describe('signInFailure (spec §8, issue #38)', () => {
  it('puts a wrong name or password under the password, marking both', () => {
    expect(
      signInFailure(
        answer(401, { code: 'invalid_credentials', message: 'Invalid username or password' }),
      ),
    ).toEqual({
      message: 'Invalid username or password',
      at: 'password',
      invalid: ['username', 'password'],
    });
  });

  it('puts a field the server refused under that field', () => {
    const refused = answer(400, {
      code: 'invalid_input',
      message: 'Invalid input',
      issues: [{ path: 'username', message: 'Please enter your username and password' }],
    });
    expect(signInFailure(refused)).toEqual({
      message: 'Please enter your username and password',
      at: 'username',
      invalid: ['username'],
    });
  });

  it('gives a lock-out to the form as a whole, in the server’s words', () => {
    const locked = answer(429, { code: 'account_locked', message: 'Please wait 15 minutes.' });
    expect(signInFailure(locked)).toEqual({
      message: 'Please wait 15 minutes.',
      at: 'form',
      invalid: [],
    });
  });

  it('falls back to "Invalid username or password", or the connection when nothing answered', () => {
    expect(signInFailure(new ApiError(502, '<html>Bad Gateway</html>')).message).toBe(
      'Invalid username or password',
    );
    expect(signInFailure(new TypeError('Failed to fetch'))).toEqual({
      message: NO_CONNECTION,
      at: 'form',
      invalid: [],
    });
  });
});
