import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTimeZone } from '../../../shared/calendar';
import { AIRPORT_MATCHES, type Airport } from '../../../shared/contracts/airports';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { apiClient } from '../../test/apiClient';
import { createAccount } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';

// Issue #37: the flight form's airport picker asks the server, which keeps the airports.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const search = (q: string) => `/api/airports?q=${encodeURIComponent(q)}`;

describe('GET /api/airports', () => {
  it('answers the airport with the code first, with its city, country and IANA zone', async () => {
    const { client } = await createAccount(t);
    for (const typed of ['lis', 'LIS', ' Lis ']) {
      const res = await client.get<Airport[]>(search(typed));
      expect(res.status, typed).toBe(200);
      expect(res.body[0]).toEqual({
        code: 'LIS',
        name: expect.stringContaining('Lisbon'),
        city: 'Lisbon',
        country: 'Portugal',
        timeZone: 'Europe/Lisbon',
      });
      expect(res.body.length).toBeLessThanOrEqual(AIRPORT_MATCHES);
    }
  });

  it('finds airports by the city they serve and by a word of their name, airlines’ first', async () => {
    const { client } = await createAccount(t);
    const tokyo = (await client.get<Airport[]>(search('tokyo'))).body.map((a) => a.code);
    expect(tokyo.slice(0, 2).sort()).toEqual(['HND', 'NRT']);
    const heathrow = (await client.get<Airport[]>(search('heathrow'))).body;
    expect(heathrow.map((a) => a.code)).toEqual(['LHR']);
    const bali = (await client.get<Airport[]>(search('denpasar'))).body[0];
    expect(bali).toMatchObject({ code: 'DPS', country: 'Indonesia', timeZone: 'Asia/Makassar' });
    const paulo = (await client.get<Airport[]>(search('são paulo'))).body.map((a) => a.code);
    expect(paulo).toEqual(expect.arrayContaining(['GRU', 'CGH']));
  });

  it('gives at most ten, every one with a zone Intl knows; nothing for what matches nothing', async () => {
    const { client } = await createAccount(t);
    const many = (await client.get<Airport[]>(search('a'))).body;
    expect(many).toHaveLength(AIRPORT_MATCHES);
    expect(many.every((a) => /^[A-Z]{3}$/.test(a.code) && isTimeZone(a.timeZone))).toBe(true);
    expect((await client.get<Airport[]>(search('qqqqzz'))).body).toEqual([]);
  });

  it('refuses an empty or overlong search, and anyone signed out', async () => {
    const { client } = await createAccount(t);
    for (const bad of ['', '   ', 'x'.repeat(61)]) {
      const res = await client.get<ErrorResponse>(search(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await client.get('/api/airports')).status).toBe(400);
    const visitor = await apiClient(t.url).get<ErrorResponse>(search('lis'));
    expect(visitor.status).toBe(401);
  });

  it('limits each address to 60 searches a minute', async () => {
    const { client } = await createAccount(t);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await client.get(search(`l${i}`))).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
