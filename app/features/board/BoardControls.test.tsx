import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createCursorStore } from '@/features/live/liveStore';
import { BoardControls } from './BoardControls';

function renderControls(zoom = 1) {
  const cursors = createCursorStore((run) => run());
  const spies = { onZoom: vi.fn(), onFitAll: vi.fn(), onTidy: vi.fn(), onGoTo: vi.fn() };
  render(
    <BoardControls
      zoom={zoom}
      {...spies}
      tidying={false}
      canvas={{ width: 2000, height: 1200 }}
      visible={{ top: 0, left: 0, width: 1000, height: 600 }}
      widgets={[{ id: 'countdown1', top: 24, left: 24, width: 280, height: 230 }]}
      people={{
        cursors,
        members: [
          { userId: 'ana', name: 'Ana Lima', image: null, colour: '#e11d48' },
          { userId: 'bo', name: 'Bo Chen', image: null, colour: '#2563eb' },
        ],
      }}
    />,
  );
  return { cursors, ...spies };
}

describe('BoardControls', () => {
  it('zooms by a step each way, fits all and tidies up', async () => {
    const user = userEvent.setup();
    const { onZoom, onFitAll, onTidy } = renderControls(0.8);
    expect(screen.getByRole('status', { name: 'Zoom' })).toHaveTextContent('80%');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(onZoom.mock.calls).toEqual([[1.25], [0.8]]);
    await user.click(screen.getByRole('button', { name: 'Fit all' }));
    await user.click(screen.getByRole('button', { name: 'Tidy up' }));
    expect(onFitAll).toHaveBeenCalledOnce();
    expect(onTidy).toHaveBeenCalledOnce();
  });

  it('stops zooming at either end', () => {
    renderControls(1.5);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeEnabled();
  });

  it('offers to go to each person whose pointer is on the board, and goes there', async () => {
    const user = userEvent.setup();
    const { cursors, onGoTo } = renderControls();
    // No pointer yet: nobody to go to.
    expect(screen.queryByRole('button', { name: /^Go to/ })).toBeNull();
    act(() => cursors.set('bo', { top: 900, left: 1700 }));
    expect(screen.queryByRole('button', { name: 'Go to Ana Lima' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to Bo Chen' }));
    expect(onGoTo).toHaveBeenCalledExactlyOnceWith({ top: 900, left: 1700 });
  });

  it('jumps to the place clicked on the overview, and can hide it', async () => {
    const user = userEvent.setup();
    const { onGoTo } = renderControls();
    const overview = screen.getByRole('img', { name: 'Overview of the board' });
    // 2000 × 1200 px of canvas drawn 176 px wide: 0.088 px of overview a board pixel.
    overview.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 10, y: 20, width: 176, height: 106 });
    fireEvent.pointerDown(overview, { buttons: 1, clientX: 10 + 88, clientY: 20 + 44 });
    const point = onGoTo.mock.calls[0]?.[0] as { left: number; top: number };
    expect(point.left).toBeCloseTo(1000);
    expect(point.top).toBeCloseTo(500);
    await user.click(screen.getByRole('button', { name: 'Overview' }));
    expect(screen.queryByRole('img', { name: 'Overview of the board' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Overview' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
