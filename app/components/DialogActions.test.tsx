import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from './DialogActions';

function renderInDialog(actions: React.ReactNode, onSubmit = vi.fn(), onOpenChange = vi.fn()) {
  render(
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Delete flight?</DialogTitle>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {actions}
        </form>
      </DialogContent>
    </Dialog>,
  );
  return { onSubmit, onOpenChange };
}

describe('DialogActions', () => {
  it("submits the dialog's form, and Cancel closes the dialog", async () => {
    const u = userEvent.setup();
    const { onSubmit, onOpenChange } = renderInDialog(
      <DialogActions pending={false}>Save</DialogActions>,
    );
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('runs onClick instead of submitting when given one', async () => {
    const u = userEvent.setup();
    const onClick = vi.fn();
    const { onSubmit } = renderInDialog(
      <DialogActions pending={false} onClick={onClick}>
        Delete
      </DialogActions>,
    );
    await u.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('holds both buttons while pending, the action marked busy', () => {
    renderInDialog(<DialogActions pending>Save</DialogActions>);
    const cancel = screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' });
    const action = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(cancel.disabled).toBe(true);
    expect(action.disabled).toBe(true);
    expect(action.getAttribute('aria-busy')).toBe('true');
  });
});
