import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveStatusNotice } from './LiveStatusNotice';

describe('LiveStatusNotice', () => {
  it('says nothing while the board is live, connecting or signed out', () => {
    for (const status of ['live', 'connecting', 'signed-out'] as const) {
      const { container, unmount } = render(<LiveStatusNotice status={status} />);
      expect(container.innerHTML).toBe('');
      unmount();
    }
  });

  it('says it is reconnecting, and offers a reload when the server was updated', () => {
    const { rerender } = render(<LiveStatusNotice status="reconnecting" />);
    expect(screen.getByRole('status').textContent).toMatch(/^Reconnecting…/);
    rerender(<LiveStatusNotice status="outdated" />);
    expect(screen.getByRole('status').textContent).toContain('Tripmates has been updated.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
