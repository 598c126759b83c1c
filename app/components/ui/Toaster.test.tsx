import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredToaster } from '@/components/ui/DeferredToaster';
import { Toaster } from '@/components/ui/Toaster';
import { clearToasts, toast } from '@/hooks/useToast';
import { TOAST_DURATION_MS } from '../../../shared/constants';

function region() {
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}

/** The toasts in the notification region (Radix also announces text in a separate live region). */
function shownToasts() {
  return within(region()).queryAllByRole('listitem');
}

afterEach(() => {
  act(() => clearToasts());
});

describe('Toaster', () => {
  it('shows at most one toast: a new toast replaces the current one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
    });
    act(() => {
      toast({ title: 'Second', description: 'two' });
    });

    const items = shownToasts();
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('Second');
    expect(document.body.textContent).not.toContain('First');
  });

  it('dismisses a toast after 5000 ms, not before', () => {
    vi.useFakeTimers();
    expect(TOAST_DURATION_MS).toBe(5000);
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(shownToasts()).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(shownToasts()).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(shownToasts()).toHaveLength(0);
  });

  it('renders the destructive variant with the destructive styling', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Could not save', variant: 'destructive' });
    });
    const [item] = shownToasts();
    // Other tests ask for an error toast by its variant; this is where the variant meets its look.
    expect(item).toHaveAttribute('data-variant', 'destructive');
    expect(item!.classList).toContain('bg-destructive');
    expect(item!.classList).toContain('text-destructive-foreground');
  });

  it('renders the default variant without the destructive styling', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    const [item] = shownToasts();
    expect(item).toHaveAttribute('data-variant', 'default');
    expect(item!.classList).toContain('bg-background');
    expect(item!.classList).not.toContain('bg-destructive');
  });

  it('returns handles that update and dismiss the toast', () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Uploading' });
    });
    act(() => handle!.update({ title: 'Uploaded' }));
    expect(shownToasts()[0]!.textContent).toContain('Uploaded');

    act(() => handle!.dismiss());
    expect(shownToasts()).toHaveLength(0);
  });

  it('closes with the close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hello' });
    });
    await user.click(within(region()).getByRole('button', { name: 'Close' }));
    expect(shownToasts()).toHaveLength(0);
  });
});

describe('DeferredToaster', () => {
  it('loads nothing until the first toast, then shows it and stays', async () => {
    render(<DeferredToaster />);
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).toBeNull();

    act(() => {
      toast({ title: 'Thanks', description: 'You are on the list' });
    });
    expect(await within(await screen.findByRole('region')).findByText('Thanks')).toBeVisible();

    act(() => clearToasts());
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeVisible();
  });
});
