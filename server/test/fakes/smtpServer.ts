import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the fake mail server took. */
export type ReceivedMail = { to: string[]; raw: string };

/**
 * How the fake answers: takes everything; refuses each recipient with an SMTP code (451, 550 …);
 * says 421 at the greeting; or takes the connection and says nothing at all (a stalled server).
 */
export type SmtpBehaviour =
  | { kind: 'accept' }
  | { kind: 'refuseRecipients'; code: number }
  | { kind: 'busy' }
  | { kind: 'stall' };

export type FakeSmtp = {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** Connections taken and not answered (`stall`), still open. */
  stalled(): number;
  behave(behaviour: SmtpBehaviour): void;
  /** Stops listening (new connections are refused) and drops the open ones. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
};

/**
 * A mail server on 127.0.0.1 that a test controls (the smtp-server package speaks the protocol),
 * so the outbox's retries, refusals and timeouts meet real SMTP answers, never a real server.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  let behaviour: SmtpBehaviour = { kind: 'accept' };
  const received: ReceivedMail[] = [];
  const stalled = new Set<(error?: Error) => void>();
  let port = 0;
  let server: SMTPServer;

  const withCode = (code: number, text: string) =>
    Object.assign(new Error(text), { responseCode: code });

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // stop() drops what is still open at once instead of after smtp-server's 30 s.
      closeTimeout: 50,
      onConnect(_session, callback) {
        if (behaviour.kind === 'busy') return callback(withCode(421, 'Too busy, try later'));
        if (behaviour.kind === 'stall') {
          // Never answered until the server stops: the client waits for a greeting.
          stalled.add(callback);
          return;
        }
        callback();
      },
      onRcptTo(address, _session, callback) {
        if (behaviour.kind === 'refuseRecipients') {
          const { code } = behaviour;
          const text =
            code >= 500
              ? `5.1.1 <${address.address}>: Recipient address rejected`
              : `4.3.0 <${address.address}>: Try again later`;
          return callback(withCode(code, text));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = make();
      server.on('error', () => {});
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    stalled: () => stalled.size,
    behave(next) {
      behaviour = next;
    },
    async stop() {
      for (const release of stalled) release(withCode(421, 'Shutting down'));
      stalled.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    start: listen,
  };
}
