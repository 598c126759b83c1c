import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Extra headers (List-Unsubscribe on notification e-mails). */
  headers?: Record<string, string> | undefined;
};

/** How the outbox worker hands a message on: to the SMTP server, or as a file. */
export type MailTransport = {
  send(mail: Mail): Promise<void>;
  /** Where messages go when there is no SMTP server; null when SMTP_URL is set. */
  outboxDir: string | null;
};

const FROM = 'Tripmates <no-reply@tripmates.app>';

// A mail server that accepts the connection and then says nothing holds a delivery for at most
// these (nodemailer's own defaults are 2 min, 30 s and 10 min). No request waits for it either
// way: only the outbox worker talks to the server.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * With SMTP_URL, e-mails go to that server. Without it they are written as JSON files to
 * DATA_DIR/outbox, so sign-up and password reset work on a machine with no mail server: the
 * operator (or a test) opens the file. Nothing here logs: the outbox worker says what happened,
 * without the address or the links, which carry secrets.
 */
export function createMailTransport(config: Config): MailTransport {
  if (config.smtpUrl) {
    // Loaded only when there is a mail server to talk to, and then with the first message:
    // nodemailer is ~6 MB of memory an idle server does not need (issue #36).
    let transport: Promise<import('nodemailer').Transporter> | undefined;
    return {
      outboxDir: null,
      async send(mail) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS }),
        );
        await (await transport).sendMail({ from: FROM, ...mail });
      },
    };
  }
  const outboxDir = path.join(config.dataDir, 'outbox');
  return {
    outboxDir,
    async send(mail) {
      await fs.promises.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`;
      // Written aside and renamed, so a reader never finds half a message.
      const file = path.join(outboxDir, name);
      await fs.promises.writeFile(
        `${file}.part`,
        JSON.stringify({ from: FROM, date: new Date().toISOString(), ...mail }, null, 2),
      );
      await fs.promises.rename(`${file}.part`, file);
    },
  };
}
