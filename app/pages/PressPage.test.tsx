import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi, type Reply } from '@/test/api';
import { renderPage } from '@/test/render';
import PressPage from './PressPage';

const SITE = {
  supportEmail: 'help@trips.test',
  careersEmail: 'jobs@trips.test',
  pressEmail: 'media@trips.test',
  blogEmail: 'stories@trips.test',
};

describe('/press', () => {
  it('says the press kit is coming soon, with Media Inquiry mailing the press address', async () => {
    mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(<PressPage />, { route: '/press' });
    expect(screen.getByRole('heading', { level: 1, name: 'Press Kit Coming Soon' })).toBeVisible();

    const inquiry = await screen.findByRole('link', { name: 'Media Inquiry' });
    expect(inquiry.getAttribute('href')).toBe('mailto:media@trips.test?subject=Media%20inquiry');
    expect(screen.getByRole('link', { name: 'media@trips.test' }).getAttribute('href')).toBe(
      'mailto:media@trips.test',
    );
  });

  it('keeps the button in place, inert, until the address is known', async () => {
    const site = deferred<Reply>();
    mockApi({ 'GET /api/site': () => site.promise });
    renderPage(<PressPage />, { route: '/press' });

    expect(screen.queryByRole('link', { name: 'Media Inquiry' })).toBeNull();
    expect(screen.getByText('Media Inquiry').closest('[aria-disabled="true"]')).toBeVisible();
    expect(screen.getByText('Loading e-mail address')).toBeVisible();

    site.resolve({ body: SITE });
    expect(await screen.findByRole('link', { name: 'Media Inquiry' })).toBeVisible();
    expect(screen.queryByText('Loading e-mail address')).toBeNull();
  });
});
