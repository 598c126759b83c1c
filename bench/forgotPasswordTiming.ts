/**
 * Does `POST /api/forgot-password` tell a known address (confirmed, or not yet confirmed) from an
 * unknown one by its timing?
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
// Issue #35: an address not confirmed yet gets its reset link too; it must not stand out either.
const unconfirmed = { email: 'pending@example.com' };

/** How often "slower than the median of both = the account's" names the right kind. */
function accuracy(account: number[], nobody: number[]) {
  const cut = median([...account, ...nobody]);
  const right = account.filter((ms) => ms > cut).length + nobody.filter((ms) => ms <= cut).length;
  return ((100 * right) / (account.length + nobody.length)).toFixed(1);
}

try {
  await server.registerConfirmed(
    { username: 'known', email: known.email, password: 'a long bench password' },
    benchAddress(0),
  );
  const pending = await server.post(
    '/api/register',
    {
      username: 'pending',
      email: unconfirmed.email,
      password: 'a long bench password',
      firstName: 'Bench',
    },
    benchAddress(0),
  );
  if (pending.status !== 201) throw new Error(`sign-up answered ${pending.status}`);
  await pending.arrayBuffer();
  // Warm up every path (JIT, the database's caches) before measuring.
  for (let i = 0; i < 60; i++) {
    await timeOne([known.email, unconfirmed.email, `nobody${i}@example.com`][i % 3]!);
  }
  const knownTimes: number[] = [];
  const unconfirmedTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < requests; i++) {
    knownTimes.push(await timeOne(known.email));
    unknownTimes.push(await timeOne(`nobody${i}@example.com`));
    unconfirmedTimes.push(await timeOne(unconfirmed.email));
  }
  console.log(`forgot-password, ${requests} requests of each kind, in turn:`);
  console.log(`  confirmed address    median ${median(knownTimes).toFixed(3)} ms`);
  console.log(`  unconfirmed address  median ${median(unconfirmedTimes).toFixed(3)} ms`);
  console.log(`  unknown address      median ${median(unknownTimes).toFixed(3)} ms`);
  console.log(
    `  "slower than the median = has an account" is right ${accuracy(knownTimes, unknownTimes)} % (confirmed) and ${accuracy(unconfirmedTimes, unknownTimes)} % (unconfirmed) of the time (50 % = no signal)`,
  );
} finally {
  await server.close();
}
