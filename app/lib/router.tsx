import {
  Children,
  type ComponentProps,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

/**
 * The app's router: the part of wouter's API that the app uses (Switch, Route, Link, Redirect,
 * useParams, useLocation), under the same names and with the same meaning, plus useSearchParams
 * and useAddress to read the query and the hash. The wouter package took 1.3 KB more of the
 * landing page's 100 KB of gzipped JavaScript, patches history.pushState, and decodes
 * percent-escapes in what its hooks return (`%25` turns into `%`, changing a `next` value).
 */

/** Where the app is, as the address bar has it (percent-escapes as they are). */
export type Address = { pathname: string; search: string; hash: string };
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

const RouterContext = createContext<{ address: Address; navigate: Navigate } | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Render inside a BrowserRouter (or AddressRouter)');
  return router;
}

export function useAddress(): Address {
  return useRouter().address;
}

/** wouter's: the current path, and a function that goes elsewhere (`{ replace: true }`: in place). */
export function useLocation(): [string, Navigate] {
  const { address, navigate } = useRouter();
  return [address.pathname, navigate];
}

/** The `:name` segments of the route that matched. */
export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

/** The query string's parameters, and a setter that navigates to this path with new ones. */
export function useSearchParams() {
  const { address, navigate } = useRouter();
  const { pathname, search } = address;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (
      next:
        | URLSearchParams
        | Record<string, string>
        | ((current: URLSearchParams) => URLSearchParams),
      options?: { replace?: boolean },
    ) => {
      const query = new URLSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(params)) : next,
      ).toString();
      navigate(pathname + (query ? `?${query}` : ''), options);
    },
    [navigate, pathname, params],
  );
  return [params, setParams] as const;
}

/** Routes on `address`, which `navigate` changes. */
export function AddressRouter({
  address,
  navigate,
  children,
}: {
  address: Address;
  navigate: Navigate;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ address, navigate }), [address, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function addressOf(href: string): Address {
  const url = new URL(href, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/**
 * The browser's history as the router's location. A change renders in a transition, so the page
 * on screen stays until the next one's code has loaded rather than giving way to the spinner.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [href, setHref] = useState(() => location.href);
  const address = useMemo(() => addressOf(href), [href]);
  const update = useCallback(() => startTransition(() => setHref(location.href)), []);
  const navigate = useCallback<Navigate>(
    (to, options) => {
      history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
      update();
    },
    [update],
  );
  useLayoutEffect(() => {
    // Back, Forward and in-page anchors; the address may also have changed before this ran.
    addEventListener('popstate', update);
    addEventListener('hashchange', update);
    update();
    return () => {
      removeEventListener('popstate', update);
      removeEventListener('hashchange', update);
    };
  }, [update]);
  return (
    <AddressRouter address={address} navigate={navigate}>
      {children}
    </AddressRouter>
  );
}

/** The `:name` segments of `pattern` in `pathname` (any case, a trailing `/` or not), if it matches. */
function match(pattern: string | undefined, pathname: string) {
  if (pattern === undefined) return {};
  const names: string[] = [];
  const source = pattern.replace(/\/$/, '').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const values = new RegExp(`^${source}/?$`, 'i').exec(pathname);
  if (!values) return null;
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    const value = values[index + 1]!;
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value; // A malformed escape: as it is.
    }
  });
  return params;
}

type RouteProps = { path?: string; children: ReactNode };

/** Its children where the path matches `path` (every path without one). */
export function Route({ path, children }: RouteProps) {
  const params = match(path, useAddress().pathname);
  return params && <ParamsContext value={params}>{children}</ParamsContext>;
}

/**
 * The first of its Routes that matches. Routes given the same `key` are one page: going from one's
 * path to another's updates that page's params rather than mounting it afresh.
 */
export function Switch({ children }: { children: ReactNode }) {
  const { pathname } = useAddress();
  return (
    Children.toArray(children).find(
      (child): child is ReactElement<RouteProps> =>
        isValidElement<RouteProps>(child) && match(child.props.path, pathname) !== null,
    ) ?? null
  );
}

/** Goes to `to` once rendered. */
export function Redirect({ to, replace }: { to: string; replace?: boolean }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

/**
 * A link that navigates in the app. As react-router's did, a link to where the app already is
 * replaces the history entry rather than adding one; a modified click (new tab, download) or a
 * `target` other than this frame is left to the browser.
 */
export function Link({
  to,
  replace,
  onClick,
  ...props
}: ComponentProps<'a'> & { to: string; replace?: boolean }) {
  const { address, navigate } = useRouter();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const { target } = event.currentTarget;
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (target && target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace: replace ?? to === address.pathname + address.search + address.hash });
  }
  return <a {...props} href={to} onClick={handleClick} />;
}
