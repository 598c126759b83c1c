import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Parser } from 'htmlparser2';
import ipaddr from 'ipaddr.js';
import type { Money } from '../../../shared/contracts/search';

/**
 * The public preview of a pasted link (issue #21): a server-side read of an untrusted URL, so
 * it is fenced in. http(s) only; every address the name resolves to must be a public unicast
 * one — checked when the connection is made, on every redirect, so a name that resolves to
 * 127.0.0.1 or 169.254.169.254 (or changes its answer between a check and the connect) reaches
 * nothing; at most 5 s in all, and 1 MB (a page announced as larger is refused unread, one
 * sent without its length is cut there, its head being what counts); HTML only, read for Open
 * Graph and schema.org fields, never run or rendered.
 */
export const PREVIEW_MAX_BYTES = 1024 * 1024;
export const PREVIEW_TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;

export type LinkPreview = {
  url: string;
  site: string;
  title: string | null;
  description: string | null;
  imageUrl: string | null;
  price: Money | null;
};

export class PreviewError extends Error {
  override name = 'PreviewError';
  constructor(readonly reason: 'refused' | 'unreadable') {
    super(reason);
  }
}

/** Test-only: the local fake site lives on 127.0.0.1 (LINK_PREVIEW_ALLOW_LOOPBACK). */
export type PreviewOptions = { allowLoopback?: boolean };

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach it: IPv4-mapped
 * (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`, which the issue #34 probe found treated as
 * public: `::7f00:1` is 127.0.0.1), NAT64's well-known prefix (`64:ff9b::a.b.c.d`) and 6to4
 * (`2002:aabb:ccdd::`). Teredo and the local NAT64 prefix are not public ranges at all.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const fromWords = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeros = (from: number, to: number) => parts.slice(from, to).every((part) => part === 0);
  // ::/96 holds :: and ::1 as well, whose own ranges (unspecified, loopback) are kept.
  if (zeros(0, 5) && parts[5] === 0 && !zeros(6, 7)) return fromWords(parts[6]!, parts[7]!);
  if (zeros(0, 5) && parts[5] === 0xffff) return fromWords(parts[6]!, parts[7]!);
  if (parts[0] === 0x64 && parts[1] === 0xff9b && zeros(2, 6)) {
    return fromWords(parts[6]!, parts[7]!);
  }
  if (parts[0] === 0x2002) return fromWords(parts[1]!, parts[2]!);
  return null;
}

/** Whether an address is one a public web page may live at. */
export function isPublicAddress(address: string, { allowLoopback = false } = {}): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') parsed = embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed;
  const range = parsed.range();
  if (allowLoopback && range === 'loopback') return true;
  return range === 'unicast';
}

/** dns.lookup for the connection, refusing any non-public address it resolves to. */
function guardedLookup(options: PreviewOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || !list.every(({ address }) => isPublicAddress(address, options))) {
        return callback(new PreviewError('refused') as NodeJS.ErrnoException, '', 0);
      }
      if (lookupOptions.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

type Fetched = { status: number; location?: string; type: string; body: string };

/** One GET, no redirects followed, the body cut at PREVIEW_MAX_BYTES. */
function getOnce(url: URL, options: PreviewOptions, signal: AbortSignal): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    // A literal address skips the lookup: it is checked here instead.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(literal) && !isPublicAddress(literal, options)) {
      return reject(new PreviewError('refused'));
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: guardedLookup(options),
        signal,
        headers: {
          accept: 'text/html,application/xhtml+xml',
          'user-agent': 'TripmatesLinkPreview/1.0 (+https://tripmates.app)',
        },
      },
      (response) => {
        const type = String(response.headers['content-type'] ?? '');
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location: response.headers.location, type, body: '' });
        }
        // A page that says it is bigger than the limit is not read at all.
        if (Number(response.headers['content-length'] ?? 0) > PREVIEW_MAX_BYTES) {
          response.destroy();
          return reject(new PreviewError('unreadable'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > PREVIEW_MAX_BYTES) {
            // Enough to find the page's head; the rest is not read.
            chunks.push(chunk.subarray(0, chunk.length - (size - PREVIEW_MAX_BYTES)));
            response.destroy();
            resolve({ status, type, body: Buffer.concat(chunks).toString('utf8') });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, type, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(error instanceof PreviewError ? error : new PreviewError('unreadable')),
    );
  });
}

/** Reads the page at `address` (following up to 3 redirects, each checked) and its preview. */
export async function readLinkPreview(
  address: string,
  options: PreviewOptions = {},
): Promise<LinkPreview> {
  const signal = AbortSignal.timeout(PREVIEW_TIMEOUT_MS);
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PreviewError('refused');
    if (url.username || url.password) throw new PreviewError('refused');
    let page: Fetched;
    try {
      page = await getOnce(url, options, signal);
    } catch (error) {
      if (error instanceof PreviewError) throw error;
      throw new PreviewError('unreadable');
    }
    if (page.location !== undefined) {
      if (hop >= MAX_REDIRECTS) throw new PreviewError('unreadable');
      url = new URL(page.location, url);
      continue;
    }
    if (page.status !== 200 || !/^(text\/html|application\/xhtml\+xml)/i.test(page.type)) {
      throw new PreviewError('unreadable');
    }
    return {
      url: url.toString(),
      site: url.hostname.replace(/^www\./, ''),
      ...readPreview(page.body, url),
    };
  }
}

const clean = (value: string | undefined | null, max = 300) => {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
};

/** An image the browser may show: http(s), absolute, resolved against the page. */
function imageUrlOf(value: string | null, page: URL): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, page);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function priceOf(amount: unknown, currency: unknown): Money | null {
  const number =
    typeof amount === 'number' ? amount : Number(String(amount ?? '').replace(/,/g, ''));
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  if (!Number.isFinite(number) || number <= 0 || !/^[A-Z]{3}$/.test(code)) return null;
  return { amount: number.toFixed(2), currency: code };
}

/** A schema.org `offers` (an Offer, a list of them, or an AggregateOffer)'s price. */
function schemaPrice(node: Record<string, unknown>): Money | null {
  const offers = node.offers;
  for (const offer of Array.isArray(offers) ? offers : offers ? [offers] : []) {
    if (!offer || typeof offer !== 'object') continue;
    const { price, lowPrice, priceCurrency } = offer as Record<string, unknown>;
    const found = priceOf(price ?? lowPrice, priceCurrency);
    if (found) return found;
  }
  return null;
}

/** Open Graph first, then schema.org JSON-LD, then the page's own title. */
export function readPreview(html: string, page: URL): Omit<LinkPreview, 'url' | 'site'> {
  const meta = new Map<string, string>();
  const jsonLd: string[] = [];
  let title = '';
  let inTitle = false;
  let inJsonLd = false;
  let script = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
          if (key && attributes.content !== undefined && !meta.has(key)) {
            meta.set(key, attributes.content);
          }
        } else if (name === 'title') inTitle = true;
        else if (name === 'script' && attributes.type?.toLowerCase() === 'application/ld+json') {
          inJsonLd = true;
          script = '';
        }
      },
      ontext(text) {
        if (inTitle) title += text;
        if (inJsonLd) script += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'script' && inJsonLd) {
          inJsonLd = false;
          jsonLd.push(script);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();

  let schemaName: string | null = null;
  let schemaImage: string | null = null;
  let schemaPriceFound: Money | null = null;
  for (const block of jsonLd) {
    let data: unknown;
    try {
      data = JSON.parse(block);
    } catch {
      continue;
    }
    const graph = (data as { '@graph'?: unknown })?.['@graph'];
    const nodes = Array.isArray(data) ? data : Array.isArray(graph) ? graph : [data];
    for (const node of nodes) {
      if (!node || typeof node !== 'object') continue;
      const record = node as Record<string, unknown>;
      schemaName ??= typeof record.name === 'string' ? record.name : null;
      const image = Array.isArray(record.image) ? record.image[0] : record.image;
      schemaImage ??= typeof image === 'string' ? image : null;
      schemaPriceFound ??= schemaPrice(record);
    }
  }

  return {
    title: clean(meta.get('og:title')) ?? clean(schemaName) ?? clean(title),
    description: clean(meta.get('og:description') ?? meta.get('description'), 500),
    imageUrl: imageUrlOf(meta.get('og:image') ?? schemaImage, page),
    price:
      priceOf(
        meta.get('og:price:amount') ?? meta.get('product:price:amount'),
        meta.get('og:price:currency') ?? meta.get('product:price:currency'),
      ) ?? schemaPriceFound,
  };
}
