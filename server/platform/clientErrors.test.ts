import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../shared/contracts/errorCodes';
import { startTestApp, type TestApp } from '../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Sends `raw` as it is on a connection of its own and reads the answer until the server closes. */
function rawRequest(raw: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

// Issue #34: these got Fastify's `{"error":"Bad Request","message":"Client Error",…}`.
describe('a request Node cannot parse', () => {
  it.each([
    ['a NUL byte in the path', 'GET /api/tr\0ips HTTP/1.1\r\nHost: x\r\n\r\n', 'bad_request'],
    [
      'conflicting Content-Length headers',
      'POST /api/waitlist HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
      'bad_request',
    ],
    [
      'a 20 KB header',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
      'headers_too_large',
    ],
    ['no HTTP at all', 'HELLO\r\n\r\n', 'bad_request'],
  ] as const)('is answered {message, code} for %s', async (_what, raw, code) => {
    const res = await rawRequest(raw);
    expect(res.status).toBe(ERROR_STATUS[code]);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(res.body);
    expect(body).toEqual({ code, message: expect.any(String) });
    expect(body.message).not.toMatch(/client error/i);
  });

  it('leaves the server answering', async () => {
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  });
});
