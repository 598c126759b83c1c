import { describe, expect, it } from 'vitest';
import { deliveryFailure, retryDelayMs } from './deliveryFailure';

// Shaped like nodemailer's errors (SMTPConnection's `_formatError`).
const smtpError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.response ?? 'failed')), fields);

describe('deliveryFailure', () => {
  it('gives up on a 5xx about the message, and says so without the address', () => {
    const failure = deliveryFailure(
      smtpError({
        code: 'EENVELOPE',
        command: 'RCPT TO',
        responseCode: 550,
        response: '550 5.1.1 <ann.lee@example.com>: Recipient address rejected',
      }),
    );
    expect(failure.permanent).toBe(true);
    expect(failure.reason).toBe('550 5.1.1 <recipient>: Recipient address rejected');
    expect(failure.reason).not.toContain('example.com');
  });

  it('tries again after a 4xx, a refused or stalled connection, or a refused sign-in', () => {
    for (const error of [
      smtpError({
        code: 'EENVELOPE',
        command: 'RCPT TO',
        responseCode: 451,
        response: '451 4.3.0 try later',
      }),
      smtpError({ code: 'EPROTOCOL', command: 'CONN', responseCode: 421, response: '421 busy' }),
      smtpError({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:2525' }),
      smtpError({ code: 'ETIMEDOUT', command: 'CONN', message: 'Greeting never received' }),
      smtpError({
        code: 'EAUTH',
        command: 'AUTH PLAIN',
        responseCode: 535,
        response: '535 bad credentials',
      }),
      'something odd',
    ]) {
      expect(deliveryFailure(error).permanent).toBe(false);
    }
  });

  it('always has a reason', () => {
    expect(deliveryFailure(undefined).reason).toBeTruthy();
    expect(deliveryFailure(smtpError({ response: '   ' })).reason).toBe(
      'no answer from the mail server',
    );
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 seconds and stops growing at 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000,
    ]);
  });
});
