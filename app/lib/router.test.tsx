import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  Redirect,
  Route,
  Switch,
  useAddress,
  useLocation,
  useParams,
  useSearchParams,
} from './router';

function Where() {
  const { pathname, search, hash } = useAddress();
  return <p data-testid="where">{pathname + search + hash}</p>;
}

function Code() {
  const { code } = useParams();
  return <p data-testid="code">{code}</p>;
}

function renderAt(url: string, ui: React.ReactNode) {
  history.replaceState(null, '', url);
  return render(<BrowserRouter>{ui}</BrowserRouter>);
}

const where = () => screen.getByTestId('where').textContent;

afterEach(() => history.replaceState(null, '', '/'));

describe('Switch and Route', () => {
  const routes = (
    <Switch>
      <Route path="/">home</Route>
      <Route path="/join/:code">
        <Code />
      </Route>
      <Route path="/admin/waitlist">admin</Route>
      <Route>not found</Route>
    </Switch>
  );

  it('renders the first route that matches, in any case and with or without a trailing /', () => {
    for (const [url, text] of [
      ['/', 'home'],
      ['/admin/waitlist', 'admin'],
      ['/Admin/Waitlist/', 'admin'],
      ['/admin/waitlist/more', 'not found'],
      ['/nowhere', 'not found'],
    ]) {
      const { container, unmount } = renderAt(url!, routes);
      expect(container.textContent, url).toBe(text);
      unmount();
    }
  });

  it('gives the `:name` segments, decoded', () => {
    renderAt('/join/caf%C3%A9%2Fx', routes);
    expect(screen.getByTestId('code').textContent).toBe('café/x');
  });

  it('keeps the page of routes with one key mounted from one path to the other', async () => {
    let mounts = 0;
    function Trip() {
      const [, navigate] = useLocation();
      const { tripId = 'none' } = useParams();
      useEffect(() => {
        mounts += 1;
      }, []);
      return (
        <button type="button" onClick={() => navigate(`/trips/${tripId === 'a' ? 'b' : 'a'}`)}>
          {tripId}
        </button>
      );
    }
    renderAt(
      '/dashboard',
      <Switch>
        <Route key="trip" path="/dashboard">
          <Trip />
        </Route>
        <Route key="trip" path="/trips/:tripId">
          <Trip />
        </Route>
      </Switch>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'none' }));
    await userEvent.click(await screen.findByRole('button', { name: 'a' }));
    expect(await screen.findByRole('button', { name: 'b' })).toBeVisible();
    expect(mounts).toBe(1);
  });
});

describe('Link', () => {
  it('navigates in the app, adding a history entry', async () => {
    renderAt(
      '/',
      <>
        <Link to="/auth?next=%2Fplans">Sign in</Link>
        <Where />
      </>,
    );
    const before = history.length;
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(where()).toBe('/auth?next=%2Fplans');
    expect(location.pathname + location.search).toBe('/auth?next=%2Fplans');
    expect(history.length).toBe(before + 1);
  });

  it('replaces the entry when it leads where the app already is, or when asked to', async () => {
    renderAt(
      '/plans',
      <>
        <Link to="/plans">Plans</Link>
        <Link to="/help" replace>
          Help
        </Link>
        <Where />
      </>,
    );
    const before = history.length;
    await userEvent.click(screen.getByRole('link', { name: 'Plans' }));
    await userEvent.click(screen.getByRole('link', { name: 'Help' }));
    expect(where()).toBe('/help');
    expect(history.length).toBe(before);
  });

  it('leaves modified clicks and other targets to the browser, and runs its own onClick first', () => {
    let clicked = 0;
    renderAt(
      '/',
      <>
        <Link to="/help" onClick={() => clicked++}>
          Help
        </Link>
        <Link to="/terms" target="_blank">
          Terms
        </Link>
        <Where />
      </>,
    );
    // The browser's part, after the app's: whether the app took the click, and no real navigation.
    const taken: boolean[] = [];
    const browser = (event: Event) => {
      taken.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', browser);
    try {
      const help = screen.getByRole('link', { name: 'Help' });
      expect(help.getAttribute('href')).toBe('/help');
      fireEvent.click(help, { ctrlKey: true });
      fireEvent.click(screen.getByRole('link', { name: 'Terms' }));
    } finally {
      document.removeEventListener('click', browser);
    }
    expect(taken).toEqual([false, false]);
    expect(where()).toBe('/');
    expect(clicked).toBe(1);
  });
});

describe('navigation', () => {
  it('follows Back and Forward', async () => {
    function Go() {
      const [, navigate] = useLocation();
      return (
        <button type="button" onClick={() => navigate('/profile#security')}>
          Go
        </button>
      );
    }
    renderAt(
      '/',
      <>
        <Go />
        <Where />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(where()).toBe('/profile#security');
    act(() => {
      history.replaceState(null, '', '/'); // as Back does, before it tells the page
      dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('/');
  });

  it('Redirect goes on in place', () => {
    renderAt(
      '/profile',
      <Switch>
        <Route path="/profile">
          <Redirect to="/auth?next=%2Fprofile" replace />
        </Route>
        <Route>
          <Where />
        </Route>
      </Switch>,
    );
    expect(where()).toBe('/auth?next=%2Fprofile');
  });
});

describe('useSearchParams', () => {
  function Tabs() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="next">{params.get('next')}</p>
        <button type="button" onClick={() => setParams({ tab: 'security' }, { replace: true })}>
          Security
        </button>
        <button
          type="button"
          onClick={() =>
            setParams((current) => {
              current.delete('tab');
              return current;
            })
          }
        >
          Profile
        </button>
        <Where />
      </>
    );
  }

  it('reads values as sent, `%25` included', () => {
    renderAt('/auth?next=%2Fjoin%2Fa%2541', <Tabs />);
    expect(screen.getByTestId('next').textContent).toBe('/join/a%41');
  });

  it('sets them on the same path, in place when asked', async () => {
    renderAt('/profile?tab=notifications', <Tabs />);
    const before = history.length;
    await userEvent.click(screen.getByRole('button', { name: 'Security' }));
    expect(where()).toBe('/profile?tab=security');
    expect(history.length).toBe(before);
    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(where()).toBe('/profile');
    expect(history.length).toBe(before + 1);
  });
});
