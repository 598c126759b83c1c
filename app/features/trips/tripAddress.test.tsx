import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressOf, BrowserRouter, useAddress } from '@/lib/router';
import { tripPath } from '../../../shared/clientRoutes';
import { linkedTripId, movedTripAddress, useMoveOldTripLink } from './tripAddress';

const UUID = '0b6f3c1e-2a4d-4c8e-9f10-3a5b7c9d1e2f';

describe('tripPath', () => {
  it('is the trip’s address, its id escaped', () => {
    expect(tripPath(UUID)).toBe(`/trips/${UUID}`);
    expect(tripPath('a/b?c')).toBe('/trips/a%2Fb%3Fc');
  });
});

describe('movedTripAddress', () => {
  it.each([
    ['/dashboard?trip=t1', '/trips/t1'],
    ['/?trip=t1', '/trips/t1'],
    ['/Dashboard/?trip=t1', '/trips/t1'],
    // The rest of the query and the hash come along.
    ['/dashboard?trip=t1&panel=chat#top', '/trips/t1?panel=chat#top'],
    ['/dashboard?x=1&trip=a%2Fb', '/trips/a%2Fb?x=1'],
  ])('moves the old link %s to %s', (old, moved) => {
    expect(movedTripAddress(addressOf(old))).toBe(moved);
  });

  it.each([
    '/dashboard',
    '/',
    '/dashboard?trip=',
    '/trips/t1',
    '/trips/t1?trip=t2',
    '/profile?trip=t1',
    '/dashboardx?trip=t1',
  ])('leaves %s alone', (address) => {
    expect(movedTripAddress(addressOf(address))).toBeNull();
  });
});

describe('linkedTripId', () => {
  it('reads the trip’s address, in one spelling of its id', () => {
    expect(linkedTripId({ tripId: UUID.toUpperCase() }, addressOf(`/trips/${UUID}`))).toBe(UUID);
    expect(linkedTripId({ tripId: 't1' }, addressOf('/trips/t1/itinerary?trip=t2'))).toBe('t1');
  });

  it('reads an old link while it is being moved', () => {
    expect(linkedTripId({}, addressOf('/dashboard?trip=t2'))).toBe('t2');
    expect(linkedTripId({}, addressOf('/?trip=t2'))).toBe('t2');
  });

  it('is null where no trip is named', () => {
    expect(linkedTripId({}, addressOf('/dashboard'))).toBeNull();
    expect(linkedTripId({}, addressOf('/dashboard?trip='))).toBeNull();
    expect(linkedTripId({}, addressOf('/profile?trip=t2'))).toBeNull();
  });
});

describe('useMoveOldTripLink', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  function Page() {
    useMoveOldTripLink();
    const { pathname, search } = useAddress();
    return <p data-testid="where">{pathname + search}</p>;
  }

  it('moves an old link to the trip’s address in place, so Back does not lead to it again', async () => {
    history.replaceState(null, '', '/dashboard?trip=t2&x=1');
    const entries = history.length;
    render(
      <BrowserRouter>
        <Page />
      </BrowserRouter>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/trips/t2?x=1'));
    expect(location.pathname + location.search).toBe('/trips/t2?x=1');
    expect(history.length).toBe(entries);
  });

  it('leaves the dashboard’s own address alone', async () => {
    history.replaceState(null, '', '/dashboard');
    render(
      <BrowserRouter>
        <Page />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
    expect(location.pathname).toBe('/dashboard');
  });
});
