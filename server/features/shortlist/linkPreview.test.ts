import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListingSite } from '../../test/fakes/listingSite';
import { isPublicAddress, PreviewError, readLinkPreview, readPreview } from './linkPreview';

describe('isPublicAddress', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:93.184.216.34', true],
    // Issue #34: IPv4-compatible addresses are the IPv4 address they carry.
    ['::7f00:1', false],
    ['::127.0.0.1', false],
    ['::a9fe:a9fe', false],
    ['::a00:1', false],
    ['::5db8:d822', true],
    ['::', false],
    // NAT64 and 6to4 carry one too.
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['64:ff9b::5db8:d822', true],
    ['64:ff9b:1::a00:1', false],
    ['2002:7f00:1::1', false],
    ['2002:a9fe:a9fe::', false],
    ['2002:5db8:d822::1', true],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('lets loopback through only when a test allows it', () => {
    expect(isPublicAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
  });
});

describe('readPreview', () => {
  const at = new URL('https://rentals.example.com/listing/1');
  it('reads nothing it was not asked for, and never fails on broken markup', () => {
    expect(readPreview('<html><head><title>Hi', at)).toEqual({
      title: 'Hi',
      description: null,
      imageUrl: null,
      price: null,
    });
    expect(
      readPreview(
        '<script type="application/ld+json">{not json</script><meta property="og:image" content="javascript:alert(1)">',
        at,
      ),
    ).toMatchObject({ imageUrl: null });
  });
});

describe('readLinkPreview', () => {
  let site: Awaited<ReturnType<typeof startListingSite>>;
  beforeAll(async () => {
    site = await startListingSite();
  });
  afterAll(() => site?.close());
  const allow = { allowLoopback: true };

  it('refuses the local site unless a test allows loopback', async () => {
    await expect(readLinkPreview(`${site.url}/villa`)).rejects.toEqual(new PreviewError('refused'));
  });

  it('refuses private and metadata addresses given literally, and non-web schemes', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://10.0.0.1/',
      'http://localhost/',
    ]) {
      await expect(readLinkPreview(url), url).rejects.toEqual(new PreviewError('refused'));
    }
    await expect(readLinkPreview('file:///etc/passwd', allow)).rejects.toEqual(
      new PreviewError('refused'),
    );
  });

  it('checks every redirect: one to the metadata address is refused', async () => {
    await expect(readLinkPreview(`${site.url}/to-metadata`, allow)).rejects.toEqual(
      new PreviewError('refused'),
    );
    const moved = await readLinkPreview(`${site.url}/moved`, allow);
    expect(moved).toMatchObject({ url: `${site.url}/villa`, title: 'Villa Sawah & rice fields' });
  });

  it('reads Open Graph, then schema.org, then the title', async () => {
    expect(await readLinkPreview(`${site.url}/villa`, allow)).toEqual({
      url: `${site.url}/villa`,
      site: '127.0.0.1',
      title: 'Villa Sawah & rice fields',
      description: 'Three bedrooms above the rice terraces of Ubud.',
      imageUrl: `${site.url}/images/villa.jpg`,
      price: { amount: '240.00', currency: 'USD' },
    });
    expect(await readLinkPreview(`${site.url}/hotel`, allow)).toMatchObject({
      title: 'Hotel Canggu Beach',
      imageUrl: 'https://images.example.com/canggu.jpg',
      price: { amount: '189.50', currency: 'EUR' },
    });
    expect(await readLinkPreview(`${site.url}/plain`, allow)).toMatchObject({
      title: 'A simple guesthouse',
      price: null,
    });
  });

  it('refuses a page announced as over 1 MB, and reads only the first 1 MB of one sent unannounced', async () => {
    await expect(readLinkPreview(`${site.url}/huge`, allow)).rejects.toEqual(
      new PreviewError('unreadable'),
    );
    expect(await readLinkPreview(`${site.url}/endless`, allow)).toMatchObject({
      title: 'A page without an end',
    });
  });

  it('calls what is not an HTML page at 200 unreadable', async () => {
    for (const path of ['/data', '/missing']) {
      await expect(readLinkPreview(`${site.url}${path}`, allow), path).rejects.toEqual(
        new PreviewError('unreadable'),
      );
    }
  });
});
