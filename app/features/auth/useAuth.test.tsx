import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { setSignedInCookie } from '@/test/render';
import { CURRENT_USER_KEY, useAuth } from './useAuth';

function renderAuthProbe() {
  function Probe() {
    const { user, isLoading } = useAuth();
    return <p data-testid="auth">{isLoading ? 'loading' : user ? user.username : 'signed out'}</p>;
  }
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
  return { probe: screen.getByTestId('auth'), queryClient };
}

afterEach(() => {
  setSignedInCookie(false);
  vi.restoreAllMocks();
});

describe('useAuth', () => {
  it('is signed out at once, without a request, in a browser without the signed-in mark', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { probe } = renderAuthProbe();
    expect(probe.textContent).toBe('signed out');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks at the next read once another tab signed in (the mark is shared)', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ username: 'ana' }), { status: 200 }));
    const { probe, queryClient } = renderAuthProbe();
    await queryClient.refetchQueries({ queryKey: CURRENT_USER_KEY });
    expect(fetchSpy).not.toHaveBeenCalled();

    setSignedInCookie(true);
    await queryClient.refetchQueries({ queryKey: CURRENT_USER_KEY });
    await vi.waitFor(() => expect(probe.textContent).toBe('ana'));
  });

  it('asks the server when the browser holds the mark', async () => {
    setSignedInCookie(true);
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ username: 'ana' }), { status: 200 }));
    const { probe } = renderAuthProbe();
    expect(probe.textContent).toBe('loading');
    await vi.waitFor(() => expect(probe.textContent).toBe('ana'));
    expect(fetchSpy).toHaveBeenCalledWith('/api/user', expect.anything());
  });
});
