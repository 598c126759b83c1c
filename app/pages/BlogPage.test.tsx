import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, mockApi, type Reply } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import BlogPage from './BlogPage';

const SITE = {
  supportEmail: 'help@trips.test',
  careersEmail: 'jobs@trips.test',
  pressEmail: 'media@trips.test',
  blogEmail: 'stories@trips.test',
};

const renderBlog = (waitlist: Parameters<ReturnType<typeof mockApi>['on']>[1]) => {
  const api = mockApi({ 'GET /api/site': { body: SITE }, 'POST /api/waitlist': waitlist });
  renderPage(<BlogPage />, { route: '/blog' });
  return api;
};

const emailField = () => screen.getByLabelText('Email address');
const notifyMe = () => screen.getByRole('button', { name: 'Notify Me' });

afterEach(() => {
  resetToasts();
});

describe('/blog', () => {
  it('announces the blog, its three categories and the notes integration', async () => {
    renderBlog({ body: { success: true } });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Our Blog is Coming Soon' }),
    ).toBeVisible();
    for (const name of ['Destination Guides', 'Travel Tips', 'Community Stories']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeVisible();
    }
    expect(screen.getByText(/integration with a note-taking app/)).toBeVisible();
    const contact = await screen.findByRole('link', { name: SITE.blogEmail });
    expect(contact.getAttribute('href')).toBe('mailto:stories@trips.test?subject=Blog');
  });

  it('Notify Me subscribes the address with the source blog, then thanks and clears the field', async () => {
    const api = renderBlog({ body: { success: true } });
    await userEvent.type(emailField(), '  ana@example.com ');
    await userEvent.click(notifyMe());

    await findToast('You’re on the list!', 'first blog posts');
    expect(api.callsTo('POST /api/waitlist').map((call) => call.body)).toEqual([
      { email: 'ana@example.com', source: 'blog' },
    ]);
    expect((emailField() as HTMLInputElement).value).toBe('');
  });

  it('rejects an address that is not one, and sends nothing', async () => {
    const api = renderBlog({ body: { success: true } });
    await userEvent.type(emailField(), 'ana-at-example{Enter}');

    const shown = await findToast('Invalid email', 'Please enter a valid email address');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
    expect(api.callsTo('POST /api/waitlist')).toEqual([]);
  });

  it('says something went wrong when the server refuses, and keeps the address', async () => {
    renderBlog({ status: 429, body: { message: 'Too many requests' } });
    await userEvent.type(emailField(), 'ana@example.com{Enter}');

    const shown = await findToast('Something went wrong', 'Please try again later');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
    expect((emailField() as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('disables Notify Me while the subscription is in flight', async () => {
    const reply = deferred<Reply>();
    const api = renderBlog(() => reply.promise);
    await userEvent.type(emailField(), 'ana@example.com');
    await userEvent.click(notifyMe());

    expect((notifyMe() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(notifyMe());
    expect(api.callsTo('POST /api/waitlist')).toHaveLength(1);

    reply.resolve({ body: { success: true } });
    await findToast('You’re on the list!');
    expect((notifyMe() as HTMLButtonElement).disabled).toBe(false);
  });
});
