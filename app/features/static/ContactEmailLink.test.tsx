import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buttonVariants } from '@/components/ui/button';
import { mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { ContactEmailLink } from './ContactEmailLink';

const SITE = {
  supportEmail: 'help@trips.test',
  careersEmail: 'jobs@trips.test',
  pressEmail: 'media@trips.test',
  blogEmail: 'stories@trips.test',
};

describe('ContactEmailLink', () => {
  it('shows the configured address as a mailto link, with an optional subject', async () => {
    mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(
      <p>
        <ContactEmailLink kind="careersEmail" />
        <ContactEmailLink
          kind="blogEmail"
          subject="Guest post & photos"
          className={buttonVariants()}
        >
          Pitch a post
        </ContactEmailLink>
      </p>,
    );
    const address = await screen.findByRole('link', { name: 'jobs@trips.test' });
    expect(address.getAttribute('href')).toBe('mailto:jobs@trips.test');
    const button = screen.getByRole('link', { name: 'Pitch a post' });
    expect(button.getAttribute('href')).toBe(
      'mailto:stories@trips.test?subject=Guest%20post%20%26%20photos',
    );
    // `className` replaces the inline-link look: the link wears exactly what it was given.
    expect(button).toHaveClass(buttonVariants(), { exact: true });
  });

  it('asks the server once for all the addresses of a page', async () => {
    const api = mockApi({ 'GET /api/site': { body: SITE } });
    renderPage(
      <p>
        <ContactEmailLink kind="supportEmail" />
        <ContactEmailLink kind="pressEmail" />
      </p>,
    );
    await screen.findByRole('link', { name: 'media@trips.test' });
    expect(api.callsTo('GET /api/site')).toHaveLength(1);
  });

  it('says the address is unavailable when the server cannot tell it', async () => {
    mockApi({ 'GET /api/site': { status: 500, body: { message: 'Internal server error' } } });
    renderPage(<ContactEmailLink kind="supportEmail" />);
    expect(await screen.findByText('(address unavailable)')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
