import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PUBLIC_PAGES } from '../shared/constants';
import { E2E_ADMIN, newTraveller } from './support/accounts';
import { measureLandingScripts, SCRIPT_BUDGET_BYTES } from './support/scriptBudget';
import { actAsNewVisitor, toast } from './support/ui';

const WAITLIST_THANKS = "Thanks for your interest! We'll notify you when Tripmates launches.";

let emails = 0;
const uniqueEmail = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${process.pid}_${++emails}@example.com`;

/** The landing page's bottom banner. */
const banner = (page: Page) => page.getByRole('complementary', { name: 'Waitlist' });

async function signInAsAdmin(page: Page) {
  const res = await page.request.post('/api/login', {
    headers: { origin: new URL(page.url() || 'http://x').origin },
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(res.status()).toBe(200);
}

/** What the server holds for an address, read through the admin API. */
async function storedEntry(page: Page, email: string) {
  const res = await page.request.get('/api/admin/waitlist');
  expect(res.status()).toBe(200);
  const entries: { email: string; name: string | null; source: string }[] = await res.json();
  return entries.find((entry) => entry.email === email);
}

test.describe('the waitlist banner', () => {
  test.beforeEach(async ({ page }) => {
    await actAsNewVisitor(page);
    await page.goto('/');
  });

  test('join with an e-mail and a name: Submitting..., thanks, collapsed, stored', {
    tag: '@phone',
  }, async ({ page, browser, baseURL }) => {
    const email = uniqueEmail('banner');
    await banner(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await banner(page).getByLabel('Email').fill(email);
    await banner(page).getByLabel(/Name/).fill('Ana Lima');

    // Hold the request so the pending state can be seen, then let it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/waitlist', async (route) => {
      await held;
      await route.continue();
    });
    await banner(page)
      .getByRole('button', { name: /Join|Submit/ })
      .last()
      .click();
    const submitting = banner(page).getByRole('button', { name: 'Submitting...' });
    await expect(submitting).toBeDisabled();
    release();

    await expect(toast(page, WAITLIST_THANKS)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Join Waitlist' })).toBeVisible();
    await expect(banner(page).getByLabel('Email')).toHaveCount(0);

    const admin = await browser.newPage({ baseURL });
    await admin.goto('/auth');
    await signInAsAdmin(admin);
    expect(await storedEntry(admin, email)).toMatchObject({ name: 'Ana Lima', source: 'landing' });
    await admin.close();
  });

  test('Cancel collapses the form', async ({ page }) => {
    await banner(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(banner(page).getByLabel('Email')).toBeVisible();
    await banner(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(banner(page).getByLabel('Email')).toHaveCount(0);
    await expect(banner(page).getByRole('button', { name: 'Join Waitlist' })).toBeFocused();
  });

  test('an invalid address gets "Invalid email" and sends nothing', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/waitlist')) sent += 1;
    });
    await banner(page).getByRole('button', { name: 'Join Waitlist' }).click();
    for (const value of ['', 'ana.example.com', 'ana@example']) {
      await banner(page).getByLabel('Email').fill(value);
      await banner(page)
        .getByRole('button', { name: /Join|Submit/ })
        .last()
        .click();
      await expect(toast(page, 'Invalid email')).toBeVisible();
      await expect(toast(page, 'Please enter a valid email address')).toBeVisible();
    }
    expect(sent).toBe(0);
    await expect(banner(page).getByLabel('Email')).toBeVisible();
  });

  test('a server failure gets "Something went wrong" and keeps the form', async ({ page }) => {
    await page.route('**/api/waitlist', (route) =>
      route.fulfill({ status: 500, body: '{"message":"Internal server error"}' }),
    );
    await banner(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await banner(page).getByLabel('Email').fill(uniqueEmail('fail'));
    await banner(page)
      .getByRole('button', { name: /Join|Submit/ })
      .last()
      .click();
    await expect(toast(page, 'Something went wrong')).toBeVisible();
    await expect(toast(page, 'Please try again later')).toBeVisible();
    await expect(banner(page).getByLabel('Email')).toBeVisible();
  });

  test('a network failure gets "Something went wrong" too', async ({ page }) => {
    await page.route('**/api/waitlist', (route) => route.abort('connectionfailed'));
    await banner(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await banner(page).getByLabel('Email').fill(uniqueEmail('offline'));
    await banner(page)
      .getByRole('button', { name: /Join|Submit/ })
      .last()
      .click();
    await expect(toast(page, 'Something went wrong')).toBeVisible();
  });
});

test('the footer newsletter box subscribes the address', async ({ page, browser, baseURL }) => {
  await actAsNewVisitor(page);
  await page.goto('/');
  const email = uniqueEmail('news');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox').fill(email);
  await footer.getByRole('button', { name: 'Join' }).click();
  await expect(footer.getByRole('textbox')).toHaveValue('');

  const admin = await browser.newPage({ baseURL });
  await admin.goto('/auth');
  await signInAsAdmin(admin);
  expect(await storedEntry(admin, email)).toMatchObject({ source: 'newsletter' });
  await admin.close();
});

test('the blog Notify Me subscribes the address', async ({ page, browser, baseURL }) => {
  await actAsNewVisitor(page);
  await page.goto('/blog');
  const email = uniqueEmail('blog');
  await page.getByRole('textbox').first().fill(email);
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByRole('textbox').first()).toHaveValue('');

  const admin = await browser.newPage({ baseURL });
  await admin.goto('/auth');
  await signInAsAdmin(admin);
  expect(await storedEntry(admin, email)).toMatchObject({ source: 'blog' });
  await admin.close();
});

const disabledActions = [
  ['Start Planning Now', /coming soon in private beta/i],
  ['Watch Demo', /demo video is being produced/i],
  ['Apple Vision Pro', /coming soon in private beta/i],
  ['Choose Free', /coming soon in private beta/i],
  ['Choose Premium', /coming soon in private beta/i],
  ['Choose Pro', /coming soon in private beta/i],
] as const;

test('every private-beta action is disabled and explains itself on hover and keyboard focus', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  for (const [name, message] of disabledActions) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button, name).toBeDisabled();
    const tooltipId = await button.getAttribute('aria-describedby');
    expect(tooltipId, name).toBeTruthy();
    const tooltip = page.locator(`[id="${tooltipId}"]`);
    await expect(tooltip, name).toHaveText(message);
    await expect(tooltip, name).toBeHidden();

    // Keyboard: the wrapper around the disabled button takes focus and shows the tooltip.
    await button.locator('xpath=..').focus();
    await expect(tooltip, `${name} on focus`).toBeVisible();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(tooltip, name).toBeHidden();

    if (testInfo.project.name === 'desktop') {
      await button.hover();
      await expect(tooltip, `${name} on hover`).toBeVisible();
      await page.mouse.move(0, 0);
      await expect(tooltip, name).toBeHidden();
    }
  }
});

test('the pricing shows the three plans of spec §9, Premium the most popular', async ({ page }) => {
  await page.goto('/');
  const pricing = page.locator('#pricing');
  for (const [plan, price] of [
    ['Free', '$0'],
    ['Premium', '$9.99'],
    ['Pro', '$19.99'],
  ] as const) {
    await expect(pricing.getByRole('heading', { name: plan, exact: true })).toBeVisible();
    await expect(pricing.getByText(price, { exact: true })).toBeVisible();
  }
  await expect(pricing.getByText('Most Popular')).toBeVisible();
});

test('testimonials say their rating in words, half stars included', async ({ page }) => {
  await page.goto('/');
  const testimonials = page.locator('#testimonials');
  await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(2);
  await expect(testimonials.getByRole('img', { name: 'Rated 4.5 out of 5' })).toHaveCount(1);
});

test(
  'the header links reach each section, and Sign In (or Login on a phone) reaches /auth',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await page.goto('/');
    if (testInfo.project.name === 'desktop') {
      for (const section of ['features', 'pricing', 'testimonials', 'contact']) {
        await expect(page.locator(`header a[href="#${section}"]`).first()).toBeVisible();
        await expect(page.locator(`#${section}`)).toHaveCount(1);
      }
    }
    const name = testInfo.project.name === 'desktop' ? 'Sign In' : 'Login';
    await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL('/auth');
  },
);

test(
  'a phone gets the hero image and downloads no video; a desktop plays the film over the poster',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const media: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'media') media.push(request.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    if (testInfo.project.name === 'phone') {
      expect(media).toEqual([]);
      await expect(page.locator('video')).toHaveCount(0);
      return;
    }
    // The e2e server has a (fake) Pexels key: the film is Pexels' SD file, over the poster.
    const video = page.getByTestId('hero-video');
    await expect(video).toHaveAttribute('src', /^https:\/\/videos\.pexels\.com\/.*sd_.*\.mp4$/);
    await expect(video).toHaveAttribute('poster', '/landing/poster.svg');
    expect(media.every((url) => url.startsWith('https://videos.pexels.com/'))).toBe(true);
  },
);

test('the help accordion keeps one answer open at a time', async ({ page }) => {
  await page.goto('/help');
  const questions = page.locator('main').getByRole('button', { expanded: false });
  const first = questions.nth(0);
  const second = questions.nth(1);
  const firstName = (await first.textContent()) ?? '';
  const secondName = (await second.textContent()) ?? '';
  await page.getByRole('button', { name: firstName }).click();
  await expect(page.getByRole('button', { name: firstName })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.getByRole('button', { name: secondName }).click();
  await expect(page.getByRole('button', { name: secondName })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('button', { name: firstName })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(page.locator('main [aria-expanded="true"]')).toHaveCount(1);
});

test('robots.txt and the sitemap list the public pages', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/help</loc>');
});

// The sitemap's pages, and the other pages a visitor can reach.
const publicPages = [
  ...PUBLIC_PAGES,
  '/auth',
  '/forgot-password',
  '/admin/waitlist',
  '/no/such/page',
];

for (const path of publicPages) {
  test(`${path}: no serious accessibility problem, its own title, no sideways scroll`, {
    tag: '@phone',
  }, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main h1, h1').first()).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' | ')}`);
    expect(serious).toEqual([]);

    expect(await page.title()).toMatch(/Tripmates/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(20);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
}

test('each static page has a title of its own', async ({ page }) => {
  const titles = new Set<string>();
  for (const path of ['/', '/help', '/about', '/careers', '/blog', '/press', '/privacy']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect.poll(() => page.title()).not.toBe('');
    titles.add(await page.title());
  }
  expect(titles.size).toBe(7);
});

test(`/ loads at most ${SCRIPT_BUDGET_BYTES / 1024} KB of gzipped JavaScript for a visitor`, async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'measured once, in a phone-sized context');
  const { files, totalGzipBytes } = await measureLandingScripts(browser, baseURL ?? '');
  expect(files.length).toBeGreaterThan(0);
  expect(
    totalGzipBytes,
    files.map((f) => `${f.path} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join('\n'),
  ).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
});

test.describe('the waitlist admin', () => {
  test('an admin searches, marks an entry contacted, and the badge changes', async ({ page }) => {
    await actAsNewVisitor(page);
    const ana = uniqueEmail('admin_ana');
    const bo = uniqueEmail('admin_bo');
    await page.goto('/auth');
    for (const [email, name] of [
      [ana, 'Ana Lima'],
      [bo, 'Bo Berg'],
    ]) {
      const res = await page.request.post('/api/waitlist', {
        headers: { origin: new URL(page.url()).origin },
        data: { email, name },
      });
      expect(res.status()).toBe(200);
    }
    await signInAsAdmin(page);
    // The admin reaches the list from the avatar menu's Admin section.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Waitlist Manager' }).click();
    await expect(page).toHaveURL('/admin/waitlist');

    const search = page.getByPlaceholder('Search by name or email...');
    await search.fill(ana.toUpperCase());
    // Phones show cards, wider screens a table: either way one entry per row or card.
    const entry = page.locator('tr, li, article').filter({ hasText: ana });
    await expect(entry.first()).toBeVisible();
    await expect(page.getByText(bo)).toHaveCount(0);
    await expect(entry.first().getByText('New', { exact: true })).toBeVisible();

    await search.fill('ana lima');
    await expect(entry.first()).toBeVisible();

    await entry.first().getByRole('button', { name: 'Mark as Contacted' }).click();
    await expect(toast(page, 'Waitlist entry marked as contacted')).toBeVisible();
    await expect(entry.first().getByText('Contacted', { exact: true })).toBeVisible();
    await expect(entry.first().getByRole('button', { name: 'Mark as Contacted' })).toBeDisabled();

    await search.fill('no such traveller anywhere');
    await expect(page.getByText('No matching entries found')).toBeVisible();
  });

  test('a signed-in non-admin is refused, by the server too', async ({ page }) => {
    await page.goto('/auth');
    const traveller = newTraveller('notadmin');
    const res = await page.request.post('/api/register', {
      headers: { origin: new URL(page.url()).origin },
      data: traveller,
    });
    expect(res.status()).toBe(201);
    expect((await page.request.get('/api/admin/waitlist')).status()).toBe(403);
    await page.goto('/admin/waitlist');
    await expect(page.getByRole('heading', { name: /admin/i })).toBeVisible();
    await expect(page.getByPlaceholder('Search by name or email...')).toHaveCount(0);
  });

  test('a visitor is asked to sign in', async ({ page }) => {
    await page.goto('/admin/waitlist');
    await expect(page.getByText('Admin Access Required')).toBeVisible();
    await expect(page.getByText('Please sign in to access the waitlist admin panel')).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    // Signing in comes back here (issue #17).
    await expect(page).toHaveURL('/auth?next=%2Fadmin%2Fwaitlist');
  });
});
