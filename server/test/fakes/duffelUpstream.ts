/**
 * A stand-in for Duffel's flight search (issue #21), for API tests and the e2e server: one
 * node:http server on 127.0.0.1 answering `POST /air/offer_requests?return_offers=true` with an
 * offer request shaped like Duffel's (v2), offers from "Duffel Airways" (ZZ) as its test mode
 * has. It checks the token and the `Duffel-Version` header as Duffel does (401, 400).
 *
 * Its test cases, by destination: `NOF` finds no offers; `SLW` answers only after `slowMs`;
 * `ERR` fails with 500. Anything else gets three offers, listed dearest first (a direct flight,
 * one with a connection in SIN, and a dearer direct one), each with the return leg when asked.
 *
 *   const fake = await startFakeDuffel();
 *   const app = await startTestApp({ env: fake.env() });
 *
 * No dependencies beyond Node, so the e2e server can start it too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_DUFFEL_TOKEN = 'duffel_test_fake-token';
export const NO_OFFERS_AIRPORT = 'NOF';
export const SLOW_AIRPORT = 'SLW';
export const FAILING_AIRPORT = 'ERR';

const TIME_ZONES: Record<string, string> = {
  DPS: 'Asia/Makassar',
  SIN: 'Asia/Singapore',
  CGK: 'Asia/Jakarta',
  LHR: 'Europe/London',
  JFK: 'America/New_York',
};

type SliceRequest = { origin: string; destination: string; departure_date: string };
export type FakeDuffelCall = {
  authorization: string | undefined;
  version: string | undefined;
  query: Record<string, string>;
  body: { data?: { slices?: SliceRequest[]; passengers?: unknown[]; cabin_class?: string } };
};

export type FakeDuffel = {
  url: string;
  env(): Record<string, string>;
  calls: FakeDuffelCall[];
  close(): Promise<void>;
};

const airport = (code: string) => ({
  iata_code: code,
  name: `${code} Airport`,
  time_zone: TIME_ZONES[code] ?? 'UTC',
  type: 'airport',
});

function segment(
  from: string,
  to: string,
  day: string,
  departs: string,
  arrives: string,
  n: number,
) {
  return {
    id: `seg_${from}${to}${n}`,
    origin: airport(from),
    destination: airport(to),
    departing_at: `${day}T${departs}:00`,
    arriving_at: `${day}T${arrives}:00`,
    marketing_carrier: { iata_code: 'ZZ', name: 'Duffel Airways' },
    marketing_carrier_flight_number: String(n),
    operating_carrier: { iata_code: 'ZZ', name: 'Duffel Airways' },
  };
}

/** The three offers of the usual case; the `via` one connects in SIN. */
function offersFor(slices: SliceRequest[], passengers: number) {
  const legs = (kind: 'direct' | 'via' | 'late') =>
    slices.map(({ origin, destination, departure_date: day }, index) => ({
      id: `sli_${kind}_${index}`,
      origin: airport(origin),
      destination: airport(destination),
      segments:
        kind === 'via' && origin !== 'SIN' && destination !== 'SIN'
          ? [
              segment(origin, 'SIN', day, '07:00', '09:40', 100 + index),
              segment('SIN', destination, day, '11:00', '13:35', 200 + index),
            ]
          : [
              segment(
                origin,
                destination,
                day,
                kind === 'late' ? '18:15' : '08:30',
                kind === 'late' ? '21:05' : '11:20',
                (kind === 'late' ? 400 : 300) + index,
              ),
            ],
    }));
  const price = (each: number) => (each * passengers).toFixed(2);
  return [
    { id: 'off_late', total_amount: price(412.5), total_currency: 'USD', slices: legs('late') },
    { id: 'off_direct', total_amount: price(318.2), total_currency: 'USD', slices: legs('direct') },
    { id: 'off_via', total_amount: price(245), total_currency: 'USD', slices: legs('via') },
  ].map((offer) => ({ ...offer, owner: { iata_code: 'ZZ', name: 'Duffel Airways' } }));
}

export async function startFakeDuffel(options: { port?: number; slowMs?: number } = {}) {
  const calls: FakeDuffelCall[] = [];
  const slowMs = options.slowMs ?? 3000;
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      let body: FakeDuffelCall['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return send(400, { errors: [{ code: 'invalid_json' }] });
      }
      const call: FakeDuffelCall = {
        authorization: request.headers.authorization,
        version: request.headers['duffel-version'] as string | undefined,
        query: Object.fromEntries(url.searchParams),
        body,
      };
      calls.push(call);
      if (request.method !== 'POST' || url.pathname !== '/air/offer_requests') {
        return send(404, { errors: [{ code: 'not_found' }] });
      }
      if (call.authorization !== `Bearer ${FAKE_DUFFEL_TOKEN}`) {
        return send(401, { errors: [{ code: 'invalid_authorization_header' }] });
      }
      if (call.version !== 'v2') return send(400, { errors: [{ code: 'unsupported_version' }] });
      const slices = body.data?.slices ?? [];
      const destination = slices[0]?.destination;
      if (destination === FAILING_AIRPORT) return send(500, { errors: [{ code: 'internal' }] });
      const answer = () =>
        send(201, {
          data: {
            id: 'orq_fake',
            live_mode: false,
            cabin_class: body.data?.cabin_class ?? 'economy',
            slices,
            passengers: body.data?.passengers ?? [],
            offers:
              destination === NO_OFFERS_AIRPORT
                ? []
                : offersFor(slices, body.data?.passengers?.length ?? 1),
          },
        });
      if (destination === SLOW_AIRPORT) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, slowMs);
        timers.add(timer);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: () => ({ DUFFEL_ACCESS_TOKEN: FAKE_DUFFEL_TOKEN, DUFFEL_BASE_URL: url }),
    calls,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies FakeDuffel;
}
