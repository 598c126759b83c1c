import {
  WAITLIST_SOURCES,
  type WaitlistEntry,
  type WaitlistSource,
} from '../../../../shared/contracts/waitlist';

/**
 * One row of the admin list (spec §3 Waitlist entry, admin list), with where the address joined
 * (issue #38); null when the answer names no source this client knows.
 */
export type AdminWaitlistEntry = Pick<
  WaitlistEntry,
  'id' | 'email' | 'name' | 'createdAt' | 'contacted'
> & { source: WaitlistSource | null };

/** Where an address joined, in the admin list's words. */
export const SOURCE_LABELS: Record<WaitlistSource, string> = {
  landing: 'Landing page',
  newsletter: 'Newsletter',
  blog: 'Blog',
};

const isSource = (value: unknown): value is WaitlistSource =>
  (WAITLIST_SOURCES as readonly unknown[]).includes(value);

export const WAITLIST_ENTRIES_KEY = ['/api/admin/waitlist'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The entries of a `GET /api/admin/waitlist` answer that can be shown. spec §3: an entry lacking
 * a string id or a string e-mail is ignored; the other fields are read defensively too, so one
 * odd record cannot break the page (a missing name is no name, anything but `true` is not
 * contacted).
 */
export function sanitiseWaitlistEntries(data: unknown): AdminWaitlistEntry[] {
  if (!Array.isArray(data)) return [];
  const entries: AdminWaitlistEntry[] = [];
  for (const item of data) {
    if (!isRecord(item) || typeof item.id !== 'string' || typeof item.email !== 'string') continue;
    entries.push({
      id: item.id,
      email: item.email,
      name: typeof item.name === 'string' && item.name.trim() ? item.name : null,
      createdAt: typeof item.createdAt === 'string' ? item.createdAt : '',
      contacted: item.contacted === true,
      source: isSource(item.source) ? item.source : null,
    });
  }
  return entries;
}
