import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, mockApi, type Reply } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import { WaitlistBanner } from './WaitlistBanner';

const JOIN = 'POST /api/waitlist';

function renderBanner() {
  renderPage(<WaitlistBanner />);
  return userEvent.setup();
}

async function expand(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: 'Join Waitlist' }));
}

afterEach(() => {
  resetToasts();
});

describe('WaitlistBanner', () => {
  it('expands on Join Waitlist into a form, and Cancel collapses it', async () => {
    mockApi();
    const u = renderBanner();
    expect(screen.queryByLabelText('Email')).toBeNull();

    await expand(u);
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText('Name (optional)').hasAttribute('required')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Join Waitlist' })).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Join Waitlist' }));
  });

  it.each([
    ['empty', ''],
    ['without an at-sign', 'ana.example.com'],
    ['not an address', 'ana@'],
  ])('rejects an e-mail that is %s, sends nothing and stays open', async (_case, value) => {
    const api = mockApi();
    const u = renderBanner();
    await expand(u);
    if (value) await u.type(screen.getByLabelText('Email'), value);
    await u.click(screen.getByRole('button', { name: 'Submit' }));

    const shown = await findToast('Invalid email', 'Please enter a valid email address');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
    expect(api.actions()).toEqual([]);
    expect(screen.getByLabelText('Email')).toBeVisible();
  });

  it('sends the trimmed e-mail and name with source landing, reads Submitting... meanwhile, then thanks and collapses', async () => {
    const reply = deferred<Reply>();
    const api = mockApi({ [JOIN]: () => reply.promise });
    const u = renderBanner();
    await expand(u);
    await u.type(screen.getByLabelText('Email'), '  ana@example.com ');
    await u.type(screen.getByLabelText('Name (optional)'), ' Ana Lima ');
    await u.click(screen.getByRole('button', { name: 'Submit' }));

    const pending = await screen.findByRole('button', { name: 'Submitting...' });
    expect(pending.textContent).toBe('Submitting...');
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo(JOIN).map((call) => call.body)).toEqual([
      { email: 'ana@example.com', name: 'Ana Lima', source: 'landing' },
    ]);

    reply.resolve({ body: { success: true } });
    await findToast("Thanks for your interest! We'll notify you when Tripmates launches.");
    expect(screen.queryByLabelText('Email')).toBeNull();

    // Reopened, the form starts empty.
    await expand(u);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Name (optional)') as HTMLInputElement).value).toBe('');
  });

  it('leaves the name out when it is blank', async () => {
    const api = mockApi({ [JOIN]: { body: { success: true } } });
    const u = renderBanner();
    await expand(u);
    await u.type(screen.getByLabelText('Email'), 'ana@example.com');
    await u.type(screen.getByLabelText('Name (optional)'), '   ');
    await u.click(screen.getByRole('button', { name: 'Submit' }));

    await findToast("Thanks for your interest! We'll notify you when Tripmates launches.");
    expect(api.callsTo(JOIN)[0]!.body).toEqual({ email: 'ana@example.com', source: 'landing' });
  });

  it('says the e-mail is invalid when the server answers 400', async () => {
    mockApi({ [JOIN]: { status: 400, body: { message: 'Invalid email address (email)' } } });
    const u = renderBanner();
    await expand(u);
    await u.type(screen.getByLabelText('Email'), 'ana@example.com');
    await u.click(screen.getByRole('button', { name: 'Submit' }));

    const shown = await findToast('Invalid email', 'Please enter a valid email address');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByLabelText('Email')).toBeVisible();
  });

  it.each<[string, Reply | (() => never)]>([
    ['a server error', { status: 500, body: { message: 'Internal server error' } }],
    ['too many submissions', { status: 429, body: { message: 'Too many requests' } }],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('says something went wrong on %s, keeps the form and its values', async (_case, route) => {
    mockApi({ [JOIN]: route });
    const u = renderBanner();
    await expand(u);
    await u.type(screen.getByLabelText('Email'), 'ana@example.com');
    await u.click(screen.getByRole('button', { name: 'Submit' }));

    const shown = await findToast('Something went wrong', 'Please try again later');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });
});
