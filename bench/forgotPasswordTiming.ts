/**
 * Does `POST /api/forgot-password` tell a known address from an unknown one by its timing?
 * Starts the real server in its own process (support/benchServer.ts: embedded database in a
 * temporary directory, each request its own address under the rate limit) on 127.0.0.1:4390
 * (BENCH_PORT), then alternates the two kinds of request and prints their medians and a
 * one-shot classifier's accuracy (how often "slower than the overall median" names the known
 * address). 50 % is a coin toss: no signal.
 *
 *   node --import tsx bench/forgotPasswordTiming.ts          # 1,000 requests of each kind
 *   BENCH_REQUESTS=300 node --import tsx bench/forgotPasswordTiming.ts
 */
import { benchAddress, median, startBenchServer } from './support/benchServer';

const requests = Number(process.env.BENCH_REQUESTS ?? 1000);
const port = Number(process.env.BENCH_PORT ?? 4390);
const server = await startBenchServer(port);

let sent = 0;
async function timeOne(email: string) {
  sent += 1;
  const started = performance.now();
  const res = await server.post('/api/forgot-password', { email }, benchAddress(sent));
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
  return performance.now() - started;
}

const known = { email: 'known@example.com' };
try {
  await server.registerConfirmed(
    { username: 'known', email: known.email, password: 'a long bench password' },
    benchAddress(0),
  );
  // Warm up both paths (JIT, the database's caches) before measuring.
  for (let i = 0; i < 50; i++) await timeOne(i % 2 ? known.email : `nobody${i}@example.com`);
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < requests; i++) {
    knownTimes.push(await timeOne(known.email));
    unknownTimes.push(await timeOne(`nobody${i}@example.com`));
  }
  const cut = median([...knownTimes, ...unknownTimes]);
  const right =
    knownTimes.filter((ms) => ms > cut).length + unknownTimes.filter((ms) => ms <= cut).length;
  console.log(`forgot-password, ${requests} requests of each kind, alternating:`);
  console.log(`  known address    median ${median(knownTimes).toFixed(3)} ms`);
  console.log(`  unknown address  median ${median(unknownTimes).toFixed(3)} ms`);
  console.log(
    `  "slower than the median = known" is right ${((100 * right) / (2 * requests)).toFixed(1)} % of the time (50 % = no signal)`,
  );
} finally {
  await server.close();
}
