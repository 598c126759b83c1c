import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAddress } from '@/lib/router';
import { findToast, renderPage } from '@/test/render';
import {
  forgetTripPlace,
  openTripPlace,
  REVEALED_CLASS,
  usePendingPlace,
  useRevealItem,
  useThreadAsked,
  useTripPlaceFromAddress,
  useUnfoundPlaceNotice,
} from './tripPlace';

const TRIP = 'trip-1';

function Item({ id, onShown }: { id: string; onShown?: () => void }) {
  const reveal = useRevealItem(TRIP, 'todo', id, onShown);
  const [threadAsked, setThreadAsked] = useState(false);
  useThreadAsked(TRIP, 'todo', id, () => setThreadAsked(true));
  return (
    <li {...reveal} data-testid={id} className={REVEALED_CLASS}>
      {id}
      {threadAsked && <span>thread of {id}</span>}
    </li>
  );
}

/** Two widgets showing the same list, as a board with two to-do lists does. */
function TwoLists() {
  useTripPlaceFromAddress(TRIP);
  useUnfoundPlaceNotice(TRIP, true);
  const pending = usePendingPlace(TRIP);
  const { search } = useAddress();
  return (
    <>
      <p data-testid="search">{search}</p>
      <p data-testid="pending">{pending ? `${pending.type}:${pending.id}` : 'none'}</p>
      {['first', 'second'].map((list) => (
        <ul key={list} data-testid={list}>
          <Item id="a" />
          <Item id="b" />
        </ul>
      ))}
    </>
  );
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => forgetTripPlace());

describe('opening a place in a trip (issue #38)', () => {
  it('shows the asked item once, in the first list that has it: in view, focused, highlighted', () => {
    renderPage(<TwoLists />, { route: '/trips/trip-1' });
    act(() => openTripPlace(TRIP, { type: 'todo', id: 'b' }));

    const [shown, other] = screen.getAllByTestId('b');
    expect(shown).toHaveAttribute('data-revealed', 'true');
    expect(shown).toHaveFocus();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveAttribute('data-revealed');
    for (const item of screen.getAllByTestId('a'))
      expect(item).not.toHaveAttribute('data-revealed');
    expect(screen.getByTestId('pending')).toHaveTextContent('none');
    // Not a thread: none opens.
    expect(screen.queryByText('thread of b')).toBeNull();
  });

  it('opens the thread once, on the item shown', () => {
    renderPage(<TwoLists />, { route: '/trips/trip-1' });
    act(() => openTripPlace(TRIP, { type: 'todo', id: 'a', comments: true }));
    expect(screen.getAllByText('thread of a')).toHaveLength(1);
  });

  it('leaves another trip’s place alone', () => {
    renderPage(<TwoLists />, { route: '/trips/trip-1' });
    act(() => openTripPlace('trip-2', { type: 'todo', id: 'a' }));
    for (const item of screen.getAllByTestId('a'))
      expect(item).not.toHaveAttribute('data-revealed');
  });

  it('takes the place from the address, and the address forgets it', async () => {
    renderPage(<TwoLists />, {
      route: '/trips/trip-1?item=todo:a&view=x',
      path: '/trips/:tripId',
    });
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?view=x'));
    expect(screen.getAllByTestId('a')[0]).toHaveAttribute('data-revealed', 'true');
  });

  it('says so when no list shows it once the board is in', async () => {
    vi.useFakeTimers();
    try {
      renderPage(<TwoLists />, { route: '/trips/trip-1' });
      act(() => openTripPlace(TRIP, { type: 'todo', id: 'gone' }));
      act(() => vi.advanceTimersByTime(10_000));
    } finally {
      vi.useRealTimers();
    }
    expect(await findToast('That to-do is not on the board')).toBeTruthy();
    expect(screen.getByTestId('pending')).toHaveTextContent('none');
  });
});
