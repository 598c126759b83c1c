import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe on notification e-mails). */
  headers?: Record<string, string>;
};

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Where messages go when there is no SMTP server; null when SMTP_URL is set. */
  outboxDir: string | null;
};

const FROM = 'Tripmates <no-reply@tripmates.app>';

/**
 * With SMTP_URL, e-mails go to that server. Without it they are written as JSON files to
 * DATA_DIR/outbox, so sign-up and password reset work on a machine with no mail server: the
 * operator (or a test) opens the file. Only the file's path is logged, never a link, because
 * the links carry secrets.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      outboxDir: null,
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
        log.info({ subject: mail.subject }, 'e-mail sent');
      },
    };
  }
  const outboxDir = path.join(config.dataDir, 'outbox');
  return {
    outboxDir,
    async send(mail) {
      await fs.promises.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`;
      const file = path.join(outboxDir, name);
      await fs.promises.writeFile(
        file,
        JSON.stringify({ from: FROM, date: new Date().toISOString(), ...mail }, null, 2),
      );
      log.info({ file, subject: mail.subject }, 'e-mail written to the outbox (no SMTP_URL set)');
    },
  };
}
