import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { findToast, renderPage, resetToasts } from '@/test/render';
import { useArrivalNotice } from './useArrivalNotice';

function Home() {
  useArrivalNotice();
  return <p>home</p>;
}

afterEach(() => resetToasts());

describe('arriving at / from a sign-out or a deletion (issue #17)', () => {
  it.each([
    ['/?logout=success&t=1795000000000', 'You have been signed out.'],
    ['/?logout=error&t=1795000000000', 'We could not sign you out. Please try again.'],
    ['/?deleted=1', 'Your account has been deleted.'],
  ])('%s says so', async (route, message) => {
    renderPage(<Home />, { route });
    expect((await findToast(message)).textContent).toContain(message);
  });

  it('says nothing on a plain visit', () => {
    renderPage(<Home />, { route: '/?logout=maybe' });
    expect(screen.getByText('home')).toBeTruthy();
    expect(screen.queryAllByRole('listitem', { hidden: true })).toEqual([]);
  });
});
