import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfirmationDelivery } from '../../../shared/contracts/mail';
import type { SentInvitations } from '../../../shared/contracts/members';
import { apiClient, newAccount } from '../../test/apiClient';
import { createAccount, createTrip } from '../../test/factories';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtpServer';
import { startTestApp, type TestApp } from '../../test/testApp';
import { mailOutbox } from '../db/schema';

/**
 * Issue #35: every e-mail goes through the outbox. A mail server of the test's own answers 451,
 * 421, 550, refuses connections or stalls: requests never wait for it, temporary failures are
 * tried again until the server takes them, permanent ones are shown to the sender, and the log
 * names neither the recipients nor the join codes.
 */
let smtp: FakeSmtp;
let t: TestApp;
let clock = new Date();
const logLines: string[] = [];
const TRIP = 'Lisbon in spring';

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    now: () => clock,
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  smtp.behave({ kind: 'accept' });
  clock = new Date();
  // Each test starts from an outbox with nothing waiting from the one before.
  await t.database.db.delete(mailOutbox);
  smtp.received.length = 0;
});

/** Moves the job clock on and runs the outbox as the scheduler would. */
async function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
  await t.deliverMail();
}

const receivedBy = (address: string) =>
  smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));

async function outboxRows() {
  return t.database.db.select().from(mailOutbox);
}

/** The four e-mails a person waits for: a reset, an invitation, an address change, a sign-up. */
async function sendOneOfEach(stamp: string) {
  const owner = await createAccount(t, { firstName: 'Rita' });
  const trip = await createTrip(t.database.db, owner.id, { name: TRIP });
  const invited = `invited-${stamp}@example.com`;
  const moved = `moved-${stamp}@example.com`;
  const signUp = newAccount({ email: `new-${stamp}@example.com` });
  const answers = [
    await apiClient(t.url).post('/api/forgot-password', { email: owner.user.email }),
    await owner.client.post(`/api/trips/${trip.id}/invitations`, { email: invited }),
    await owner.client.patch('/api/user', { email: moved }),
    await apiClient(t.url).post('/api/register', signUp),
  ];
  expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 201]);
  const addresses = [owner.user.email, invited, moved, signUp.email];
  // The reset is queued after its answer (issue #16): wait until all four are in the outbox.
  await expect.poll(async () => (await outboxRows()).length).toBe(4);
  return { owner, trip, addresses };
}

describe('temporary failures', () => {
  for (const [name, behaviour] of [
    ['a 451 to each recipient', { kind: 'refuseRecipients', code: 451 }],
    ['a 421 at the greeting', { kind: 'busy' }],
  ] as const) {
    it(`${name}: all four e-mails wait, and go once the server takes mail again`, async () => {
      smtp.behave(behaviour);
      const { addresses } = await sendOneOfEach(`t${behaviour.kind}`);
      await t.deliverMail();
      expect(smtp.received).toHaveLength(0);
      const rows = await outboxRows();
      expect(rows.every((row) => row.status === 'pending')).toBe(true);
      // What was tried found the server failing, and says how (no address in it).
      const tried = rows.filter((row) => row.attempts > 0);
      expect(tried.length).toBeGreaterThan(0);
      for (const row of tried) expect(row.lastError).toMatch(/^4\d\d /);
      // Still failing at the next tries: still waiting, not lost.
      await later(60_000);
      await later(120_000);
      expect((await outboxRows()).every((row) => row.status === 'pending')).toBe(true);

      smtp.behave({ kind: 'accept' });
      await later(15 * 60_000);
      for (const address of addresses) expect(receivedBy(address), address).toHaveLength(1);
      const sent = await outboxRows();
      expect(sent.every((row) => row.status === 'sent')).toBe(true);
      // The links were secrets: a sent message's body is not kept.
      expect(sent.every((row) => row.body === '')).toBe(true);
    });
  }

  it('a server that refuses connections: the mail waits, and goes when it is back', async () => {
    await smtp.stop();
    try {
      await sendOneOfEach('down');
      await t.deliverMail();
      expect((await outboxRows()).every((row) => row.status === 'pending')).toBe(true);
    } finally {
      await smtp.start();
    }
    // Once one message goes, every waiting one is due at once: no backoff left to sit out.
    await later(30_000);
    expect(smtp.received).toHaveLength(4);
    expect((await outboxRows()).every((row) => row.status === 'sent')).toBe(true);
  });

  it('is tried again for more than a day, then given up and shown to the sender', async () => {
    smtp.behave({ kind: 'refuseRecipients', code: 451 });
    const owner = await createAccount(t);
    const trip = await createTrip(t.database.db, owner.id, { name: TRIP });
    await owner.client.post(`/api/trips/${trip.id}/invitations`, { email: 'late@example.com' });
    await t.deliverMail();
    for (let hour = 1; hour <= 24; hour += 1) await later(60 * 60_000);
    const [waiting] = await outboxRows();
    expect(waiting?.status).toBe('pending');
    expect(waiting!.attempts).toBeGreaterThan(20);
    await later(3 * 60 * 60_000);
    const list = await owner.client.get<SentInvitations>(`/api/trips/${trip.id}/invitations`);
    expect(list.body.invitations).toEqual([
      expect.objectContaining({ email: 'late@example.com', state: 'not_delivered' }),
    ]);
  });
});

describe('permanent failures', () => {
  it('a 550 is not tried again, and the owner sees the invitation "not delivered"', async () => {
    smtp.behave({ kind: 'refuseRecipients', code: 550 });
    const owner = await createAccount(t);
    const trip = await createTrip(t.database.db, owner.id, { name: TRIP });
    const res = await owner.client.post(`/api/trips/${trip.id}/invitations`, {
      email: 'Nobody.Here@example.com',
    });
    expect(res.status).toBe(200);
    const sending = await owner.client.get<SentInvitations>(`/api/trips/${trip.id}/invitations`);
    expect(sending.status).toBe(200);
    await t.deliverMail();
    smtp.behave({ kind: 'accept' });
    await later(60 * 60_000);
    expect(smtp.received).toHaveLength(0);
    const list = await owner.client.get<SentInvitations>(`/api/trips/${trip.id}/invitations`);
    expect(list.body.invitations).toEqual([
      {
        id: expect.any(String),
        email: 'Nobody.Here@example.com',
        kind: 'invitation',
        state: 'not_delivered',
        createdAt: expect.any(String),
        reason: '550 5.1.1 <recipient>: Recipient address rejected',
      },
    ]);
  });

  it('a refused confirmation link shows on the profile of whoever asked for it', async () => {
    const person = await createAccount(t);
    const other = await createAccount(t);
    const nothingPending = await person.client.get<ConfirmationDelivery>(
      '/api/user/email-confirmation',
    );
    expect(nothingPending.body).toEqual({ state: null, reason: null });
    smtp.behave({ kind: 'refuseRecipients', code: 550 });
    await person.client.patch('/api/user', { email: 'Typo@Exampel.com' });
    await t.deliverMail();
    const refused = await person.client.get<ConfirmationDelivery>('/api/user/email-confirmation');
    expect(refused.body).toEqual({
      state: 'not_delivered',
      reason: '550 5.1.1 <recipient>: Recipient address rejected',
    });
    // Only one's own links: another account's pending address says nothing here.
    expect((await other.client.get('/api/user/email-confirmation')).body).toEqual({
      state: null,
      reason: null,
    });
    smtp.behave({ kind: 'refuseRecipients', code: 451 });
    await person.client.patch('/api/user', { email: 'right@example.com' });
    await t.deliverMail();
    const waiting = await person.client.get<ConfirmationDelivery>('/api/user/email-confirmation');
    expect(waiting.body.state).toBe('retrying');
    smtp.behave({ kind: 'accept' });
    await later(60_000);
    const sent = await person.client.get<ConfirmationDelivery>('/api/user/email-confirmation');
    expect(sent.body).toEqual({ state: 'sent', reason: null });
  });

  it('lists only the trip’s own invitations, to its owner', async () => {
    const owner = await createAccount(t);
    const member = await createAccount(t);
    const trip = await createTrip(t.database.db, owner.id, { memberIds: [member.id] });
    const other = await createTrip(t.database.db, owner.id);
    await owner.client.post(`/api/trips/${trip.id}/invitations`, { email: 'a@example.com' });
    await owner.client.post(`/api/trips/${other.id}/invitations`, { email: 'b@example.com' });
    await t.deliverMail();
    const list = await owner.client.get<SentInvitations>(`/api/trips/${trip.id}/invitations`);
    expect(list.body.invitations.map((row) => [row.email, row.state])).toEqual([
      ['a@example.com', 'sent'],
    ]);
    expect((await member.client.get(`/api/trips/${trip.id}/invitations`)).status).toBe(403);
    const outsider = await createAccount(t);
    expect((await outsider.client.get(`/api/trips/${trip.id}/invitations`)).status).toBe(404);
  });
});

describe('a stalled mail server', () => {
  it('keeps no request waiting: the invitation is answered while the server still says nothing', async () => {
    smtp.behave({ kind: 'stall' });
    const owner = await createAccount(t);
    const trip = await createTrip(t.database.db, owner.id, { name: TRIP });
    const res = await owner.client.post(`/api/trips/${trip.id}/invitations`, {
      email: 'patient@example.com',
    });
    expect(res.status).toBe(200);
    // The answer came while the worker's connection is still waiting for a greeting.
    await expect.poll(() => smtp.stalled()).toBeGreaterThan(0);
    expect(smtp.received).toHaveLength(0);
    smtp.behave({ kind: 'accept' });
    // The stalled connection is let go (the server "restarts"); the message is sent after that.
    await smtp.stop();
    await smtp.start();
    await later(60_000);
    expect(receivedBy('patient@example.com')).toHaveLength(1);
  });
});

describe('the log', () => {
  it('names no recipient and no join code', async () => {
    const owner = await createAccount(t);
    const trip = await createTrip(t.database.db, owner.id, { name: TRIP });
    const link = await owner.client.get<{ url: string }>(`/api/trips/${trip.id}/invitation`);
    const code = link.body.url.split('/join/')[1]!;
    const address = 'secret.friend@example.com';
    await owner.client.post(`/api/trips/${trip.id}/invitations`, { email: address });
    await apiClient(t.url).get(`/api/join/${code}`);
    await apiClient(t.url).get(`/join/${code}`);
    smtp.behave({ kind: 'refuseRecipients', code: 550 });
    await owner.client.post(`/api/trips/${trip.id}/invitations`, { email: 'refused@example.com' });
    await t.deliverMail();
    await expect
      .poll(() => logLines.some((line) => line.includes('refused by the mail server')))
      .toBe(true);
    const all = logLines.join('\n');
    expect(all).toContain('e-mail sent');
    expect(all).toContain('[redacted]');
    expect(all).not.toContain(address);
    expect(all).not.toContain('refused@example.com');
    expect(all).not.toContain(code);
    expect(all).not.toContain(owner.user.email);
  });
});

describe('several instances', () => {
  it('sends each message once when two workers run at the same time', async () => {
    const second = await startTestApp({ env: { SMTP_URL: smtp.url }, database: t.database });
    try {
      const owner = await createAccount(t);
      const trip = await createTrip(t.database.db, owner.id, { name: TRIP });
      const addresses = Array.from({ length: 12 }, (_, i) => `crowd-${i}@example.com`);
      await Promise.all(
        addresses.map((email) => owner.client.post(`/api/trips/${trip.id}/invitations`, { email })),
      );
      await Promise.all([t.deliverMail(), second.deliverMail(), t.deliverMail()]);
      await expect.poll(() => smtp.received.length).toBe(12);
      for (const address of addresses) expect(receivedBy(address), address).toHaveLength(1);
      const rows = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.tripId, trip.id));
      expect(rows.map((row) => row.attempts)).toEqual(addresses.map(() => 1));
    } finally {
      await second.close();
    }
  });
});
