import { describe, expect, it } from 'vitest';
import { ApiError, errorCode, errorMessage, errorStatus } from './apiError';

const fallback = 'Something went wrong';

describe('ApiError', () => {
  it('keeps the visible format "<status>: <body text>" (spec §7)', () => {
    const body = '{"message":"No such flight","code":"not_found"}';
    const error = new ApiError(404, body);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(`404: ${body}`);
    expect(error.name).toBe('ApiError');
  });

  it('reads the code, the message and the issues of our error bodies', () => {
    const error = new ApiError(
      400,
      JSON.stringify({
        message: 'Invalid email address (email)',
        code: 'invalid_input',
        issues: [{ path: 'email', message: 'Invalid email address' }],
      }),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      serverMessage: 'Invalid email address (email)',
      issues: [{ path: 'email', message: 'Invalid email address' }],
    });
  });

  it('keeps the raw string of a code this client does not know yet', () => {
    const error = new ApiError(418, '{"message":"Brewing","code":"teapot_busy"}');
    expect(error.code).toBe('teapot_busy');
    expect(error.serverMessage).toBe('Brewing');
  });

  it('has no code, message or issues for a body that is not ours', () => {
    for (const body of ['<html>Bad Gateway</html>', 'Internal Server Error', '{"error":"nope"}']) {
      expect(new ApiError(502, body)).toMatchObject({
        status: 502,
        code: null,
        serverMessage: null,
        issues: [],
      });
    }
  });
});

describe('errorMessage', () => {
  it("returns the server's message", () => {
    const error = new ApiError(409, '{"message":"That username is already taken."}');
    expect(errorMessage(error, fallback)).toBe('That username is already taken.');
  });

  it('keeps the message of a validation failure that also lists issues', () => {
    const body = {
      message: 'Invalid email address (email)',
      code: 'invalid_input',
      issues: [{ path: 'email', message: 'Invalid email address' }],
    };
    expect(errorMessage(new ApiError(400, JSON.stringify(body)), fallback)).toBe(
      'Invalid email address (email)',
    );
  });

  it('keeps a message that contains a colon or a line break', () => {
    const error = new ApiError(429, '{"message":"Too many attempts:\\nwait 5 minutes"}');
    expect(errorMessage(error, fallback)).toBe('Too many attempts:\nwait 5 minutes');
  });

  it('falls back for a body that is not JSON', () => {
    expect(errorMessage(new ApiError(502, '<html>Bad Gateway</html>'), fallback)).toBe(fallback);
    expect(errorMessage(new ApiError(500, 'Internal Server Error'), fallback)).toBe(fallback);
  });

  it('falls back for JSON without a usable message', () => {
    for (const body of [
      '{"error":"nope"}',
      '{"message":""}',
      '{"message":"  "}',
      '{"message":42}',
    ]) {
      expect(errorMessage(new ApiError(400, body), fallback)).toBe(fallback);
    }
    expect(errorMessage(new ApiError(400, 'null'), fallback)).toBe(fallback);
    expect(errorMessage(new ApiError(400, '"text"'), fallback)).toBe(fallback);
  });

  it('falls back for errors that are not from the API, even if they look like it', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('409: {"message":"Taken"}'), fallback)).toBe(fallback);
    expect(errorMessage('boom', fallback)).toBe(fallback);
    expect(errorMessage(undefined, fallback)).toBe(fallback);
    expect(errorMessage({ message: 'not an Error' }, fallback)).toBe(fallback);
  });
});

describe('errorStatus', () => {
  it('reads the status of an API error', () => {
    expect(errorStatus(new ApiError(429, '{"message":"Slow down"}'))).toBe(429);
    expect(errorStatus(new ApiError(502, '<html>Bad Gateway</html>'))).toBe(502);
  });

  it('is null for other errors', () => {
    expect(errorStatus(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorStatus(new Error('401: text'))).toBeNull();
    expect(errorStatus('401: text')).toBeNull();
  });
});

describe('errorCode', () => {
  it('reads a code of the catalogue', () => {
    const error = new ApiError(400, '{"message":"Link expired","code":"reset_link_invalid"}');
    expect(errorCode(error)).toBe('reset_link_invalid');
  });

  it('gives a code this client does not know as it is: it matches none of its branches', () => {
    const code = errorCode(new ApiError(400, '{"message":"New","code":"brand_new_code"}'));
    expect(code).toBe('brand_new_code');
    expect(['not_found', 'invalid_code'].includes(code as string)).toBe(false);
  });

  it('is null for a body without a code, and for errors that are not from the API', () => {
    expect(errorCode(new ApiError(404, '{"message":"Gone"}'))).toBeNull();
    expect(errorCode(new ApiError(502, '<html>Bad Gateway</html>'))).toBeNull();
    expect(errorCode(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorCode(undefined)).toBeNull();
  });
});
