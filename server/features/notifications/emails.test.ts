import { describe, expect, it } from 'vitest';
import type { BellKind, NotificationData } from '../../../shared/contracts/notifications';
import { notificationMail } from './emails';

const TRIP = '0b8e9c1e-5a0e-4a53-9d63-2f4b2f6f9a10';
const TODO = '5f0c2a7e-1d0b-4c4b-8b7e-6a2d3c4e5f60';

const mail = (kind: BellKind, data: NotificationData, subjectId: string | null = TODO) =>
  notificationMail('https://tripmates.example', {
    id: 'n1',
    kind,
    data,
    subjectId,
    tripId: TRIP,
    tripName: 'Bali',
    actorName: 'Ana Lima',
    to: { email: 'bruno@example.com', name: 'Bruno', token: 'token-123456' },
  });

describe('a notification e-mail’s button opens what it is about (issue #38)', () => {
  it('a mention: the thread of the item its comment is on', () => {
    const sent = mail('mentioned', {
      label: 'Book the villa',
      on: 'todo',
      excerpt: 'Which dates?',
    });
    expect(sent.text).toMatch(
      new RegExp(
        `^Read the comment: https://tripmates.example/trips/${TRIP}\\?comments=todo%3A${TODO}$`,
        'm',
      ),
    );
    expect(sent.html).toContain(`/trips/${TRIP}?comments=todo%3A${TODO}"`);
  });

  it('an assignment: the to-do; an invitation: its join page; a call: the trip', () => {
    expect(mail('assigned', { label: 'Pay the deposit' }).text).toMatch(
      new RegExp(`^See your to-dos: \\S+/trips/${TRIP}\\?item=todo%3A${TODO}$`, 'm'),
    );
    expect(mail('invited', { path: '/join/abc123' }, null).text).toMatch(
      /^Open the trip: https:\/\/tripmates\.example\/join\/abc123$/m,
    );
    expect(mail('callStarted', {}, 'call-1').text).toMatch(
      new RegExp(`^Join the audio room: \\S+/trips/${TRIP}$`, 'm'),
    );
  });
});
