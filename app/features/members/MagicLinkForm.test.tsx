import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { CurrentUser } from '../../../shared/contracts/account';
import { MagicLinkForm } from './MagicLinkForm';

const SEND = 'POST /api/trips/t1/magic-links';

function renderForm(user: CurrentUser, routes: Record<string, Route> = {}) {
  const api = mockApi(routes);
  renderPage(<MagicLinkForm tripId="t1" />, { route: '/dashboard', user });
  return {
    api,
    form: screen.getByRole('form', { name: 'Magic link' }),
    email: screen.getByLabelText("Friend's email") as HTMLInputElement,
    name: screen.getByLabelText('Name (optional)') as HTMLInputElement,
    send: screen.getByRole('button', { name: 'Send magic link' }) as HTMLButtonElement,
  };
}

beforeEach(() => resetToasts());

describe('MagicLinkForm for a Free owner', () => {
  it('shows the option disabled, with the upgrade note and a way to the plans', async () => {
    const { api, form, email, name, send } = renderForm(makeUser({ plan: 'free' }));
    expect(email.disabled).toBe(true);
    expect(name.disabled).toBe(true);
    expect(send.disabled).toBe(true);
    expect(form.getAttribute('aria-describedby')).toBeTruthy();
    const note = document.getElementById(form.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe(
      'Magic-link invitations come with Premium and Pro. See the plans',
    );
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');

    await userEvent.click(send);
    expect(api.actions()).toEqual([]);
  });
});

describe('MagicLinkForm for a Premium or Pro owner', () => {
  const premium = makeUser({ plan: 'premium', isPremium: true });

  it('offers the form, with no upgrade note', () => {
    const { email, name, send } = renderForm(premium);
    expect(email.disabled).toBe(false);
    expect(name.disabled).toBe(false);
    expect(send.disabled).toBe(false);
    expect(screen.queryByText(/come with Premium and Pro/)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('refuses a bad or empty address with the spec toast and sends nothing', async () => {
    const { api, email, send } = renderForm(premium, { [SEND]: { body: { success: true } } });
    await userEvent.type(email, 'bo.example.com{Enter}');
    await findToast('Invalid email', 'Please enter a valid email address');
    resetToasts();

    // Something with an @ that the server would refuse all the same: no send is spent on it.
    await userEvent.clear(email);
    await userEvent.type(email, 'bo@x{Enter}');
    await findToast('Invalid email', 'Please enter a valid email address');
    resetToasts();

    await userEvent.clear(email);
    await userEvent.click(send);
    await findToast('Invalid email', 'Please enter a valid email address');
    expect(api.callsTo(SEND)).toEqual([]);
  });

  it('refuses a name longer than the contract allows, next to the form', async () => {
    const { api, email, name } = renderForm(premium, { [SEND]: { body: { success: true } } });
    await userEvent.type(email, 'bo@example.com');
    await userEvent.type(name, `${'B'.repeat(65)}{Enter}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Names are at most 64 characters');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(api.callsTo(SEND)).toEqual([]);
  });

  it('sends the address and the name, says so and clears the form', async () => {
    const { api, email, name } = renderForm(premium, { [SEND]: { body: { success: true } } });
    await userEvent.type(email, ' bo@example.com ');
    await userEvent.type(name, ' Bo {Enter}');

    await findToast('Magic link sent to bo@example.com');
    expect(api.callsTo(SEND).map((call) => call.body)).toEqual([
      { email: 'bo@example.com', name: 'Bo' },
    ]);
    expect(email.value).toBe('');
    expect(name.value).toBe('');
  });

  it('sends no name when none is given (a Pro owner)', async () => {
    const { api, email, send } = renderForm(makeUser({ plan: 'pro', isPremium: true }), {
      [SEND]: { body: { success: true } },
    });
    await userEvent.type(email, 'bo@example.com');
    await userEvent.click(send);
    await findToast('Magic link sent to bo@example.com');
    expect(api.callsTo(SEND)[0]!.body).toEqual({ email: 'bo@example.com', name: null });
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const refusal =
      'Magic-link invitations come with the Premium and Pro plans. Upgrade to send one, or share the invitation link instead.';
    const { email } = renderForm(premium, { [SEND]: { status: 403, body: { message: refusal } } });
    await userEvent.type(email, 'bo@example.com{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(email.value).toBe('bo@example.com');
    expect(email.getAttribute('aria-invalid')).toBe('true');

    // Editing clears the message.
    await userEvent.type(email, 'm');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
