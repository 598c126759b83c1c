import type { Page } from '@playwright/test';

/** A toast in the notification region (Radix also renders an off-screen copy to announce it). */
export function toast(page: Page, text: string) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first();
}

let visitors = 0;
/**
 * Makes the page's requests come from an address of their own (the e2e server trusts
 * X-Forwarded-For from loopback), so per-address limits such as the waitlist's 10 an hour
 * count each test separately. Documentation range (RFC 5737), never a real network.
 */
export async function actAsNewVisitor(page: Page) {
  visitors += 1;
  const ip = `198.51.100.${(process.pid * 7 + visitors) % 250}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}
