import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_MEDIA_QUERY } from '@/features/waitlist/admin/WaitlistManager';
import { deferred, makeUser, mockApi, type Reply } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import AdminWaitlistPage from './AdminWaitlistPage';

const LIST = 'GET /api/admin/waitlist';
const admin = makeUser({ role: 'admin' });

const ana = {
  id: 'w1',
  email: 'ana@example.com',
  name: 'Ana Lima',
  source: 'landing',
  createdAt: new Date(2026, 10, 22, 15, 4).toISOString(),
  contacted: false,
};
const bo = {
  id: 'w2',
  email: 'Bo@Travel.io',
  name: null,
  source: 'newsletter',
  createdAt: new Date(2026, 0, 5, 9, 0).toISOString(),
  contacted: true,
};
const cy = {
  id: 'w3',
  email: 'cy@example.com',
  name: 'Cyrus Bolt',
  source: 'blog',
  createdAt: new Date(2025, 4, 13, 12, 0).toISOString(),
  contacted: false,
};

function renderAdmin(user: ReturnType<typeof makeUser> | null = admin) {
  return renderPage(<AdminWaitlistPage />, { route: '/admin/waitlist', user });
}

/** A screen wide enough for the table, or not (the page then shows cards). */
function screenIsWide(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === TABLE_MEDIA_QUERY && wide,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/** The table's row for an e-mail (the cards are checked on their own). */
async function findRow(email: string) {
  const table = await screen.findByRole('table', { name: 'Waitlist entries' });
  const cell = await within(table).findByRole('cell', { name: email });
  return cell.closest('tr')!;
}

function rowTexts() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

/**
 * A stand-in for the server's list: it searches e-mail and name as the server does (the client
 * sends `q`), and counts every entry in X-Total-Count.
 */
function searchingServer(entries: { email: string; name: string | null }[]) {
  return ({ url }: { url: string }): Reply => {
    const q = (new URL(url, 'http://x').searchParams.get('q') ?? '').toLowerCase();
    const found = entries.filter(
      (entry) =>
        entry.email.toLowerCase().includes(q) || (entry.name ?? '').toLowerCase().includes(q),
    );
    return { body: found, headers: { 'x-total-count': String(entries.length) } };
  };
}

function searchFor(text: string) {
  const box = screen.getByPlaceholderText('Search by name or email...');
  return userEvent.type(box, text);
}

beforeEach(() => screenIsWide(true));

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

describe('/admin/waitlist', () => {
  it('asks a signed-out visitor to sign in, and asks nothing of the server', () => {
    const api = mockApi();
    renderAdmin(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible();
    expect(screen.getByText('Please sign in to access the waitlist admin panel')).toBeVisible();
    // Signing in comes back here (issue #17).
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?next=%2Fadmin%2Fwaitlist',
    );
    expect(api.actions()).toEqual([]);
  });

  it('tells a signed-in non-admin the page is not for them, without asking for the list', () => {
    const api = mockApi({ [LIST]: { body: [ana] } });
    renderAdmin(makeUser({ role: 'user' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Admin access only' })).toBeVisible();
    expect(screen.getByText(/This page is for Tripmates administrators/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.actions()).toEqual([]);
  });

  it('shows the same message when the server refuses the list (admin_only)', async () => {
    mockApi({
      [LIST]: { status: 403, body: { message: 'Administrators only', code: 'admin_only' } },
    });
    renderAdmin();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin access only' }),
    ).toBeVisible();
    expect(screen.queryByPlaceholderText('Search by name or email...')).toBeNull();
  });

  it('shows a spinner while the entries load', async () => {
    const reply = deferred<Reply>();
    mockApi({ [LIST]: () => reply.promise });
    renderAdmin();
    expect(screen.getByRole('status').textContent).toBe('Loading waitlist entries...');
    reply.resolve({ body: [ana] });
    await findRow('ana@example.com');
    expect(screen.queryByText('Loading waitlist entries...')).toBeNull();
  });

  it('has its title, a Back button to / and the CSV download', async () => {
    mockApi({ [LIST]: { body: [ana] } });
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Waitlist Manager' })).toBeVisible();
    expect(document.title).toBe('Waitlist Manager · Tripmates');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/waitlist.csv');
    expect(csv.hasAttribute('download')).toBe(true);
    await findRow('ana@example.com');
  });

  it('lists every entry: e-mail, name or a dash, source, en-US date, status badge', async () => {
    mockApi({ [LIST]: { body: [ana, bo, cy] } });
    renderAdmin();
    await findRow('ana@example.com');
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Email', 'Name', 'Source', 'Joined', 'Status', 'Actions']);
    expect(rowTexts()).toEqual([
      ['ana@example.com', 'Ana Lima', 'Landing page', 'Nov 22, 2026', 'New', 'Mark as Contacted'],
      ['Bo@Travel.io', '-', 'Newsletter', 'Jan 5, 2026', 'Contacted', 'Mark as Contacted'],
      ['cy@example.com', 'Cyrus Bolt', 'Blog', 'May 13, 2025', 'New', 'Mark as Contacted'],
    ]);
    expect(screen.getByText('Total entries:').textContent).toBe('Total entries: 3');
  });

  it('shows the same entries as cards, and no table, on narrower screens', async () => {
    screenIsWide(false);
    mockApi({ [LIST]: { body: [ana, bo] } });
    renderAdmin();
    const cards = within(
      await screen.findByRole('list', { name: 'Waitlist entries' }),
    ).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'ana@example.comNewNameAna LimaSourceLanding pageJoinedNov 22, 2026Mark as Contacted',
      'Bo@Travel.ioContactedName-SourceNewsletterJoinedJan 5, 2026Mark as Contacted',
    ]);
    const [newCard, contactedCard] = cards;
    expect(
      within(newCard!).getByRole('button', { name: 'Mark as Contacted' }).hasAttribute('disabled'),
    ).toBe(false);
    expect(
      within(contactedCard!)
        .getByRole('button', { name: 'Mark as Contacted' })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('holds each entry once: the table on wide screens, no cards', async () => {
    mockApi({ [LIST]: { body: [ana, bo] } });
    renderAdmin();
    await findRow('ana@example.com');
    expect(screen.queryByRole('list', { name: 'Waitlist entries' })).toBeNull();
    expect(screen.getAllByText('ana@example.com')).toHaveLength(1);
  });

  it('marks an entry contacted from its card', async () => {
    screenIsWide(false);
    const api = mockApi({
      [LIST]: { body: [ana] },
      'PATCH /api/admin/waitlist/w1': { body: { ...ana, contacted: true } },
    });
    renderAdmin();
    const list = await screen.findByRole('list', { name: 'Waitlist entries' });
    await userEvent.click(within(list).getByRole('button', { name: 'Mark as Contacted' }));
    await findToast('Success', 'Waitlist entry marked as contacted');
    expect(api.callsTo('PATCH /api/admin/waitlist/w1')).toHaveLength(1);
  });

  it('ignores entries lacking a string id or e-mail (spec §3), in the list and the total', async () => {
    mockApi({
      [LIST]: {
        body: [ana, { ...bo, id: 7 }, { ...cy, email: null }, null, { id: 'x' }, 'junk'],
      },
    });
    renderAdmin();
    await findRow('ana@example.com');
    expect(rowTexts()).toHaveLength(1);
    expect(screen.getByText('Total entries:').textContent).toBe('Total entries: 1');
  });

  it('says so when there are no entries yet', async () => {
    mockApi({ [LIST]: { body: [] } });
    renderAdmin();
    expect(await screen.findByText('No waitlist entries yet')).toBeVisible();
    expect(screen.getByText('Total entries:').textContent).toBe('Total entries: 0');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows nothing special when the list fails to load (spec §8)', async () => {
    mockApi({ [LIST]: { status: 500, body: { message: 'Internal server error' } } });
    renderAdmin();
    expect(await screen.findByText('No waitlist entries yet')).toBeVisible();
    expect(screen.queryByText(/Internal server error/)).toBeNull();
    expect(screen.queryByText('Admin access only')).toBeNull();
  });

  it('shows a page at a time: Show more asks for the next one after the last entry', async () => {
    const api = mockApi({
      [LIST]: ({ url }): Reply =>
        url.includes('before=')
          ? { body: [cy], headers: { 'x-total-count': '3' } }
          : { body: [ana, bo], headers: { 'x-total-count': '3', 'x-next-cursor': 'after-bo' } },
    });
    renderAdmin();
    await findRow('Bo@Travel.io');
    expect(screen.getByText('Total entries:').textContent).toBe('Total entries: 3');
    expect(screen.getByText('Showing 2 of 3')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await findRow('cy@example.com');
    expect(rowTexts()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.calls.map((call) => call.url)).toContain('/api/admin/waitlist?before=after-bo');
  });

  describe('search', () => {
    it('searches by name on the server, and keeps the total of all entries', async () => {
      const api = mockApi({ [LIST]: searchingServer([ana, bo, cy]) });
      renderAdmin();
      await findRow('ana@example.com');
      await searchFor('LIMA');
      await waitFor(() => expect(rowTexts().map((row) => row[0])).toEqual(['ana@example.com']));
      expect(screen.getByText('Total entries:').textContent).toBe('Total entries: 3');
      expect(await screen.findByText('1 matching entry')).toBeVisible();
      // Sent once typing paused, not a request a letter.
      expect(api.calls.map((call) => call.url)).toContain('/api/admin/waitlist?q=LIMA');
      expect(api.calls.filter((call) => call.url.includes('q=L')).length).toBe(1);
    });

    it('searches by e-mail', async () => {
      mockApi({ [LIST]: searchingServer([ana, bo, cy]) });
      renderAdmin();
      await findRow('ana@example.com');
      await searchFor('travel.IO');
      await waitFor(() => expect(rowTexts().map((row) => row[0])).toEqual(['Bo@Travel.io']));
      await userEvent.clear(screen.getByPlaceholderText('Search by name or email...'));
      await searchFor('EXAMPLE');
      await waitFor(() =>
        expect(rowTexts().map((row) => row[0])).toEqual(['ana@example.com', 'cy@example.com']),
      );
    });

    it('says when nothing matches, and clearing the search brings everyone back', async () => {
      mockApi({ [LIST]: searchingServer([ana, bo, cy]) });
      renderAdmin();
      await findRow('ana@example.com');
      await searchFor('nobody');
      expect(await screen.findByText('No matching entries found')).toBeVisible();
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByText('No waitlist entries yet')).toBeNull();
      await userEvent.clear(screen.getByPlaceholderText('Search by name or email...'));
      await waitFor(() => expect(rowTexts()).toHaveLength(3));
    });

    it('has a label', () => {
      mockApi({ [LIST]: { body: [] } });
      renderAdmin();
      expect(
        screen.getByLabelText('Search the waitlist by name or email').getAttribute('placeholder'),
      ).toBe('Search by name or email...');
    });
  });

  describe('Mark as Contacted', () => {
    it('is disabled once an entry is contacted', async () => {
      mockApi({ [LIST]: { body: [ana, bo] } });
      renderAdmin();
      const button = (email: string) =>
        findRow(email).then((row) =>
          within(row).getByRole('button', { name: 'Mark as Contacted' }),
        );
      expect((await button('ana@example.com')).hasAttribute('disabled')).toBe(false);
      expect((await button('Bo@Travel.io')).hasAttribute('disabled')).toBe(true);
    });

    it('names the entry it acts on for screen readers', async () => {
      mockApi({ [LIST]: { body: [ana] } });
      renderAdmin();
      const row = await findRow('ana@example.com');
      const button = within(row).getByRole('button', { name: 'Mark as Contacted' });
      const described = document.getElementById(button.getAttribute('aria-describedby')!);
      expect(described?.textContent).toBe('ana@example.com');
    });

    it('sends a PATCH with a JSON content type and no body, then refetches the list', async () => {
      let contacted = false;
      const api = mockApi({
        [LIST]: () => ({ body: [{ ...ana, contacted }, cy] }),
        'PATCH /api/admin/waitlist/w1': () => {
          contacted = true;
          return { body: { ...ana, contacted: true } };
        },
      });
      renderAdmin();
      const row = await findRow('ana@example.com');
      await userEvent.click(within(row).getByRole('button', { name: 'Mark as Contacted' }));

      await findToast('Success', 'Waitlist entry marked as contacted');
      const [, init] = vi
        .mocked(fetch)
        .mock.calls.find(([, options]) => options?.method === 'PATCH')!;
      expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
      expect(init?.body).toBeUndefined();
      expect(init?.credentials).toBe('include');
      expect(api.callsTo('PATCH /api/admin/waitlist/w1')).toHaveLength(1);

      await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
      const updated = await findRow('ana@example.com');
      await waitFor(() => expect(within(updated).getByText('Contacted')).toBeVisible());
      expect(
        within(updated).getByRole('button', { name: 'Mark as Contacted' }).hasAttribute('disabled'),
      ).toBe(true);
    });

    it('shows the entry contacted even when a search sent before the update answers after it', async () => {
      // The server's answers as of when each request arrived: the search leaves before the
      // PATCH and is held until the PATCH has been answered, so it says "New" (seen in e2e on a
      // busy machine: the row kept "New" because that search's answer was the refetch).
      let contacted = false;
      const search = deferred<void>();
      const api = mockApi({
        [LIST]: async ({ url }) => {
          const asOfNow = { body: [{ ...ana, contacted }, cy] };
          if (url.includes('q=')) await search.promise;
          return asOfNow;
        },
        'PATCH /api/admin/waitlist/w1': () => {
          contacted = true;
          return { body: { ...ana, contacted: true } };
        },
      });
      renderAdmin();
      const row = await findRow('ana@example.com');
      await searchFor('ana');
      await waitFor(() => expect(api.calls.some((call) => call.url.includes('q=ana'))).toBe(true));
      await userEvent.click(within(row).getByRole('button', { name: 'Mark as Contacted' }));
      await findToast('Success', 'Waitlist entry marked as contacted');
      search.resolve();

      await waitFor(async () =>
        expect(within(await findRow('ana@example.com')).getByText('Contacted')).toBeVisible(),
      );
    });

    it('is disabled while its own update is pending, and only that row', async () => {
      const reply = deferred<Reply>();
      mockApi({
        [LIST]: { body: [ana, cy] },
        'PATCH /api/admin/waitlist/w1': () => reply.promise,
      });
      renderAdmin();
      const anaRow = await findRow('ana@example.com');
      const anaButton = within(anaRow).getByRole('button', { name: 'Mark as Contacted' });
      await userEvent.click(anaButton);

      await waitFor(() => expect(anaButton.hasAttribute('disabled')).toBe(true));
      expect(anaButton.getAttribute('aria-busy')).toBe('true');
      const cyRow = await findRow('cy@example.com');
      expect(
        within(cyRow).getByRole('button', { name: 'Mark as Contacted' }).hasAttribute('disabled'),
      ).toBe(false);

      reply.resolve({ status: 404, body: { message: 'Not found' } });
      await findToast('Error', 'Failed to update waitlist entry');
      await waitFor(() => expect(anaButton.hasAttribute('disabled')).toBe(false));
    });

    it('shows a destructive toast when the update fails, and does not refetch', async () => {
      const api = mockApi({
        [LIST]: { body: [ana] },
        'PATCH /api/admin/waitlist/w1': { status: 500, body: { message: 'Internal server error' } },
      });
      renderAdmin();
      const row = await findRow('ana@example.com');
      await userEvent.click(within(row).getByRole('button', { name: 'Mark as Contacted' }));
      const toast = await findToast('Error', 'Failed to update waitlist entry');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(api.callsTo(LIST)).toHaveLength(1);
      expect(within(row).getByText('New')).toBeVisible();
    });

    it('escapes the id in the URL', async () => {
      const api = mockApi({
        [LIST]: { body: [{ ...ana, id: 'a/b?c' }] },
        'PATCH /api/admin/waitlist/a%2Fb%3Fc': { body: {} },
      });
      renderAdmin();
      const row = await findRow('ana@example.com');
      await userEvent.click(within(row).getByRole('button', { name: 'Mark as Contacted' }));
      await findToast('Success');
      expect(api.callsTo('PATCH /api/admin/waitlist/a%2Fb%3Fc')).toHaveLength(1);
    });
  });
});

describe('the early-access tab (issue #17)', () => {
  beforeEach(() => resetToasts());

  const request = {
    userId: 'u1',
    username: 'ana_lima',
    email: 'ana@example.com',
    emailConfirmed: true,
    currentPlan: 'free',
    plan: 'premium',
    requestedAt: new Date(2026, 10, 25, 10, 0).toISOString(),
    grantedAt: null,
  };

  function renderTab() {
    return renderPage(<AdminWaitlistPage />, {
      route: '/admin/waitlist?tab=early-access',
      user: admin,
    });
  }

  it('lists the requests beside the waitlist, and granting one (confirmed) marks it Granted', async () => {
    const granted = { ...request, currentPlan: 'premium', grantedAt: new Date().toISOString() };
    let answered: object = request;
    const api = mockApi({
      'GET /api/admin/early-access': () => ({
        body: [answered],
        headers: { 'x-total-count': '1' },
      }),
      'POST /api/admin/early-access/u1/grant': () => {
        answered = granted;
        return { body: granted };
      },
    });
    renderTab();
    expect(screen.getByRole('tab', { name: 'Early access' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const list = await screen.findByRole('region', { name: 'Early-access requests' });
    const row = await within(list).findByRole('listitem');
    expect(row.textContent).toContain('ana_lima');
    expect(row.textContent).toContain('Asks for Premium · has Free');
    expect(row.textContent).toContain('Nov 25, 2026');
    expect(api.callsTo('GET /api/admin/waitlist')).toHaveLength(0);

    // Issue #38: it asks first; Cancel grants nothing.
    await userEvent.click(within(row).getByRole('button', { name: 'Grant Premium' }));
    let dialog = await screen.findByRole('dialog', { name: 'Grant Premium to ana_lima?' });
    expect(dialog.textContent).toContain('moves from Free to Premium now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/admin/early-access/u1/grant')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Grant Premium' }));
    dialog = await screen.findByRole('dialog', { name: 'Grant Premium to ana_lima?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant Premium' }));
    await findToast('Early access granted', 'ana_lima now has the Premium plan.');
    expect(api.callsTo('POST /api/admin/early-access/u1/grant')).toHaveLength(1);
    expect(await within(list).findByText('Granted')).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Grant Premium' })).toBeNull();
  });

  it('says when there are none, and offers Try again when the list fails', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/early-access': () =>
        fail ? { status: 500, body: { message: 'Down' } } : { body: [] },
    });
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the early-access requests.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No early-access requests yet')).toBeVisible();
  });
});
