import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryState } from '../../../shared/contracts/mail';
import type { Db, Tx } from '../db/client';
import { mailOutbox, type OutboxMailRow } from '../db/schema';
import type { Job } from '../scheduler';
import { deliveryFailure, RETRY_FOR_MS, retryDelayMs } from './deliveryFailure';
import type { Mail, MailTransport } from './transport';

/** What a message is, for the sender's screen and the log (never its address or its links). */
export type MailKind =
  | 'sign_up'
  | 'email_change'
  | 'password_reset'
  | 'account_deletion'
  | 'invitation'
  | 'magic_link'
  | 'notification'
  | 'summary';

export type QueuedMail = Mail & {
  kind: MailKind;
  /** Whose act sent it, and on which trip: an owner's invitations show how they fared. */
  senderId?: string | null;
  tripId?: string | null;
};

/**
 * Puts an e-mail in the outbox (issue #35). Call it with the transaction that makes the change
 * the e-mail is about — the invitation, the reset token — so that both happen or neither: the
 * worker sends it once that transaction has committed, and no request waits for the mail server.
 */
export async function queueMail(db: Db | Tx, mail: QueuedMail, now = new Date()) {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      html: mail.html ?? null,
      headers: mail.headers ?? null,
      senderId: mail.senderId ?? null,
      tripId: mail.tripId ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** How a message fared, as its sender is shown it. */
export function deliveryStateOf(mail: Pick<OutboxMailRow, 'status' | 'lastError'>): DeliveryState {
  if (mail.status === 'sent') return 'sent';
  if (mail.status === 'failed') return 'not_delivered';
  return mail.lastError ? 'retrying' : 'sending';
}

// A message being sent is held this long: should its instance die mid-send, another sends it
// after this. Longer than the transport's timeouts together (transport.ts).
const LEASE_MS = 2 * 60_000;
// Sent and undeliverable messages are kept this long (the sender's list of invitations), then go.
export const KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * Sends the outbox (issue #35), on every instance at once without sending anything twice: a
 * message is claimed in one UPDATE … FOR UPDATE SKIP LOCKED before it is sent. It runs when the
 * database announces new mail (a trigger on insert, migration 0028, reaching every instance),
 * and every minute on the scheduler for retries. A temporary failure waits (30 s, doubling to
 * 15 min) and ends the run, so a dead server is probed by one message, not hammered by all;
 * when the server takes one again, every waiting message is due at once. A permanent failure,
 * or more than a day of temporary ones, marks the message `failed` for its sender to see.
 */
export class MailOutbox {
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #stopping: () => void = () => {};
  readonly #stop = new Promise<'stopped'>((resolve) => {
    this.#stopping = () => resolve('stopped');
  });

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Sends every message that is due. A call during a run makes that run look once more (the
   * message it was called for may have committed after the run's last look); it resolves when
   * the outbox has nothing more due.
   */
  deliver(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    const run = async () => {
      do {
        this.#again = false;
        try {
          await this.#drain();
        } catch (error) {
          // The database is away: the scheduler's next tick tries again.
          this.log.warn({ err: (error as Error).message }, 'the mail outbox could not be read');
          return;
        }
      } while (this.#again && !this.#stopped);
    };
    this.#running = run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** The scheduler's job: retries, and what an announcement missed; old records go. */
  job(): Job {
    return {
      name: 'mail outbox',
      everyMs: 60_000,
      run: async (now) => {
        await this.deliver();
        await this.db
          .delete(mailOutbox)
          .where(
            and(
              inArray(mailOutbox.status, ['sent', 'failed']),
              lt(mailOutbox.createdAt, new Date(now.getTime() - KEEP_MS)),
            ),
          );
      },
    };
  }

  /**
   * No new sends. A send under way is not waited for (a stalled server would hold a shutdown
   * for half a minute): its message is left claimed, and is sent again once its lease ends.
   */
  async stop() {
    this.#stopped = true;
    this.#stopping();
    await this.#running;
  }

  async #drain() {
    while (!this.#stopped) {
      const mail = await this.#claimNext();
      if (!mail) return;
      const sent = await Promise.race([
        this.transport.send(toMail(mail)).then(
          () => ({ ok: true as const }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
        this.#stop,
      ]);
      if (sent === 'stopped') return;
      if (sent.ok) {
        await this.#sent(mail);
        continue;
      }
      const failedForGood = await this.#failed(mail, sent.error);
      // The server is down or busy: the others wait their turn instead of failing one by one.
      if (!failedForGood) return;
    }
  }

  async #claimNext(): Promise<OutboxMailRow | undefined> {
    const now = this.now();
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          // Never tried: due whatever the clocks say (a job's clock may differ from a request's).
          or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, now)),
          free(now),
        ),
      )
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [mail] = await this.db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        claimedUntil: new Date(now.getTime() + LEASE_MS),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return mail;
  }

  async #sent(mail: OutboxMailRow) {
    const now = this.now();
    // The body goes: its links are secrets, and it has done its job.
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, body: '', html: null, claimedUntil: null })
      .where(eq(mailOutbox.id, mail.id));
    this.log.info({ mail: mail.id, kind: mail.kind, attempts: mail.attempts }, 'e-mail sent');
    if (mail.attempts > 1 || mail.lastError) {
      // The server is back: what waited for it need not wait out its backoff (this run sends it).
      const waiting = await this.db
        .update(mailOutbox)
        .set({ nextAttemptAt: now })
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            isNotNull(mailOutbox.lastError),
            gt(mailOutbox.nextAttemptAt, now),
            free(now),
          ),
        )
        .returning({ id: mailOutbox.id });
      if (waiting.length > 0)
        this.log.info({ waiting: waiting.length }, 'e-mails that waited are due again');
    }
  }

  /** Records a failed try; says whether the message is now given up on. */
  async #failed(mail: OutboxMailRow, error: unknown): Promise<boolean> {
    const now = this.now();
    const { permanent, reason } = deliveryFailure(error);
    const tooLate = now.getTime() - mail.createdAt.getTime() >= RETRY_FOR_MS;
    if (permanent || tooLate) {
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: reason, body: '', html: null, claimedUntil: null })
        .where(eq(mailOutbox.id, mail.id));
      this.log.warn(
        { mail: mail.id, kind: mail.kind, attempts: mail.attempts, reason },
        permanent ? 'e-mail refused by the mail server' : 'e-mail given up after a day of tries',
      );
      return true;
    }
    const wait = retryDelayMs(mail.attempts);
    await this.db
      .update(mailOutbox)
      .set({ lastError: reason, nextAttemptAt: new Date(now.getTime() + wait), claimedUntil: null })
      .where(eq(mailOutbox.id, mail.id));
    this.log.warn(
      { mail: mail.id, kind: mail.kind, attempts: mail.attempts, reason, retryInMs: wait },
      'e-mail not sent yet; trying again later',
    );
    return false;
  }
}

/** Not held by a send under way (on any instance), or held by one that died. */
const free = (now: Date) => or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now));

const toMail = (row: OutboxMailRow): Mail => ({
  to: row.recipient,
  subject: row.subject,
  text: row.body,
  ...(row.html ? { html: row.html } : {}),
  ...(row.headers ? { headers: row.headers } : {}),
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail outbox's worker (server/app.ts): tests wait on `deliver()` for the mail. */
    mailOutbox: MailOutbox;
  }
}
