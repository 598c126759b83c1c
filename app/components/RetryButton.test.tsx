import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_FEEDBACK_MS, RetryButton } from './RetryButton';

afterEach(() => {
  vi.useRealTimers();
});

describe('RetryButton (issue #17: a retry that failed at once looked like nothing happened)', () => {
  it('spins for a moment even when the answer is instant, then says when it last tried', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 14, 2) });
    const onRetry = vi.fn();
    render(
      <RetryButton fetching={false} onRetry={onRetry}>
        Try again
      </RetryButton>,
    );
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(screen.getByRole('status').textContent).toBe('');

    fireEvent.click(button);
    expect(onRetry).toHaveBeenCalledOnce();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('button-spinner')).toBeVisible();

    act(() => vi.advanceTimersByTime(RETRY_FEEDBACK_MS));
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/^Still unavailable at (0?2:02|14:02)/);
  });

  it('keeps spinning while the load runs', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <RetryButton fetching={false} onRetry={() => {}}>
        Retry
      </RetryButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    rerender(
      <RetryButton fetching onRetry={() => {}}>
        Retry
      </RetryButton>,
    );
    act(() => vi.advanceTimersByTime(RETRY_FEEDBACK_MS * 3));
    expect(screen.getByRole('button', { name: 'Retry' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
