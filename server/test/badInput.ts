import { expect } from 'vitest';
import type { ErrorResponse } from '../../shared/contracts/errors';
import type { ApiClient } from './apiClient';

/** Bodies no route should take, each named for the failure message. */
export const BAD_BODIES: [string, unknown][] = [
  ['nothing', undefined],
  ['an empty object', {}],
  ['an array', [1, 2]],
  ['null', null],
  [
    'wrong types',
    {
      username: 1,
      email: true,
      password: {},
      token: [],
      currentPassword: 5,
      newPassword: null,
      firstName: 3,
    },
  ],
  [
    'huge strings',
    {
      username: 'u'.repeat(5000),
      email: `${'e'.repeat(5000)}@x.io`,
      password: 'p'.repeat(5000),
      token: '1'.repeat(5000),
    },
  ],
];

/**
 * Sends each of BAD_BODIES (but those `skip` names) to the route as `client` (raw, so that no
 * body at all and non-objects go out as they are) and expects a 4xx with a message for each.
 */
export async function expectBadBodiesRefused(
  baseUrl: string,
  client: ApiClient,
  method: string,
  path: string,
  skip: string[] = [],
) {
  for (const [name, body] of BAD_BODIES) {
    if (skip.includes(name)) continue;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        origin: baseUrl,
        cookie: `tm_session=${client.cookie}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${name} → ${res.status}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${name} → ${res.status}`).toBeLessThan(500);
    const json = (await res.json()) as ErrorResponse;
    expect(typeof json.message).toBe('string');
  }
}
