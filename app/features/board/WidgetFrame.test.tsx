import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRemoteDragStore } from '@/features/live/liveStore';
import { BOARD_MAX } from '../../../shared/boardLayout';
import type { Widget } from '../../../shared/contracts/board';
import type { Position, Size } from './boardGeometry';
import { type BoardLayout, WidgetFrame } from './WidgetFrame';

const weather: Widget = {
  id: 'weather1',
  tripId: 't1',
  type: 'weather',
  position: { top: 100, left: 100 },
  title: 'Weather',
  data: null,
};

// happy-dom has no layout: every offsetWidth is 0. The frame is given a real size so the clamp
// keeps the whole widget on the canvas, as a browser would.
const FRAME: Size = { width: 250, height: 200 };

type Options = {
  position?: Position;
  layout?: BoardLayout;
  expanded?: boolean;
  /** The board's zoom. */
  scale?: number;
  children?: ReactNode;
  /** How long a save takes to come back as the board's position (0: at once). */
  saveMs?: number;
};

/**
 * A WidgetFrame on a pretend board that, like the Board, takes each reported move, rename and
 * expand as the new state, so what the test sees next is what a person would.
 */
function renderFrame({
  position = weather.position,
  layout = 'canvas',
  expanded = false,
  scale = 1,
  children = <p>Sunny</p>,
  saveMs = 0,
}: Options = {}) {
  const spies = {
    onFront: vi.fn(),
    onExpandedChange: vi.fn(),
    onMove: vi.fn(),
    onRename: vi.fn(),
    onRemove: vi.fn(),
  };
  function OnBoard() {
    const [title, setTitle] = useState(weather.title);
    const [shown, setShown] = useState(position);
    const [isExpanded, setExpanded] = useState(expanded);
    return (
      <WidgetFrame
        widget={{ ...weather, title }}
        layout={layout}
        position={shown}
        layer={10}
        expanded={isExpanded}
        scale={scale}
        onFront={spies.onFront}
        onExpandedChange={(next) => {
          spies.onExpandedChange(next);
          setExpanded(next);
        }}
        onMove={async (next) => {
          spies.onMove(next);
          if (saveMs === 0) setShown(next);
          else await new Promise((saved) => setTimeout(saved, saveMs)).then(() => setShown(next));
          return true;
        }}
        onRename={(next) => {
          spies.onRename(next);
          setTitle(next);
        }}
        onRemove={spies.onRemove}
      >
        {children}
      </WidgetFrame>
    );
  }
  const { unmount } = render(<OnBoard />);
  const frame = screen.getByRole('region', { name: 'Weather' });
  Object.defineProperty(frame, 'offsetWidth', { configurable: true, value: FRAME.width });
  Object.defineProperty(frame, 'offsetHeight', { configurable: true, value: FRAME.height });
  return { ...spies, frame, unmount, handle: screen.getByRole('button', { name: 'Weather' }) };
}

const placeOf = (frame: HTMLElement) => ({
  top: frame.style.top,
  left: frame.style.left,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('WidgetFrame', () => {
  it('shows the widget where it is, with its layer, title, body and hint', () => {
    const { frame, handle } = renderFrame({ position: { top: 120, left: 340 } });
    expect(placeOf(frame)).toEqual({ top: '120px', left: '340px' });
    expect(frame.style.zIndex).toBe('10');
    expect(frame.style.getPropertyValue('--widget-width')).toBe('250px');
    expect(frame.style.getPropertyValue('--widget-loaded-width')).toBe('300px');
    expect(screen.getByText('Sunny')).toBeVisible();
    expect(handle.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(handle.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe(
      'Drag, or press the arrow keys, to move this widget. Shift moves it further. Double-click or press F2 to rename it.',
    );
  });

  describe('arrow keys on the focused title', () => {
    it('move it by 10 px (50 with Shift) and save once, when the keys rest', () => {
      vi.useFakeTimers();
      const { frame, handle, onMove, onFront } = renderFrame();
      handle.focus();

      fireEvent.keyDown(handle, { key: 'ArrowRight' });
      fireEvent.keyDown(handle, { key: 'ArrowRight' });
      fireEvent.keyDown(handle, { key: 'ArrowDown', shiftKey: true });
      // Shown at once, not yet saved.
      expect(placeOf(frame)).toEqual({ top: '150px', left: '120px' });
      expect(onFront).toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(300));
      // Another key restarts the wait: a held key is one move.
      fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
      expect(placeOf(frame)).toEqual({ top: '150px', left: '70px' });
      act(() => vi.advanceTimersByTime(399));
      expect(onMove).not.toHaveBeenCalled();

      act(() => vi.advanceTimersByTime(1));
      expect(onMove).toHaveBeenCalledTimes(1);
      expect(onMove).toHaveBeenCalledWith({ top: 150, left: 70 });
      expect(placeOf(frame)).toEqual({ top: '150px', left: '70px' });
      act(() => vi.advanceTimersByTime(2000));
      expect(onMove).toHaveBeenCalledTimes(1);
    });

    // Seen end to end on a busy machine: a step saved while the next keys were pressed came back
    // as the board's position and took those later steps away (the widget went back one step).
    it('keep the later steps when an earlier step, saved on its own, comes back', async () => {
      vi.useFakeTimers();
      const { frame, handle, onMove } = renderFrame({ saveMs: 100 });
      handle.focus();
      fireEvent.keyDown(handle, { key: 'ArrowRight' });
      act(() => vi.advanceTimersByTime(400)); // the keys rested: the first step is being saved
      expect(onMove).toHaveBeenLastCalledWith({ top: 100, left: 110 });
      fireEvent.keyDown(handle, { key: 'ArrowRight' });
      fireEvent.keyDown(handle, { key: 'ArrowDown', shiftKey: true });
      await act(async () => vi.advanceTimersByTimeAsync(100)); // the first step comes back
      expect(placeOf(frame)).toEqual({ top: '150px', left: '120px' });
      await act(async () => vi.advanceTimersByTimeAsync(400));
      expect(onMove).toHaveBeenLastCalledWith({ top: 150, left: 120 });
      await act(async () => vi.advanceTimersByTimeAsync(100));
      expect(placeOf(frame)).toEqual({ top: '150px', left: '120px' });
    });

    it('keep the whole widget on the canvas', () => {
      vi.useFakeTimers();
      const { frame, handle, onMove } = renderFrame({
        position: { top: BOARD_MAX - 220, left: BOARD_MAX - 270 },
      });
      fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
      fireEvent.keyDown(handle, { key: 'ArrowDown', shiftKey: true });
      // Widget 250×200: its furthest place is that far from the canvas's far corner.
      const far = { top: BOARD_MAX - 200, left: BOARD_MAX - 250 };
      expect(placeOf(frame)).toEqual({ top: `${far.top}px`, left: `${far.left}px` });
      act(() => vi.advanceTimersByTime(400));
      expect(onMove).toHaveBeenCalledExactlyOnceWith(far);
    });

    it('stop at the top-left edges', () => {
      vi.useFakeTimers();
      const { frame, handle, onMove } = renderFrame({ position: { top: 5, left: 30 } });
      fireEvent.keyDown(handle, { key: 'ArrowUp' });
      fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
      expect(placeOf(frame)).toEqual({ top: '0px', left: '0px' });
      act(() => vi.advanceTimersByTime(400));
      expect(onMove).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0 });
    });

    it('save nothing when the widget ends where it started', () => {
      vi.useFakeTimers();
      const { frame, handle, onMove } = renderFrame();
      fireEvent.keyDown(handle, { key: 'ArrowRight' });
      fireEvent.keyDown(handle, { key: 'ArrowLeft' });
      act(() => vi.advanceTimersByTime(1000));
      expect(onMove).not.toHaveBeenCalled();
      expect(placeOf(frame)).toEqual({ top: '100px', left: '100px' });
    });

    it.each([
      ['in the phone layout', { layout: 'stack' }],
      ['while expanded', { expanded: true }],
    ] satisfies [string, Options][])('do nothing %s', (_when, options) => {
      vi.useFakeTimers();
      const { handle, onMove, onFront } = renderFrame(options);
      const key = new KeyboardEvent('keydown', {
        key: 'ArrowDown',
        bubbles: true,
        cancelable: true,
      });
      act(() => {
        handle.dispatchEvent(key);
      });
      act(() => vi.advanceTimersByTime(1000));
      // Not taken: the key does what it does anywhere else (scrolls the stacked board).
      expect(key.defaultPrevented).toBe(false);
      expect(onMove).not.toHaveBeenCalled();
      expect(onFront).not.toHaveBeenCalled();
    });
  });

  describe('renaming', () => {
    const titleField = () => screen.queryByRole('textbox', { name: 'Widget title' });

    it('opens the title field with F2 and saves the trimmed title on Enter', async () => {
      const user = userEvent.setup();
      const { handle, onRename } = renderFrame();
      handle.focus();
      await user.keyboard('{F2}');
      const field = titleField() as HTMLInputElement;
      expect(field.value).toBe('Weather');
      // The whole title is selected, to be typed over. (A browser's select() also focuses the
      // field; happy-dom's does not, so user.type below clicks into it first.)
      expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Weather'.length]);

      await user.clear(field);
      await user.type(field, '  Weather in Ubud  {Enter}');
      expect(onRename).toHaveBeenCalledExactlyOnceWith('Weather in Ubud');
      expect(titleField()).toBeNull();
      const renamed = screen.getByRole('button', { name: 'Weather in Ubud' });
      expect(screen.getByRole('region', { name: 'Weather in Ubud' })).toBeVisible();
      // Back on the title, where the keyboard was.
      await waitFor(() => expect(document.activeElement).toBe(renamed));
    });

    it('opens the title field on a double-click', async () => {
      const user = userEvent.setup();
      const { handle } = renderFrame();
      await user.dblClick(handle);
      expect((titleField() as HTMLInputElement).value).toBe('Weather');
    });

    it('keeps the old title on Escape and sends nothing', async () => {
      const user = userEvent.setup();
      const { handle, onRename } = renderFrame();
      await user.dblClick(handle);
      await user.type(titleField()!, ' and more{Escape}');
      expect(titleField()).toBeNull();
      expect(screen.getByRole('button', { name: 'Weather' })).toBeVisible();
      expect(onRename).not.toHaveBeenCalled();
    });

    it('sends nothing when the title has not changed', async () => {
      const user = userEvent.setup();
      const { handle, onRename } = renderFrame();
      await user.dblClick(handle);
      await user.type(titleField()!, '{Enter}');
      expect(titleField()).toBeNull();
      expect(onRename).not.toHaveBeenCalled();
    });

    it('asks for a title when it is left blank, and stays open', async () => {
      const user = userEvent.setup();
      const { handle, onRename } = renderFrame();
      await user.dblClick(handle);
      const field = titleField()!;
      await user.clear(field);
      await user.type(field, '   {Enter}');

      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe('Please give the widget a title');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
      expect(titleField()).toBe(field);
      expect(onRename).not.toHaveBeenCalled();

      // Typing clears the message; a real title then saves.
      await user.type(field, 'Sky');
      expect(screen.queryByRole('alert')).toBeNull();
      await user.type(field, '{Enter}');
      expect(onRename).toHaveBeenCalledExactlyOnceWith('Sky');
    });

    it('saves when the field loses focus', async () => {
      const user = userEvent.setup();
      const { handle, onRename } = renderFrame();
      await user.dblClick(handle);
      await user.type(titleField()!, ' today');
      await user.click(screen.getByText('Sunny'));
      expect(onRename).toHaveBeenCalledExactlyOnceWith('Weather today');
      expect(titleField()).toBeNull();
    });
  });

  describe('expand and collapse', () => {
    it('expands with the Expand button and collapses with the Collapse button', async () => {
      const user = userEvent.setup();
      const { frame, onExpandedChange } = renderFrame();
      const expand = screen.getByRole('button', { name: 'Expand Weather' });
      expect(expand.getAttribute('aria-expanded')).toBe('false');
      expect(frame.hasAttribute('data-expanded')).toBe(false);

      await user.click(expand);
      expect(onExpandedChange).toHaveBeenLastCalledWith(true);
      const collapse = screen.getByRole('button', { name: 'Collapse Weather' });
      expect(collapse.getAttribute('aria-expanded')).toBe('true');
      expect(frame.hasAttribute('data-expanded')).toBe(true);
      // spec §9: the overlay's layer, above every widget; no canvas position.
      expect(frame.style.zIndex).toBe('999');
      expect(frame.style.top).toBe('');
      expect(screen.getByTestId('widget-backdrop')).toBeVisible();
      // Focus moves into the overlay.
      expect(document.activeElement).toBe(frame);

      await user.click(collapse);
      expect(onExpandedChange).toHaveBeenLastCalledWith(false);
      expect(screen.getByRole('button', { name: 'Expand Weather' })).toBeVisible();
      expect(screen.queryByTestId('widget-backdrop')).toBeNull();
      expect(frame.style.zIndex).toBe('10');
    });

    it('collapses on Escape and gives focus back to the Expand button', async () => {
      const user = userEvent.setup();
      const { onExpandedChange } = renderFrame();
      await user.click(screen.getByRole('button', { name: 'Expand Weather' }));
      await user.keyboard('{Escape}');
      expect(onExpandedChange).toHaveBeenLastCalledWith(false);
      const expand = screen.getByRole('button', { name: 'Expand Weather' });
      expect(document.activeElement).toBe(expand);
    });

    it('collapses when the backdrop is clicked', async () => {
      const user = userEvent.setup();
      const { onExpandedChange } = renderFrame({ expanded: true });
      await user.click(screen.getByTestId('widget-backdrop'));
      expect(onExpandedChange).toHaveBeenCalledExactlyOnceWith(false);
    });

    it('leaves Escape to a dialog of the widget’s own', async () => {
      const user = userEvent.setup();
      const { onExpandedChange } = renderFrame({
        expanded: true,
        children: <div role="dialog" aria-label="Edit flight" />,
      });
      await user.keyboard('{Escape}');
      expect(onExpandedChange).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Collapse Weather' })).toBeVisible();
    });

    it('leaves Escape to the title field: it cancels the rename, the widget stays expanded', async () => {
      const user = userEvent.setup();
      const { handle, onExpandedChange, onRename } = renderFrame({ expanded: true });
      handle.focus();
      await user.keyboard('{F2}');
      await user.type(screen.getByRole('textbox', { name: 'Widget title' }), 'x{Escape}');
      expect(screen.queryByRole('textbox', { name: 'Widget title' })).toBeNull();
      expect(onRename).not.toHaveBeenCalled();
      expect(onExpandedChange).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Collapse Weather' })).toBeVisible();

      // The next Escape is the overlay's again.
      await user.keyboard('{Escape}');
      expect(onExpandedChange).toHaveBeenCalledExactlyOnceWith(false);
    });
  });

  it('calls onRemove from the Remove button, without a drag or a rename', async () => {
    const user = userEvent.setup();
    const { onRemove, onMove, onRename } = renderFrame();
    await user.click(screen.getByRole('button', { name: 'Remove Weather' }));
    expect(onRemove).toHaveBeenCalledOnce();
    expect(onMove).not.toHaveBeenCalled();
    expect(onRename).not.toHaveBeenCalled();
  });

  describe('pointer drag by the header', () => {
    const press = { pointerId: 7, pointerType: 'mouse', button: 0 };

    it('follows the pointer and saves the drop', () => {
      const { frame, handle, onMove, onFront } = renderFrame();
      fireEvent.pointerDown(handle, { ...press, clientX: 200, clientY: 120 });
      expect(onFront).toHaveBeenCalledOnce();
      fireEvent.pointerMove(handle, { ...press, clientX: 260, clientY: 170 });
      expect(placeOf(frame)).toEqual({ top: '150px', left: '160px' });
      fireEvent.pointerMove(handle, { ...press, clientX: 300, clientY: 220 });
      expect(placeOf(frame)).toEqual({ top: '200px', left: '200px' });
      expect(onMove).not.toHaveBeenCalled();

      fireEvent.pointerUp(handle, { ...press, clientX: 300, clientY: 220 });
      expect(onMove).toHaveBeenCalledExactlyOnceWith({ top: 200, left: 200 });
      expect(placeOf(frame)).toEqual({ top: '200px', left: '200px' });
    });

    it('keeps the whole widget on the canvas', () => {
      const { frame, handle, onMove } = renderFrame();
      fireEvent.pointerDown(handle, { ...press, clientX: 200, clientY: 120 });
      fireEvent.pointerMove(handle, { ...press, clientX: 50_000, clientY: 50_000 });
      // Widget 250×200.
      expect(placeOf(frame)).toEqual({
        top: `${BOARD_MAX - 200}px`,
        left: `${BOARD_MAX - 250}px`,
      });
      fireEvent.pointerMove(handle, { ...press, clientX: -5000, clientY: -5000 });
      fireEvent.pointerUp(handle, { ...press, clientX: -5000, clientY: -5000 });
      expect(onMove).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0 });
    });

    it('moves as far on the board as the pointer on screen, at any zoom', () => {
      // Zoomed out to 50 %: 100 px on screen is 200 px of board.
      const { handle, onMove } = renderFrame({ scale: 0.5 });
      fireEvent.pointerDown(handle, { ...press, clientX: 200, clientY: 120 });
      fireEvent.pointerMove(handle, { ...press, clientX: 300, clientY: 170 });
      fireEvent.pointerUp(handle, { ...press, clientX: 300, clientY: 170 });
      expect(onMove).toHaveBeenCalledExactlyOnceWith({ top: 200, left: 300 });
    });

    it('saves nothing for a press without movement (a click that only brings it forward)', () => {
      const { frame, handle, onMove, onFront } = renderFrame();
      fireEvent.pointerDown(handle, { ...press, clientX: 200, clientY: 120 });
      // Under the 3 px threshold: a shaky click, not a drag.
      fireEvent.pointerMove(handle, { ...press, clientX: 202, clientY: 121 });
      fireEvent.pointerUp(handle, { ...press, clientX: 202, clientY: 121 });
      expect(onFront).toHaveBeenCalledOnce();
      expect(onMove).not.toHaveBeenCalled();
      expect(placeOf(frame)).toEqual({ top: '100px', left: '100px' });
    });

    it('puts the widget back when the browser cancels the drag', () => {
      const { frame, handle, onMove } = renderFrame();
      fireEvent.pointerDown(handle, { ...press, clientX: 200, clientY: 120 });
      fireEvent.pointerMove(handle, { ...press, clientX: 300, clientY: 220 });
      fireEvent.pointerCancel(handle, press);
      expect(placeOf(frame)).toEqual({ top: '100px', left: '100px' });
      expect(onMove).not.toHaveBeenCalled();
    });

    it('ignores the right mouse button, another pointer and the header’s buttons', () => {
      const { frame, handle, onMove } = renderFrame();
      fireEvent.pointerDown(handle, { ...press, button: 2, clientX: 200, clientY: 120 });
      fireEvent.pointerMove(handle, { ...press, clientX: 300, clientY: 220 });
      fireEvent.pointerUp(handle, { ...press, clientX: 300, clientY: 220 });

      const remove = screen.getByRole('button', { name: 'Remove Weather' });
      fireEvent.pointerDown(remove, { ...press, clientX: 200, clientY: 120 });
      fireEvent.pointerMove(remove, { ...press, clientX: 300, clientY: 220 });
      fireEvent.pointerUp(remove, { ...press, clientX: 300, clientY: 220 });

      fireEvent.pointerDown(handle, { ...press, clientX: 200, clientY: 120 });
      fireEvent.pointerMove(handle, { ...press, pointerId: 8, clientX: 300, clientY: 220 });
      fireEvent.pointerUp(handle, { ...press, pointerId: 8, clientX: 300, clientY: 220 });
      expect(placeOf(frame)).toEqual({ top: '100px', left: '100px' });
      expect(onMove).not.toHaveBeenCalled();
    });

    it('does not drag in the phone layout or while expanded', () => {
      for (const options of [{ layout: 'stack' }, { expanded: true }] satisfies Options[]) {
        const { handle, onMove, unmount } = renderFrame(options);
        fireEvent.pointerDown(handle, { ...press, clientX: 200, clientY: 120 });
        fireEvent.pointerMove(handle, { ...press, clientX: 300, clientY: 220 });
        fireEvent.pointerUp(handle, { ...press, clientX: 300, clientY: 220 });
        expect(onMove).not.toHaveBeenCalled();
        unmount();
      }
    });
  });
});

describe('another member’s drag', () => {
  it('moves the widget, marked with who is moving it, without redrawing its body', () => {
    const store = createRemoteDragStore();
    const bodyRenders = vi.fn();
    function Body() {
      bodyRenders();
      return <p>Sunny</p>;
    }
    render(
      <WidgetFrame
        widget={weather}
        layout="canvas"
        position={{ top: 100, left: 100 }}
        layer={10}
        expanded={false}
        scale={1}
        onFront={() => {}}
        onExpandedChange={() => {}}
        onMove={async () => true}
        onRename={() => {}}
        onRemove={() => {}}
        remoteDrags={{
          store,
          show: (drag) => ({ at: drag.at, name: 'Mateo Live', colour: '#2563eb' }),
        }}
      >
        <Body />
      </WidgetFrame>,
    );
    const frame = screen.getByRole('region', { name: 'Weather' });
    expect(bodyRenders).toHaveBeenCalledTimes(1);

    for (const left of [120, 140, 160]) {
      act(() => store.set('weather1', { at: { top: 110, left }, userId: 'u2' }));
    }
    expect(placeOf(frame)).toEqual({ top: '110px', left: '160px' });
    expect(screen.getByText('Mateo Live is moving this')).toBeVisible();
    // Another widget's drag is not this one's business.
    act(() => store.set('other', { at: { top: 1, left: 1 }, userId: 'u2' }));
    act(() => store.set('weather1', null));
    expect(placeOf(frame)).toEqual({ top: '100px', left: '100px' });
    expect(screen.queryByText('Mateo Live is moving this')).toBeNull();
    expect(bodyRenders).toHaveBeenCalledTimes(1);
  });
});
