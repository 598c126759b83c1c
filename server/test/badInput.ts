import { expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorResponse } from '../../shared/contracts/errors';
import type { ApiClient } from './apiClient';
import { createAccount } from './factories';
import type { TestApp } from './testApp';

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
async function expectBadBodiesRefused(
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
    expect(ERROR_STATUS[json.code], `${name} → ${json.code}`).toBe(res.status);
  }
}

/**
 * One test a route, each sending BAD_BODIES as a fresh account: `[method, path, skip?]`, where
 * `skip` names the bodies the route may take (PATCH /api/user takes an empty edit).
 */
export function itRefusesBadBodies(app: () => TestApp, routes: [string, string, string[]?][]) {
  it.each(routes)('%s %s', async (method, path, skip = []) => {
    const { client } = await createAccount(app());
    await expectBadBodiesRefused(app().url, client, method, path, skip);
  });
}
