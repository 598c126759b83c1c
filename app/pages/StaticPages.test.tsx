import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api';
import { findLocation, renderPage } from '@/test/render';
import AboutPage from './AboutPage';
import BlogPage from './BlogPage';
import CareersPage from './CareersPage';
import CookiesPage from './CookiesPage';
import HelpPage from './HelpPage';
import PressPage from './PressPage';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

const SITE = {
  supportEmail: 'help@trips.test',
  careersEmail: 'jobs@trips.test',
  pressEmail: 'media@trips.test',
  blogEmail: 'stories@trips.test',
};

const PAGES: { route: string; Page: ComponentType; heading: string; title: string }[] = [
  { route: '/privacy', Page: PrivacyPage, heading: 'Privacy Policy', title: 'Privacy Policy' },
  { route: '/terms', Page: TermsPage, heading: 'Terms of Service', title: 'Terms of Service' },
  { route: '/cookies', Page: CookiesPage, heading: 'Cookies Policy', title: 'Cookies Policy' },
  { route: '/help', Page: HelpPage, heading: 'Help Center', title: 'Help Center' },
  { route: '/careers', Page: CareersPage, heading: 'Careers at Tripmates', title: 'Careers' },
  { route: '/blog', Page: BlogPage, heading: 'Our Blog is Coming Soon', title: 'Blog' },
  { route: '/about', Page: AboutPage, heading: 'About Tripmates', title: 'About Us' },
  { route: '/press', Page: PressPage, heading: 'Press Kit Coming Soon', title: 'Press' },
];

describe.each(PAGES)('$route', ({ route, Page, heading, title }) => {
  it('shows its heading, its own title and description, and goes Back to Home', async () => {
    mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(<Page />, { route });

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(document.title).toBe(`${title} · Tripmates`);
    const description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    expect(description?.content.length).toBeGreaterThan(50);

    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(await findLocation()).toBe('/');
  });
});

describe('legal pages', () => {
  it.each(PAGES.slice(0, 3))('$route was last updated May 13, 2025', ({ route, Page }) => {
    mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(<Page />, { route });
    const date = screen.getByText('May 13, 2025');
    expect(date.tagName).toBe('TIME');
    expect(date.getAttribute('datetime')).toBe('2025-05-13');
  });

  it.each(PAGES.slice(0, 3))(
    '$route lists its sections with links to each of them',
    ({ route, Page }) => {
      mockApi({ 'GET /api/site': { body: SITE } });
      renderPage(<Page />, { route });
      const toc = screen.getByRole('navigation', { name: 'On this page' });
      const links = within(toc).getAllByRole('link');
      expect(links.length).toBeGreaterThan(5);
      for (const link of links) {
        const target = document.getElementById(link.getAttribute('href')!.slice(1));
        expect(target?.tagName).toBe('SECTION');
        expect(within(target!).getByRole('heading', { level: 2 }).textContent).toContain(
          link.textContent!.replace(/^\d+\./, ''),
        );
      }
    },
  );

  it('the terms name the plans with their limits, the liability cap and Delaware law', () => {
    mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(<TermsPage />, { route: '/terms' });
    const table = screen.getByRole('table', { name: /Free, Premium and Pro/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['', 'Free', 'Premium', 'Pro'],
      ['Price per month', '$0', '$9.99', '$19.99'],
      ['Active trips', '1', '5', 'Unlimited'],
      ['Travellers per trip', 'Up to 4', 'Up to 10', 'Unlimited'],
      ['Audio call length', '10 minutes', '60 minutes', 'Unlimited'],
    ]);
    expect(
      screen.getByText('the greater of the amount you paid us in the last 12 months or $100'),
    ).toBeVisible();
    expect(screen.getByText('State of Delaware')).toBeVisible();
  });

  it('the cookies policy names the session cookie and the two local storage keys', () => {
    mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(<CookiesPage />, { route: '/cookies' });
    for (const name of ['tm_session', 'theme', 'user_preferences']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeVisible();
    }
  });

  it('contact links write to the configured support address', async () => {
    mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(<PrivacyPage />, { route: '/privacy' });
    const link = await screen.findByRole('link', { name: SITE.supportEmail });
    expect(link.getAttribute('href')).toBe(
      `mailto:${SITE.supportEmail}?subject=${encodeURIComponent('Privacy question')}`,
    );
  });
});

describe('/careers and /about', () => {
  it('careers shows the mascot, six perks and the resume address', async () => {
    mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(<CareersPage />, { route: '/careers' });
    expect(screen.getByRole('img', { name: /Scout, the Tripmates weasel/ })).toBeVisible();
    const perks = screen.getByRole('region', { name: 'Perks & benefits' });
    expect(
      within(perks)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Flexible Work',
      'Travel Stipend',
      'Health & Wellness',
      'Learning Budget',
      'Equity',
      'Team Retreats',
    ]);
    const resume = await screen.findByRole('link', { name: 'Send Your Resume' });
    expect(resume.getAttribute('href')).toMatch(/^mailto:jobs@trips\.test\?/);
  });

  it('about shows the mascot, the timeline, six values and working contact buttons', async () => {
    mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(<AboutPage />, { route: '/about' });
    expect(screen.getByRole('img', { name: /Scout, the Tripmates weasel/ })).toBeVisible();
    const timeline = screen.getByRole('region', { name: 'Our journey so far' });
    expect(
      within(timeline)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['2025: The Beginning', '2026: First Launch', '2027: Growth & Expansion']);
    const values = screen.getByRole('region', { name: 'What we value' });
    expect(within(values).getAllByRole('heading', { level: 3 })).toHaveLength(6);

    const social = screen.getByRole('list', { name: 'Tripmates on social media' });
    const links = within(social).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Facebook (opens in a new tab)',
      'Instagram (opens in a new tab)',
      'LinkedIn (opens in a new tab)',
      'Twitter (opens in a new tab)',
    ]);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    const contact = await screen.findByRole('link', { name: 'Contact Us' });
    expect(contact.getAttribute('href')).toMatch(/^mailto:help@trips\.test/);
  });
});
