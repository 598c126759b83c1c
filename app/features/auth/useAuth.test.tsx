import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * useAuth reads the server's visitor mark when its module loads, so each test loads fresh copies
 * of it and of TanStack Query (one context for provider and hook).
 */
async function renderAuthProbe() {
  vi.resetModules();
  const { QueryClientProvider } = await import('@tanstack/react-query');
  const { createQueryClient } = await import('@/lib/queryClient');
  const { useAuth } = await import('./useAuth');
  function Probe() {
    const { user, isLoading } = useAuth();
    return <p data-testid="auth">{isLoading ? 'loading' : user ? user.username : 'signed out'}</p>;
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Probe />
    </QueryClientProvider>,
  );
  return screen.getByTestId('auth');
}

afterEach(() => {
  document.documentElement.removeAttribute('data-visitor');
  vi.restoreAllMocks();
});

describe('useAuth', () => {
  it('is signed out at once, without a request, on a page the server marked as a visitor’s', async () => {
    document.documentElement.setAttribute('data-visitor', '');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const probe = await renderAuthProbe();
    expect(probe.textContent).toBe('signed out');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks the server when the page carries no mark', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ username: 'ana' }), { status: 200 }));
    const probe = await renderAuthProbe();
    expect(probe.textContent).toBe('loading');
    await vi.waitFor(() => expect(probe.textContent).toBe('ana'));
    expect(fetchSpy).toHaveBeenCalledWith('/api/user', expect.anything());
  });
});
