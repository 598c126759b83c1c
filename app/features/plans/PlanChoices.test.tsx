import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { CurrentUser } from '../../../shared/contracts/account';
import { PlanChoices } from './PlanChoices';

const card = (name: string) =>
  screen
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name }) !== null)!;

function renderChoices(user: CurrentUser | null, routes: Record<string, Route> = {}) {
  const api = mockApi({ 'GET /api/early-access': { body: { request: null } }, ...routes });
  renderPage(<PlanChoices user={user} />, { route: '/plans', user });
  return api;
}

describe('PlanChoices', () => {
  beforeEach(() => resetToasts());

  it('signed out: the three plans, and signing in to ask, coming back here', () => {
    const api = renderChoices(null);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Free',
      'Premium',
      'Pro',
    ]);
    for (const name of ['Premium', 'Pro']) {
      const link = within(card(name)).getByRole('link', {
        name: 'Sign in to ask for early access',
      });
      expect(link.getAttribute('href')).toBe('/auth?next=%2Fplans');
    }
    expect(api.callsTo('GET /api/early-access')).toHaveLength(0);
  });

  it('marks the current plan, says what is included, and asks only for plans above it', async () => {
    renderChoices(makeUser({ plan: 'premium', isPremium: true }));
    expect(within(card('Premium')).getByText('Your plan')).toBeVisible();
    expect(
      within(card('Premium')).getByRole('button', { name: 'Your current plan' }),
    ).toHaveProperty('disabled', true);
    expect(within(card('Free')).getByText('Included in your plan.')).toBeVisible();
    expect(within(card('Free')).queryByRole('button')).toBeNull();
    expect(
      await within(card('Pro')).findByRole('button', { name: 'Request early access to Pro' }),
    ).toBeVisible();
  });

  it('records a request and says so, in place of the button', async () => {
    const api = renderChoices(makeUser(), {
      'POST /api/early-access': {
        body: { plan: 'premium', requestedAt: '2026-11-25T10:00:00.000Z', grantedAt: null },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Request early access to Premium' }),
    );
    await findToast('Request sent', 'An administrator will switch Premium on for your account.');
    expect(api.callsTo('POST /api/early-access').map((call) => call.body)).toEqual([
      { plan: 'premium' },
    ]);
    const status = within(card('Premium')).getByRole('status');
    expect(status.textContent).toContain('Early access requested');
    expect(status.textContent).toContain('You asked on Nov 25, 2026.');
    // The other paid plan can still be asked for (it would replace this request).
    expect(
      within(card('Pro')).getByRole('button', { name: 'Request early access to Pro' }),
    ).toBeVisible();
  });

  it("shows a pending request from an earlier visit, and the server's refusal as it is", async () => {
    renderChoices(makeUser(), {
      'GET /api/early-access': {
        body: {
          request: { plan: 'pro', requestedAt: '2026-11-20T10:00:00.000Z', grantedAt: null },
        },
      },
      'POST /api/early-access': {
        status: 409,
        body: { code: 'plan_held', message: 'Your account already has the Premium plan.' },
      },
    });
    expect((await within(card('Pro')).findByRole('status')).textContent).toContain(
      'You asked on Nov 20, 2026.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Request early access to Premium' }));
    await findToast('Could not send the request', 'Your account already has the Premium plan.');
  });
});
