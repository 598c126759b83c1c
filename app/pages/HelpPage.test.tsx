import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import HelpPage from './HelpPage';

const SITE = {
  supportEmail: 'help@trips.test',
  careersEmail: 'jobs@trips.test',
  pressEmail: 'media@trips.test',
  blogEmail: 'stories@trips.test',
};

const renderHelp = () => {
  mockApi({ 'GET /api/site': { body: SITE } });
  return renderPage(<HelpPage />, { route: '/help' });
};

const question = (name: string) => screen.getByRole('button', { name });
const expanded = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-expanded') === 'true')
    .map((button) => button.textContent);

describe('/help', () => {
  it('groups the questions in the five sections of the spec', () => {
    renderHelp();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Getting Started',
      'Trip Planning',
      'Collaboration Features',
      'Account & Security',
      'Troubleshooting',
      'Still need help?',
    ]);
    const security = screen.getByRole('region', { name: 'Account & Security' });
    expect(within(security).getByRole('button', { name: 'How do I delete my account?' }));
  });

  it('keeps exactly one answer open: opening another closes the first', async () => {
    renderHelp();
    expect(expanded()).toEqual([]);

    await userEvent.click(question('What are audio rooms?'));
    expect(expanded()).toEqual(['What are audio rooms?']);
    expect(screen.getByText(/drop-in audio room/)).toBeVisible();

    // An item in another section: the accordion spans the whole page.
    await userEvent.click(question('How do I turn on two-factor authentication?'));
    expect(expanded()).toEqual(['How do I turn on two-factor authentication?']);
    expect(screen.queryByText(/drop-in audio room/)).toBeNull();
    expect(screen.getByText(/Scan the QR code/)).toBeVisible();

    // Collapsible: the open one closes again, leaving none open.
    await userEvent.click(question('How do I turn on two-factor authentication?'));
    expect(expanded()).toEqual([]);
  });

  it('answers about widgets, cursors and account deletion', async () => {
    renderHelp();
    await userEvent.click(question('What are widgets, and how do I add one?'));
    expect(screen.getByText('Add Widget')).toBeVisible();
    await userEvent.click(question('How do I rearrange my widgets?'));
    expect(screen.getByText(/Drag a widget by its header/)).toBeVisible();
    await userEvent.click(question('What are the coloured cursors on the dashboard?'));
    expect(screen.getByText(/their cursor carries their name/)).toBeVisible();
    await userEvent.click(question('How do I delete my account?'));
    expect(screen.getByText(/Trips you own pass to the member who joined earliest/)).toBeVisible();
  });

  it('ends with a contact block that writes to the support address', async () => {
    renderHelp();
    const contact = screen.getByRole('region', { name: 'Still need help?' });
    const address = await within(contact).findByRole('link', { name: SITE.supportEmail });
    expect(address.getAttribute('href')).toBe(`mailto:${SITE.supportEmail}`);
    expect(
      within(contact).getByRole('link', { name: 'Email Support' }).getAttribute('href'),
    ).toMatch(/^mailto:help@trips\.test\?subject=/);
  });
});
