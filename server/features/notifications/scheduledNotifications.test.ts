import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationEntry,
  NotificationPreferences,
} from '../../../shared/contracts/notifications';
import type { Poll } from '../../../shared/contracts/polls';
import type { Todo } from '../../../shared/contracts/todos';
import { type Account, createAccount, createTrip } from '../../test/factories';
import { startTwoInstances, type TestApp } from '../../test/testApp';

// The fake clock: the real time at first (the summary's changes are stamped with it), then a
// week before the trip starts (2030-06-01) and on.
let clock = new Date();
let apps: Awaited<ReturnType<typeof startTwoInstances>>;
let t: TestApp;
let owner: Account;
let member: Account;
let tripId: string;

beforeAll(async () => {
  apps = await startTwoInstances(undefined, { now: () => clock });
  t = apps.a;
  owner = await createAccount(t, { firstName: 'Ana', lastName: 'Lima', plan: 'pro' });
  member = await createAccount(t, { firstName: 'Bruno', lastName: 'Costa' });
  tripId = (await createTrip(t.database.db, owner.id, { memberIds: [member.id], name: 'Bali' })).id;
});
afterAll(() => apps.close());

/** Both instances run what is due at the same moment, as two servers behind one balancer. */
async function runBoth(at: Date) {
  clock = at;
  await Promise.all([apps.a.app.scheduler.tick(), apps.b.app.scheduler.tick()]);
  // What one instance found due in the hourly run waits for the next minute's e-mails.
  clock = new Date(at.getTime() + 61_000);
  await Promise.all([apps.a.app.scheduler.tick(), apps.b.app.scheduler.tick()]);
  // The e-mails they queued, out of the outbox.
  await Promise.all([apps.a.deliverMail(), apps.b.deliverMail()]);
}

/** Every e-mail either instance sent to `who`. */
const mailTo = (who: Account) =>
  [...apps.a.sentMail(), ...apps.b.sentMail()].filter((mail) => mail.to === who.user.email);

async function switchOff(who: Account, change: Partial<NotificationPreferences>) {
  const current = (await who.client.get<NotificationPreferences>('/api/notification-preferences'))
    .body;
  await who.client.put('/api/notification-preferences', { ...current, ...change });
}

describe('scheduled notifications on two instances', () => {
  it('a Pro trip’s daily summary: once a day, only when others changed something since', async () => {
    const summaries = () =>
      mailTo(member).filter((mail) => mail.subject === 'What changed in Bali');
    // The clock starts today here (the changes below are stamped with the real time).
    const today = new Date();
    const later = (days: number, hour: number) =>
      new Date(
        Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, hour),
      );
    await runBoth(later(1, 8));
    expect(summaries().map((mail) => mail.text)).toEqual([]);

    await owner.client.post(`/api/trips/${tripId}/todos`, { text: 'Book the ferry' });
    await owner.client.post(`/api/trips/${tripId}/todos`, { text: 'Rent scooters' });
    await member.client.post(`/api/trips/${tripId}/todos`, { text: 'My own' });
    await runBoth(later(2, 6));
    expect(summaries()).toHaveLength(0); // before the morning hour
    await runBoth(later(2, 8));
    await runBoth(later(2, 10));
    const [summary] = summaries();
    expect(summaries()).toHaveLength(1);
    expect(summary!.text).toContain('- Ana Lima added 2 to-dos');
    expect(summary!.text).not.toContain('My own');
    expect(summary!.text).toMatch(new RegExp(`^Open the trip: \\S+/trips/${tripId}$`, 'm'));
    expect(summary!.headers!['List-Unsubscribe']).toContain('kind=summary');

    await runBoth(later(3, 8));
    expect(summaries()).toHaveLength(1);
  });
  it('a poll whose deadline passes tells the trip once, with its result', async () => {
    const today = new Date();
    const deadline = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 3, 12),
    );
    const poll = (
      await owner.client.post<Poll>(`/api/trips/${tripId}/polls`, {
        question: 'Sunrise hike?',
        options: ['Yes', 'No'],
        closesAt: deadline.toISOString(),
      })
    ).body;
    await member.client.put(`/api/polls/${poll.id}/vote`, { optionIds: [poll.options[0]!.id] });
    const told = async (who: Account) =>
      (await who.client.get<NotificationEntry[]>('/api/notifications')).body.filter(
        (entry) => entry.kind === 'pollClosed' && entry.subjectId === poll.id,
      );
    await runBoth(new Date(deadline.getTime() - 5 * 60_000));
    expect(await told(owner)).toEqual([]);
    await runBoth(new Date(deadline.getTime() + 60_000));
    await runBoth(new Date(deadline.getTime() + 5 * 60_000));
    for (const who of [owner, member]) {
      expect(await told(who)).toEqual([
        expect.objectContaining({ actor: null, data: { label: 'Sunrise hike?', result: 'Yes' } }),
      ]);
    }
  });

  it('trip reminders a week and a day before, each once, by e-mail to those who want them', async () => {
    await switchOff(member, { tripReminder: { inApp: true, email: false } });
    await runBoth(new Date('2030-05-25T08:00:00Z'));
    await runBoth(new Date('2030-05-25T10:00:00Z'));
    const week = mailTo(owner).filter((mail) => mail.subject === 'Bali starts in 7 days');
    expect(week).toHaveLength(1);
    expect(mailTo(member).some((mail) => mail.subject.startsWith('Bali starts'))).toBe(false);
    const memberBell =
      await member.client.get<{ kind: string; data: { days?: number } }[]>('/api/notifications');
    expect(memberBell.body.filter((entry) => entry.kind === 'tripReminder')).toEqual([
      expect.objectContaining({ data: { days: 7 } }),
    ]);

    await runBoth(new Date('2030-05-31T09:00:00Z'));
    await runBoth(new Date('2030-05-31T12:00:00Z'));
    expect(mailTo(owner).filter((mail) => mail.subject === 'Bali starts tomorrow')).toHaveLength(1);
  });

  it('every notification e-mail has a plain-text part, HTML, and a one-click unsubscribe that works', async () => {
    const mail = mailTo(owner).find((sent) => sent.subject.startsWith('Bali starts'));
    // Issue #37: the trip's own address.
    expect(mail!.text).toMatch(
      new RegExp(`^Open the trip: https?://[^/\\s]+/trips/${tripId}$`, 'm'),
    );
    expect(mail!.html).toContain(`/trips/${tripId}"`);
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    expect(oneClick).toMatch(/\/api\/unsubscribe\?token=\w+&kind=tripReminder$/);
    // As a mail program posts it: a form, no cookie, no Origin.
    const res = await fetch(oneClick.replace(/^https?:\/\/[^/]+/, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'tripReminder', email: owner.user.email });
    const now = await owner.client.get<NotificationPreferences>('/api/notification-preferences');
    expect(now.body.tripReminder).toEqual({ inApp: true, email: false });
    expect(now.body.mentioned.email).toBe(true);

    const bad = await fetch(`${t.url}/api/unsubscribe?token=not-a-real-token&kind=mentioned`, {
      method: 'POST',
    });
    expect(bad.status).toBe(404);
  });

  it('a to-do due tomorrow tells its assignee once; a new due date is a new reminder', async () => {
    const todo = (
      await owner.client.post<Todo>(`/api/trips/${tripId}/todos`, {
        text: 'Print the tickets',
        dueDate: '2030-06-03T15:00:00.000Z',
        assignedTo: member.id,
      })
    ).body;
    const due = async () =>
      (await member.client.get<{ kind: string }[]>('/api/notifications')).body.filter(
        (entry) => entry.kind === 'dueTomorrow',
      ).length;
    await runBoth(new Date('2030-06-01T09:00:00Z'));
    expect(await due()).toBe(0);
    await runBoth(new Date('2030-06-02T09:00:00Z'));
    await runBoth(new Date('2030-06-02T11:00:00Z'));
    expect(await due()).toBe(1);
    const moved = await owner.client.patch(`/api/todos/${todo.id}`, {
      dueDate: '2030-06-03T20:00:00.000Z',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await runBoth(new Date('2030-06-02T13:00:00Z'));
    expect(await due()).toBe(2);
  });
});
