import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { type ReactElement, type ReactNode, startTransition, useCallback, useState } from 'react';
import { Toaster } from '@/components/ui/Toaster';
import { CURRENT_USER_KEY } from '@/features/auth/useAuth';
import { clearToasts } from '@/hooks/useToast';
import { createQueryClient } from '@/lib/queryClient';
import { AddressRouter, addressOf, type Navigate, Route, Switch, useAddress } from '@/lib/router';
import { ThemeProvider } from '@/lib/theme';
import { SIGNED_IN_COOKIE } from '../../shared/constants';
import type { CurrentUser } from '../../shared/contracts/account';

/** Shows where the router went, for routes the test does not render. */
function LocationProbe() {
  const location = useAddress();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** A router on an address in memory, from `initial` on; as in the browser, changes are transitions. */
function MemoryRouter({ initial, children }: { initial: string; children: ReactNode }) {
  const [address, setAddress] = useState(() => addressOf(initial));
  const navigate = useCallback<Navigate>(
    (to) => startTransition(() => setAddress(addressOf(to))),
    [],
  );
  return (
    <AddressRouter address={address} navigate={navigate}>
      {children}
    </AddressRouter>
  );
}

/**
 * The readable mark a signed-in browser holds (SIGNED_IN_COOKIE, which the server sets with the
 * session cookie): without it the client does not ask GET /api/user.
 */
export function setSignedInCookie(signedIn: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; path=/`
    : `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
}

/**
 * Renders `ui` at `route` (matched by `path`, or by any of several paths: one page, kept mounted
 * from one to another, as the dashboard's addresses are) inside the app's providers: a fresh query
 * client, the theme, a memory router and the Toaster. Any other path renders a probe showing the
 * location. `user` is put in the current-user cache first (null: signed out), and the browser
 * holds the signed-in mark when there is one.
 */
export function renderPage(
  ui: ReactElement,
  {
    route = '/',
    path = route.split('?')[0]!,
    user = null,
  }: { route?: string; path?: string | readonly string[]; user?: CurrentUser | null } = {},
) {
  setSignedInCookie(user !== null);
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initial={route}>
          <Switch>
            {(typeof path === 'string' ? [path] : path).map((pattern) => (
              <Route key="page" path={pattern}>
                {ui}
              </Route>
            ))}
            <Route>
              <LocationProbe />
            </Route>
          </Switch>
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** The current location, once the router has left the rendered page. */
export async function findLocation(options?: { timeout?: number }) {
  return (await screen.findByTestId('location', {}, options)).textContent;
}

/**
 * Waits for a toast whose text includes every given string (title and description). An open
 * dialog hides the rest of the page from assistive technology (Radix sets aria-hidden), the
 * toast region included, so hidden elements count here; Radix announces each toast in a live
 * region of its own.
 */
export async function findToast(...texts: string[]) {
  const region = screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
  return within(region).findByRole('listitem', {
    hidden: true,
    name: (_name, element) => texts.every((text) => element.textContent?.includes(text)),
  });
}

export function resetToasts() {
  act(() => clearToasts());
}
