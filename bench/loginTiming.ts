/**
 * Does `POST /api/login` with a wrong password tell a registered address from an unknown one by
 * its timing? Starts the real server in its own process on 127.0.0.1:4391 (BENCH_PORT; see
 * support/benchServer.ts), signs up accounts with confirmed addresses, then sends pairs of
 * wrong-password sign-ins — one with a registered address, one with an address that has no
 * account, in turns first — and prints both medians, the share of pairs in which the registered
 * one was slower (50 % is a coin toss: no signal) and the median difference within a pair.
 *
 * Each request comes from its own address (the limit of 20 sign-ins a minute per address), and
 * each address, registered or not, gets 9 wrong passwords at most: the lock after 10 (a fast
 * 429) is not what this measures.
 *
 *   npm run bench:login-timing                    # 500 pairs
 *   BENCH_PAIRS=200 npm run bench:login-timing
 */
import { benchAddress, median, startBenchServer } from './support/benchServer';

const pairs = Number(process.env.BENCH_PAIRS ?? 500);
const port = Number(process.env.BENCH_PORT ?? 4391);
if (!Number.isInteger(pairs) || pairs < 1 || pairs > 5000) {
  throw new Error('BENCH_PAIRS must be a whole number from 1 to 5000');
}
// Under the 10 failed passwords that lock an account (or a made-up name) for 15 minutes.
const ATTEMPTS_PER_NAME = 9;
const WARM_UP_PAIRS = 45;

const server = await startBenchServer(port);
let sent = 0;
const nextAddress = () => benchAddress(++sent);

/** `count` registered, confirmed addresses to sign in with (9 tries each, as the unknown ones). */
async function registeredAddresses(tag: string, count: number) {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench_${tag}_${i}`;
    const email = `${username}@example.com`;
    await server.registerConfirmed(
      { username, email, password: 'a long bench password' },
      nextAddress(),
    );
    emails.push(email);
  }
  return emails;
}

async function timeOne(email: string) {
  const started = performance.now();
  const res = await server.post(
    '/api/login',
    { username: email, password: 'not the password' },
    nextAddress(),
  );
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 401) throw new Error(`sign-in answered ${res.status}, not 401`);
  return ms;
}

/** `count` pairs, the registered address first in even pairs and second in odd ones. */
async function measure(tag: string, count: number) {
  const names = Math.ceil(count / ATTEMPTS_PER_NAME);
  const registered = await registeredAddresses(tag, names);
  const unknown = registered.map((email) => `nobody_${email}`);
  const times = { registered: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < count; i++) {
    const n = Math.floor(i / ATTEMPTS_PER_NAME);
    if (i % 2 === 0) {
      times.registered.push(await timeOne(registered[n]!));
      times.unknown.push(await timeOne(unknown[n]!));
    } else {
      times.unknown.push(await timeOne(unknown[n]!));
      times.registered.push(await timeOne(registered[n]!));
    }
  }
  return times;
}

try {
  // Warm up both paths (JIT, the database's caches) before measuring.
  await measure('warm', WARM_UP_PAIRS);
  const { registered, unknown } = await measure('known', pairs);
  const slower = registered.filter((ms, i) => ms > unknown[i]!).length;
  const difference = median(registered.map((ms, i) => ms - unknown[i]!));
  console.log(`sign-in with a wrong password, ${pairs} pairs, alternating:`);
  console.log(`  registered address  median ${median(registered).toFixed(3)} ms`);
  console.log(`  unknown address     median ${median(unknown).toFixed(3)} ms`);
  console.log(
    `  the registered one was slower in ${((100 * slower) / pairs).toFixed(1)} % of pairs (50 % = no signal)`,
  );
  console.log(`  median difference in a pair ${difference.toFixed(3)} ms (0 = no signal)`);
} finally {
  await server.close();
}
