import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import ForgotPasswordPage from './ForgotPasswordPage';

const renderForgot = () => renderPage(<ForgotPasswordPage />, { route: '/forgot-password' });

afterEach(() => {
  resetToasts();
});

describe('/forgot-password', () => {
  it('shows Reset Your Password, the e-mail field and Back to Login', () => {
    mockApi();
    renderForgot();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/auth');
  });

  it('asks for the address when it is empty, and sends nothing', async () => {
    const api = mockApi();
    renderForgot();
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your email address');
    expect(api.actions()).toEqual([]);
  });

  it('rejects an address that is not one', async () => {
    const api = mockApi();
    renderForgot();
    await userEvent.type(screen.getByLabelText('Email'), 'ana-at-example{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a valid email address',
    );
    expect(api.actions()).toEqual([]);
  });

  it('sends the address, then says the link was sent', async () => {
    const api = mockApi({ 'POST /api/forgot-password': { body: { success: true } } });
    renderForgot();
    await userEvent.type(screen.getByLabelText('Email'), ' ana@example.com {Enter}');

    await findToast('If your email is registered, you will receive a password reset link');
    expect(api.callsTo('POST /api/forgot-password')[0]!.body).toEqual({
      email: 'ana@example.com',
    });
    expect(screen.getByText('Reset link sent')).toBeVisible();
    expect(screen.getByText('ana@example.com')).toBeVisible();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  });

  it('says so when the request fails, and keeps the form', async () => {
    mockApi({ 'POST /api/forgot-password': { status: 500, body: { message: 'Internal' } } });
    renderForgot();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com{Enter}');

    const shown = await findToast('Failed to send password reset email. Please try again.');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByLabelText('Email')).toBeVisible();
  });
});
