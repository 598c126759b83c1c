import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import DeleteAccountPage from './DeleteAccountPage';

const renderDelete = (route = '/delete-account?token=link123') =>
  renderPage(<DeleteAccountPage />, { route });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/delete-account', () => {
  it('deletes nothing on opening: a click does, then it leaves for /?deleted=1', async () => {
    const assign = vi.fn();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    const api = mockApi({ 'POST /api/delete-account': { body: { success: true } } });
    renderDelete();
    expect(await screen.findByRole('heading', { name: 'Delete Your Account' })).toBeVisible();
    expect(api.actions()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/?deleted=1'));
    expect(api.callsTo('POST /api/delete-account')[0]!.body).toEqual({ confirmation: 'link123' });
  });

  it('asks for a code when the server says two-factor is on, and sends it', async () => {
    const assign = vi.fn();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    const api = mockApi({
      'POST /api/delete-account': (call) =>
        (call.body as { token?: string }).token
          ? { body: { success: true } }
          : {
              status: 400,
              body: { message: 'Enter a code from your authenticator app.', code: 'invalid_code' },
            },
    });
    const u = userEvent.setup();
    renderDelete();
    await u.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter a code from your authenticator app.',
    );
    await u.type(screen.getByLabelText('Authentication code'), '654321');
    await u.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/?deleted=1'));
    expect(api.callsTo('POST /api/delete-account')[1]!.body).toEqual({
      confirmation: 'link123',
      token: '654321',
    });
  });

  it('says so when the link is used or expired, and when it is incomplete', async () => {
    mockApi({
      'POST /api/delete-account': {
        status: 400,
        body: { message: 'This link has been used.', code: 'deletion_link_invalid' },
      },
    });
    const { unmount } = renderDelete();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeVisible();
    expect(screen.getByRole('alert').textContent).toBe('This link has been used.');
    expect(screen.getByRole('link', { name: 'Go to your security page' })).toBeVisible();
    unmount();

    renderDelete('/delete-account');
    expect(screen.getByRole('alert').textContent).toContain('This link is incomplete');
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
  });
});
