import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sameOrigin } from './handshake';

const request = (headers: { origin?: string; host: string }) => ({ headers }) as IncomingMessage;

describe('sameOrigin', () => {
  const site = 'https://tripmates.example';

  it("lets in this site's pages, however the server was addressed", () => {
    expect(sameOrigin(request({ origin: site, host: 'tripmates.example' }), site)).toBe(true);
    expect(
      sameOrigin(request({ origin: 'http://127.0.0.1:4000', host: '127.0.0.1:4000' }), site),
    ).toBe(true);
    expect(
      sameOrigin(request({ origin: 'https://app.internal', host: 'app.internal' }), site),
    ).toBe(true);
  });

  it("refuses another site's page, and lets in what is not a browser (it sends no Origin)", () => {
    expect(
      sameOrigin(request({ origin: 'https://evil.example', host: 'tripmates.example' }), site),
    ).toBe(false);
    expect(
      sameOrigin(request({ origin: 'http://tripmates.example', host: 'x.example' }), site),
    ).toBe(false);
    expect(sameOrigin(request({ host: 'tripmates.example' }), site)).toBe(true);
  });
});
