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
 * Makes the page's requests, and its context's API calls, come from an address of their own (the e2e server trusts
 * X-Forwarded-For from loopback), so per-address limits such as the waitlist's 10 an hour
 * count each test separately. Addresses come from 198.18.0.0/15 (RFC 2544's benchmarking range,
 * never a real network): 131,072 of them, a block of 1,000 per worker process, so two workers'
 * visitors do not meet (a /24 of 250 shared by every worker could hand one address to two
 * tests, and a test repeated with --repeat-each met the waitlist's limit: 429).
 */
export async function actAsNewVisitor(page: Page) {
  visitors += 1;
  const n = (process.pid * 1000 + visitors) % 131_072;
  const ip = `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
  // On the context, so the page's API calls (page.request) come from the same address.
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}
