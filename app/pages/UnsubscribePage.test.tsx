import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi, type Reply } from '@/test/api';
import { findLocation, renderPage } from '@/test/render';
import { NOTIFICATION_MESSAGES } from '../../shared/contracts/notifications';
import UnsubscribePage from './UnsubscribePage';

const TOKEN = 'tok_0123456789abcdef';

// Signed out: the link comes from an e-mail, opened in any browser.
const open = (route: string) =>
  renderPage(<UnsubscribePage />, { route, path: '/unsubscribe', user: null });

describe('/unsubscribe', () => {
  it('asks first, then turns that kind of e-mail off and names the address', async () => {
    const answer = deferred<Reply>();
    const api = mockApi({ 'POST /api/unsubscribe': () => answer.promise });
    const u = userEvent.setup();
    open(`/unsubscribe?token=${TOKEN}&kind=mentioned`);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Stop Mentions e-mails?');
    // Opening the page changes nothing (a mail scanner follows links).
    expect(api.actions()).toEqual([]);

    const button = screen.getByRole('button', { name: 'Unsubscribe' });
    await u.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(api.actions()).toEqual([
      {
        method: 'POST',
        url: `/api/unsubscribe?token=${TOKEN}&kind=mentioned`,
        body: undefined,
      },
    ]);
    answer.resolve({ body: { kind: 'mentioned', email: 'ana@example.com' } });

    expect((await screen.findByRole('status')).textContent).toBe(
      'You will no longer get Mentions e-mails at ana@example.com.',
    );
    const settings = screen.getByRole('link', { name: 'Notification Settings' });
    expect(settings.getAttribute('href')).toBe('/profile?tab=notifications');
    await u.click(settings);
    expect(await findLocation()).toBe('/profile?tab=notifications');
  });

  it("shows the server's message for a link it does not accept", async () => {
    mockApi({
      'POST /api/unsubscribe': {
        status: 400,
        body: { code: 'invalid_input', message: 'This unsubscribe link has expired.' },
      },
    });
    open(`/unsubscribe?token=${TOKEN}&kind=summary`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Stop Daily summary e-mails?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link has expired.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it.each([
    ['no token', '/unsubscribe?kind=mentioned'],
    ['no kind', `/unsubscribe?token=${TOKEN}`],
    ['a kind that does not exist', `/unsubscribe?token=${TOKEN}&kind=everything`],
  ])('refuses a link with %s without calling the server', async (_case, route) => {
    const api = mockApi();
    open(route);
    expect(screen.getByRole('alert').textContent).toBe(NOTIFICATION_MESSAGES.badUnsubscribe);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(api.actions()).toEqual([]);
  });
});
