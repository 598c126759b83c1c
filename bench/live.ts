/**
 * Real-time benchmark (issues #8 and #18): members of trips moving their pointers through the
 * real server (Socket.IO, the embedded database, everything as in production) and, in the same
 * run, through a minimal relay on the `ws` package as the baseline.
 *
 *   npm run bench:live                       the capacity search (capacity.ts)
 *   BENCH_MODE=soak npm run bench:live       1,000 sockets + API calls for 3 minutes (soak.ts)
 *   BENCH_MODE=fixed npm run bench:live      one size, every figure side by side (fixed.ts)
 *
 * Settings (all modes): BENCH_MEMBERS per trip (10), BENCH_HZ pointer moves a second per member
 * (30; the soak's 2), BENCH_SECONDS measured (capacity: 10 per probe, soak: 180, fixed: 15),
 * BENCH_LOAD_PROCS load-generator processes (1), BENCH_CLIENT=library to drive the server with
 * socket.io-client instead of its wire protocol on `ws` (costlier for the generator),
 * BENCH_SERVER_FLAGS extra Node flags for the server, BENCH_PROF=<dir> to write V8 CPU profiles
 * of the server and load processes there (open them in Chrome DevTools).
 * Capacity: BENCH_RUNS per size, the median deciding (3), BENCH_START_TRIPS (50), BENCH_MAX_TRIPS
 * (300), BENCH_STEP_TRIPS (5).
 * Soak: BENCH_TRIPS (100), BENCH_HTTP_RATE API calls a second (200), BENCH_HTTP_USERS (20).
 * Fixed: BENCH_TRIPS (100), BENCH_BASELINE=off to skip the relay.
 * Loopback only; every process it starts and every temporary directory are gone when it ends,
 * fails or is interrupted. Figures measured with it: bench/README.md (decisions 0016, 0030).
 */
import { capacity } from './live/capacity';
import { fixed } from './live/fixed';
import { cleanUp, deadline } from './live/harness';
import { soak } from './live/soak';

function setting(name: string, fallback: number, max: number) {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(
      `${name} must be a whole number between 1 and ${max} (got ${JSON.stringify(raw)})`,
    );
    process.exit(1);
  }
  return value;
}

const MODES = ['capacity', 'soak', 'fixed'] as const;
const mode = (process.env.BENCH_MODE ?? 'capacity') as (typeof MODES)[number];
if (!MODES.includes(mode)) {
  console.error(`BENCH_MODE must be one of ${MODES.join(', ')} (got ${JSON.stringify(mode)})`);
  process.exit(1);
}
const common = {
  members: setting('BENCH_MEMBERS', 10, 100),
  // The server caps a socket at 60 pointer events a second (shared/contracts/live.ts).
  hz: setting('BENCH_HZ', mode === 'soak' ? 2 : 30, 60),
  loadProcs: setting('BENCH_LOAD_PROCS', 1, 4),
  client: process.env.BENCH_CLIENT === 'library' ? ('library' as const) : ('raw' as const),
  // A fresh server's first seconds (JIT, the young generation growing to its size under load)
  // are not its steady state; the relay has none to speak of. Same warm-up for both.
  warmupMs: mode === 'fixed' ? 2000 : 5000,
};

let passed: boolean | undefined;
let done = () => {};
try {
  if (mode === 'capacity') {
    const settings = {
      ...common,
      seconds: setting('BENCH_SECONDS', 10, 90),
      runs: setting('BENCH_RUNS', 3, 9),
      startTrips: setting('BENCH_START_TRIPS', 50, 1000),
      maxTrips: setting('BENCH_MAX_TRIPS', 300, 1000),
      stepTrips: setting('BENCH_STEP_TRIPS', 5, 100),
    };
    // Probes of both servers, each under a minute; the search takes a dozen or two.
    done = deadline(60 * 60_000);
    passed = await capacity(settings);
  } else if (mode === 'soak') {
    const seconds = setting('BENCH_SECONDS', 180, 3600);
    done = deadline((seconds + 300) * 1000);
    passed = await soak({
      ...common,
      trips: setting('BENCH_TRIPS', 100, 1000),
      seconds,
      httpRate: setting('BENCH_HTTP_RATE', 200, 2000),
      httpUsers: setting('BENCH_HTTP_USERS', 20, 1000),
    });
  } else {
    const seconds = setting('BENCH_SECONDS', 15, 90);
    done = deadline((2 * (seconds + 2) + 180) * 1000);
    await fixed({
      ...common,
      trips: setting('BENCH_TRIPS', 100, 1000),
      seconds,
      baseline: process.env.BENCH_BASELINE !== 'off',
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  done();
  await cleanUp();
}
// A missed target is a finding, not a failure of the script: report it in the exit code only
// when asked (BENCH_STRICT=1), e.g. for a comparison run by another script.
if (passed === false && process.env.BENCH_STRICT === '1') process.exitCode = 2;
