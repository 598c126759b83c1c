/**
 * What the outbox worker makes of a failed delivery (issue #35): whether trying again can help,
 * and the mail server's answer in a form fit for the log and the sender's screen — without the
 * recipient's address, which servers like to repeat ("550 5.1.1 <ann@example.com>: unknown").
 */
export type DeliveryFailure = { permanent: boolean; reason: string };

const ADDRESS = /<?[^\s<>@]+@[^\s<>@]+>?/g;

/** A nodemailer error (or anything thrown) as a DeliveryFailure. */
export function deliveryFailure(error: unknown): DeliveryFailure {
  const failure = (error ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    code?: unknown;
    command?: unknown;
    message?: unknown;
  };
  const code = typeof failure.responseCode === 'number' ? failure.responseCode : null;
  const said =
    typeof failure.response === 'string'
      ? failure.response
      : typeof failure.message === 'string'
        ? failure.message
        : String(error);
  const reason = said.replace(ADDRESS, '<recipient>').replace(/\s+/g, ' ').trim().slice(0, 300);
  // A 5xx about this message (the sender, the recipient, the content) will be refused again. A
  // 5xx to the sign-in (535: wrong SMTP credentials) is the operator's to fix, and the mail goes
  // once they have: temporary, as are 4xx answers and connections that fail or stall.
  const aboutTheMessage =
    failure.code !== 'EAUTH' && !/^AUTH\b/i.test(String(failure.command ?? ''));
  const permanent = code !== null && code >= 500 && code < 600 && aboutTheMessage;
  return { permanent, reason: reason || 'no answer from the mail server' };
}

// Issue #35: temporary failures are tried again for more than a day.
export const RETRY_FOR_MS = 26 * 60 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 15 * 60_000;

/**
 * How long after its `attempts`-th failed try a message is tried again: 30 s, 1 min, 2 min …
 * at most 15 min (about a hundred tries over a day). Once the server takes a message again,
 * every waiting one is due at once (outbox.ts), so the waits only pace the probing of a server
 * that is down.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}
