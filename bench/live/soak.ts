/**
 * The soak (issue #18): 1,000 live sockets (100 trips × 10 members, pointers at 2 Hz) and
 * ~200 API calls a second from signed-in members, held for minutes on the real server. Prints
 * the HTTP and cursor p99s, the server's longest event-loop stall (measured inside it by
 * loopProbe.mjs) and its memory over time, against issue #18's targets.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  nextMessage,
  profile,
  runPhase,
  startServer,
  stop,
  temporaryDir,
  track,
  tsx,
} from './harness';
import { merge, percentile } from './histogram';
import type { HttpLoadResult, HttpLoadStart } from './httpLoad';
import { seed } from './seed';

export type SoakSettings = {
  trips: number;
  members: number;
  hz: number;
  seconds: number;
  httpRate: number;
  /** Members making API calls (one per trip, from the first trips on). */
  httpUsers: number;
};

const TARGETS = { httpP99Ms: 50, cursorP99Ms: 100, stallMs: 100, rssGrowth: 0.1 };
const WARMUP_MS = 5000;
const httpScript = path.join(import.meta.dirname, 'httpLoad.ts');
const probeModule = path.join(import.meta.dirname, 'loopProbe.mjs');

type LoopSample = { at: number; maxMs: number; p99Ms: number; rssMb: number };

function readSamples(file: string, from: number, to: number): LoopSample[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoopSample)
    .filter((sample) => sample.at > from && sample.at <= to + 1000);
}

export async function soak(settings: SoakSettings) {
  const { trips, members, hz, seconds, httpRate } = settings;
  console.log(
    `Tripmates soak (issue #18)
  ${trips} trips × ${members} members = ${trips * members} sockets, pointers at ${hz} Hz, and
  ${httpRate} API calls a second from ${settings.httpUsers} members, for ${seconds} s after ${WARMUP_MS / 1000} s of warm-up,
  through the real server (embedded database, one process).
  Targets: HTTP p99 < ${TARGETS.httpP99Ms} ms, cursor p99 < ${TARGETS.cursorP99Ms} ms, no event-loop stall over ${TARGETS.stallMs} ms, RSS growth < ${TARGETS.rssGrowth * 100} %.\n`,
  );
  const dataDir = temporaryDir('tripmates-bench-soak-');
  const loopFile = path.join(temporaryDir('tripmates-bench-loop-'), 'loop.jsonl');
  const clients = await seed(dataDir, trips, members);
  const server = await startServer(dataDir, {
    preload: [probeModule],
    env: { BENCH_LOOP_FILE: loopFile },
  });
  console.log(`server up (pid ${server.pid}); connecting ${clients.length} sockets…`);

  const users = [...new Set(clients.map((client) => client.tripId))]
    .slice(0, settings.httpUsers)
    .map((tripId) => clients.find((client) => client.tripId === tripId)!);
  const httpLoad = track(
    fork(httpScript, [], {
      execArgv: [...profile, ...tsx],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const httpResult = nextMessage<HttpLoadResult>(
    httpLoad,
    'result',
    WARMUP_MS + seconds * 1000 + 300_000,
  );
  httpResult.catch(() => {});

  let windowStart = 0;
  // A line every 30 s, so a long soak shows how it goes while it runs.
  let progress: NodeJS.Timeout | undefined;
  const live = await runPhase({
    target: 'socketio',
    server,
    clients,
    hz,
    warmupMs: WARMUP_MS,
    measureMs: seconds * 1000,
    loadProcs: 1,
    client: 'raw',
    onWindow: () => {
      windowStart = Date.now();
      httpLoad.send({
        type: 'start',
        url: server.url,
        ratePerSecond: httpRate,
        durationMs: seconds * 1000,
        users,
      } satisfies HttpLoadStart);
      progress = setInterval(() => {
        const recent = readSamples(loopFile, Date.now() - 30_000, Date.now());
        if (!recent.length) return;
        console.log(
          `  ${Math.round((Date.now() - windowStart) / 1000)} s: RSS ${recent.at(-1)!.rssMb.toFixed(0)} MB, longest stall in the last 30 s ${Math.max(...recent.map((s) => s.maxMs)).toFixed(1)} ms`,
        );
      }, 30_000);
    },
  });
  clearInterval(progress);
  const windowEnd = Date.now();
  const http = await httpResult;
  await stop(httpLoad, 5000);
  await stop(server.process);

  const samples = readSamples(loopFile, windowStart, windowEnd);
  const httpLatency = merge([http.latency]);
  const rssStart = samples[0]?.rssMb ?? Number.NaN;
  const rssEnd = samples.at(-1)?.rssMb ?? Number.NaN;
  const rssPeak = Math.max(...samples.map((s) => s.rssMb));
  const stall = Math.max(...samples.map((s) => s.maxMs));
  const stallsOver = samples.filter((s) => s.maxMs > TARGETS.stallMs).length;
  const growth = (rssEnd - rssStart) / rssStart;
  const errors = Object.entries(http.errors)
    .map(([status, count]) => `${count} × ${status === '0' ? 'no answer' : status}`)
    .join(', ');

  const rows: [string, string, boolean | null][] = [
    [
      `HTTP calls answered / sent (${(http.sent / seconds).toFixed(0)}/s)`,
      `${http.answered} / ${http.sent}${errors ? ` (errors: ${errors})` : ''}`,
      errors ? false : null,
    ],
    [
      'HTTP latency p50 / p99 / max, ms',
      `${percentile(httpLatency, 50).toFixed(1)} / ${percentile(httpLatency, 99).toFixed(1)} / ${httpLatency.max.toFixed(1)}`,
      percentile(httpLatency, 99) < TARGETS.httpP99Ms,
    ],
    [
      `cursor moves sent/s (target ${live.targetSendPerSecond})`,
      live.sentPerSecond.toFixed(0),
      null,
    ],
    [
      'cursors delivered / expected, %',
      (live.deliveredShare * 100).toFixed(1),
      live.deliveredShare >= 0.99,
    ],
    [
      'cursor latency p50 / p99 / max, ms',
      `${live.p50.toFixed(1)} / ${live.p99.toFixed(1)} / ${live.max.toFixed(1)}`,
      live.p99 < TARGETS.cursorP99Ms,
    ],
    [
      'event-loop stall: longest / seconds over 100 ms',
      `${stall.toFixed(1)} ms / ${stallsOver} of ${samples.length}`,
      stall <= TARGETS.stallMs,
    ],
    [
      'event-loop delay p99 (worst second), ms',
      Math.max(...samples.map((s) => s.p99Ms)).toFixed(1),
      null,
    ],
    [
      'server RSS start → end (peak), MB',
      `${rssStart.toFixed(0)} → ${rssEnd.toFixed(0)} (${rssPeak.toFixed(0)}), ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %`,
      growth < TARGETS.rssGrowth,
    ],
    ['server CPU, % of one core', live.server.cpuPercent.toFixed(0), null],
    [
      'generator CPU, % of one core',
      live.generatorCpu.map((cpu) => cpu.toFixed(0)).join(' + '),
      null,
    ],
    ['machine CPU busy, %', live.machineBusy.toFixed(0), null],
    ['disconnects', String(live.disconnects), live.disconnects === 0],
  ];
  console.log('');
  for (const [label, value, pass] of rows) {
    const verdict = pass === null ? '' : pass ? 'PASS' : 'MISS';
    console.log(`${label.padEnd(48)}${value.padStart(34)}  ${verdict}`);
  }
  // RSS over time, a tenth of the window apart.
  const step = Math.max(1, Math.floor(samples.length / 10));
  console.log(
    `\nRSS over the window, MB: ${samples
      .filter((_, i) => i % step === 0 || i === samples.length - 1)
      .map((s) => `${Math.round((s.at - windowStart) / 1000)} s ${s.rssMb.toFixed(0)}`)
      .join(' · ')}`,
  );
  const passed = rows.every(([, , pass]) => pass !== false);
  console.log(`\n${passed ? 'PASS' : 'MISS'}: issue #18's soak targets`);
  return passed;
}
