import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LandingPage from '@/pages/LandingPage';
import { makeUser, mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { PRIVATE_BETA_MESSAGE } from './ComingSoon';
import { HeroBackground } from './HeroBackground';
import { DEMO_MESSAGE } from './HeroSection';

const SITE = {
  supportEmail: 'help@tripmates.test',
  careersEmail: 'jobs@tripmates.test',
  pressEmail: 'press@tripmates.test',
  blogEmail: 'blog@tripmates.test',
};

function renderLanding(user: ReturnType<typeof makeUser> | null = null) {
  mockApi({ 'GET /api/site': { body: SITE } });
  return renderPage(<LandingPage />, { user });
}

/** Makes `(min-width: 768px)` match or not, as on a desktop or a phone. */
function viewport(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 768px)' ? desktop : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('landing page', () => {
  it('has the landmarks, one h1 and the section headings', () => {
    renderLanding();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('main')).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const id of ['features', 'pricing', 'testimonials', 'contact']) {
      const section = document.getElementById(id)!;
      expect(within(section).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    }
    expect(document.title).toBe('Tripmates — plan your trip together');
  });

  it('disables each private-beta action and describes it with its tooltip', () => {
    renderLanding();
    const actions: [string, string][] = [
      ['Start Planning Now', PRIVATE_BETA_MESSAGE],
      ['Watch Demo', DEMO_MESSAGE],
      ['Apple Vision Pro', PRIVATE_BETA_MESSAGE],
      ['Choose Free', PRIVATE_BETA_MESSAGE],
      ['Choose Premium', PRIVATE_BETA_MESSAGE],
      ['Choose Pro', PRIVATE_BETA_MESSAGE],
    ];
    for (const [name, message] of actions) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled, name).toBe(true);
      const tooltip = document.getElementById(button.getAttribute('aria-describedby')!)!;
      expect(tooltip.getAttribute('role')).toBe('tooltip');
      expect(tooltip.textContent).toBe(message);
      // The disabled button cannot take focus: its focusable wrapper carries the description.
      const wrapper = button.parentElement!;
      expect(wrapper.tabIndex).toBe(0);
      expect(wrapper.getAttribute('aria-describedby')).toBe(tooltip.id);
    }
    expect(DEMO_MESSAGE).toMatch(/demo video is being produced/);
  });

  it('shows the three plans of spec §9, Premium as Most Popular, and says they are not for sale yet', () => {
    renderLanding();
    const pricing = document.getElementById('pricing')!;
    const free = within(pricing).getByRole('listitem', { name: 'Free' });
    const premium = within(pricing).getByRole('listitem', { name: 'Premium' });
    const pro = within(pricing).getByRole('listitem', { name: 'Pro' });
    expect(free.textContent).toContain('$0/month');
    expect(premium.textContent).toContain('$9.99/month');
    expect(premium.textContent).toContain('Most Popular');
    expect(premium.textContent).toContain('Magic link invites');
    expect(pro.textContent).toContain('$19.99/month');
    expect(free.textContent).not.toContain('Most Popular');
    expect(pricing.textContent).toContain('private beta');
  });

  it('rates the testimonials 5, 4.5 and 5 stars', () => {
    renderLanding();
    const section = document.getElementById('testimonials')!;
    expect(
      within(section)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual(['Rated 5 out of 5', 'Rated 4.5 out of 5', 'Rated 5 out of 5']);
  });

  it('links the header to the sections and to /auth, the footer to the pages of spec §2', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    for (const [name, href] of [
      ['Features', '#features'],
      ['Pricing', '#pricing'],
      ['Testimonials', '#testimonials'],
      ['Contact', '#contact'],
    ]) {
      expect(within(header).getAllByRole('link', { name })[0]!.getAttribute('href')).toBe(href);
    }
    expect(within(header).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth',
    );
    expect(within(header).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');

    const footer = screen.getByRole('contentinfo');
    const paths = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href?.startsWith('/') && href !== '/');
    expect(paths.sort()).toEqual(
      ['/about', '/careers', '/blog', '/press', '/help', '/privacy', '/cookies', '/terms'].sort(),
    );
    for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter']) {
      const link = within(footer).getByRole('link', { name });
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('shows the initials of a signed-in visitor instead of Sign In', () => {
    renderLanding(makeUser({ firstName: 'Ana', lastName: 'Lima' }));
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(within(header).getByText('AL')).toBeVisible();
  });

  it('shows the support address once the site settings arrive', async () => {
    renderLanding();
    const contact = document.getElementById('contact')!;
    const link = await within(contact).findByRole('link', { name: SITE.supportEmail });
    expect(link.getAttribute('href')).toBe(`mailto:${SITE.supportEmail}`);
  });
});

describe('hero background', () => {
  it('on a phone shows the image and has no video element, even with a video source', () => {
    viewport(false);
    const { container } = renderPage(<HeroBackground videoSrc="/media/beach.mp4" />);
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/landing/hero.svg');
  });

  it('on a desktop plays a configured video over the poster', () => {
    viewport(true);
    const { container } = renderPage(<HeroBackground videoSrc="/media/beach.mp4" />);
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/beach.mp4');
    expect(video.getAttribute('poster')).toBe('/landing/poster.svg');
    expect(video.muted).toBe(true);
  });

  it('on a desktop without a video source shows the poster only', () => {
    viewport(true);
    const { container } = renderPage(<HeroBackground />);
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('source')!.getAttribute('srcset')).toBe('/landing/poster.svg');
  });
});

describe('the landing film', () => {
  it('on a desktop plays the video the server names', async () => {
    viewport(true);
    const api = mockApi({
      'GET /api/site': { body: SITE },
      'GET /api/landing-video': { body: { src: 'https://videos.pexels.com/coast-sd.mp4' } },
    });
    const { container } = renderPage(<LandingPage />);
    await vi.waitFor(() =>
      expect(container.querySelector('video')?.getAttribute('src')).toBe(
        'https://videos.pexels.com/coast-sd.mp4',
      ),
    );
    expect(api.callsTo('GET /api/landing-video')).toHaveLength(1);
  });

  it('on a phone never asks for it', async () => {
    viewport(false);
    const api = mockApi({ 'GET /api/site': { body: SITE } });
    const { container } = renderPage(<LandingPage />);
    // The page's other request has been answered: the film's, had it been asked for, went with it.
    await vi.waitFor(() =>
      expect(container.querySelector(`a[href="mailto:${SITE.supportEmail}"]`)).toBeTruthy(),
    );
    expect(api.callsTo('GET /api/landing-video')).toEqual([]);
    expect(container.querySelector('video')).toBeNull();
  });
});
