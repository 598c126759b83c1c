import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, mockApi, type Reply } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import { NewsletterForm } from './NewsletterForm';

const JOIN = 'POST /api/waitlist';

afterEach(() => {
  resetToasts();
});

describe('NewsletterForm', () => {
  it.each([
    ['empty', ''],
    ['not an address', 'ana-at-example'],
  ])('rejects an e-mail that is %s and sends nothing', async (_case, value) => {
    const api = mockApi();
    renderPage(<NewsletterForm />);
    const u = userEvent.setup();
    if (value) await u.type(screen.getByLabelText('Email address'), value);
    await u.click(screen.getByRole('button', { name: 'Join' }));

    const shown = await findToast('Invalid email', 'Please enter a valid email address');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
    expect(api.actions()).toEqual([]);
  });

  it('subscribes the address with source newsletter, busy meanwhile, then confirms and clears', async () => {
    const reply = deferred<Reply>();
    const api = mockApi({ [JOIN]: () => reply.promise });
    renderPage(<NewsletterForm />);
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email address'), ' ana@example.com {Enter}');

    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Join' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect(api.callsTo(JOIN).map((call) => call.body)).toEqual([
      { email: 'ana@example.com', source: 'newsletter' },
    ]);

    reply.resolve({ body: { success: true } });
    await findToast('You’re subscribed', 'We’ll send Tripmates news to ana@example.com.');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Join' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('says something went wrong when the server fails, and keeps the address', async () => {
    mockApi({ [JOIN]: { status: 500, body: { message: 'Internal server error' } } });
    renderPage(<NewsletterForm />);
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await u.click(screen.getByRole('button', { name: 'Join' }));

    const shown = await findToast('Something went wrong', 'Please try again later');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe(
      'ana@example.com',
    );
  });
});
