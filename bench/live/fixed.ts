/**
 * One fixed size (BENCH_MODE=fixed): N trips × M members through the real server and through
 * the bare `ws` relay, side by side, with every figure the two phases measured. The mode to
 * tune with (BENCH_PROF profiles both); the capacity search builds on the same phase.
 */
import os from 'node:os';
import {
  generatorSaturated,
  otherCpu,
  type PhaseResult,
  runPhase,
  startRelay,
  startServer,
  stop,
  temporaryDir,
} from './harness';
import { seed } from './seed';

export type FixedSettings = {
  trips: number;
  members: number;
  hz: number;
  seconds: number;
  warmupMs: number;
  loadProcs: number;
  client: 'raw' | 'library';
  baseline: boolean;
};

// Issue #8's target, which issue #18 replaced with the capacity ratio (capacity.ts).
const TARGET = { trips: 100, members: 10, p99Ms: 50 };

// ——— report ———

/** The relay's column when BENCH_BASELINE=off: every figure shows as "—". */
const NOT_RUN: PhaseResult = {
  connectSeconds: Number.NaN,
  sentPerSecond: Number.NaN,
  targetSendPerSecond: Number.NaN,
  deliveredPerSecond: Number.NaN,
  deliveredShare: Number.NaN,
  latency: { counts: new Uint32Array(0), total: 0, max: Number.NaN },
  p50: Number.NaN,
  p99: Number.NaN,
  max: Number.NaN,
  server: {
    cpuPercent: Number.NaN,
    systemPercent: Number.NaN,
    rssAvgMb: Number.NaN,
    rssPeakMb: Number.NaN,
  },
  serverIdleRssMb: Number.NaN,
  generatorCpu: [],
  generatorLoopDelayP99: Number.NaN,
  machineBusy: Number.NaN,
  disconnects: Number.NaN,
};

function printReport(settings: FixedSettings, sio: PhaseResult, baseline: PhaseResult | null) {
  const { trips: TRIPS, members: MEMBERS, hz: HZ } = settings;
  const ws = baseline ?? NOT_RUN;
  const clients = TRIPS * MEMBERS;
  const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
  const ratio = (a: number, b: number) =>
    b > 0 && Number.isFinite(a / b) ? (a / b).toFixed(2) : '—';
  // Server CPU per delivered message: a fair cost comparison when throughputs differ.
  const costUs = (r: PhaseResult) => ((r.server.cpuPercent / 100) * 1e6) / r.deliveredPerSecond;
  const rows: [string, (r: PhaseResult) => string, string][] = [
    ['connect + join, s', (r) => fmt(r.connectSeconds, 1), ''],
    [`moves sent/s (target ${clients * HZ})`, (r) => fmt(r.sentPerSecond), ''],
    [
      `delivered msgs/s (ideal ${clients * HZ * (MEMBERS - 1)})`,
      (r) => fmt(r.deliveredPerSecond),
      ratio(sio.deliveredPerSecond, ws.deliveredPerSecond),
    ],
    ['delivered / expected, %', (r) => fmt(r.deliveredShare * 100, 1), ''],
    ['latency p50, ms', (r) => fmt(r.p50, 1), ratio(sio.p50, ws.p50)],
    ['latency p99, ms', (r) => fmt(r.p99, 1), ratio(sio.p99, ws.p99)],
    ['latency max, ms', (r) => fmt(r.max, 1), ''],
    [
      'server CPU, % of one core',
      (r) => fmt(r.server.cpuPercent),
      ratio(sio.server.cpuPercent, ws.server.cpuPercent),
    ],
    ['  of which in the kernel, %', (r) => fmt(r.server.systemPercent), ''],
    ['server CPU per delivered msg, µs', (r) => fmt(costUs(r), 2), ratio(costUs(sio), costUs(ws))],
    ['server RSS idle (connected), MB', (r) => fmt(r.serverIdleRssMb), ''],
    [
      'server RSS avg / peak, MB',
      (r) => `${fmt(r.server.rssAvgMb)} / ${fmt(r.server.rssPeakMb)}`,
      ratio(sio.server.rssPeakMb, ws.server.rssPeakMb),
    ],
    ['generator CPU, % of one core', (r) => r.generatorCpu.map((cpu) => fmt(cpu)).join(' + '), ''],
    ['generator event-loop delay p99, ms', (r) => fmt(r.generatorLoopDelayP99, 1), ''],
    [`machine CPU busy, % of ${os.cpus().length} cores`, (r) => fmt(r.machineBusy), ''],
    ['other processes, % of one core', (r) => fmt(otherCpu(r)), ''],
    ['disconnects', (r) => fmt(r.disconnects), ''],
  ];
  console.log(
    `\n${'measured window'.padEnd(38)}${'Socket.IO'.padStart(14)}${'ws relay'.padStart(14)}${'SIO/ws'.padStart(9)}`,
  );
  for (const [label, value, r] of rows) {
    console.log(
      `${label.padEnd(38)}${value(sio).padStart(14)}${value(ws).padStart(14)}${r.padStart(9)}`,
    );
  }

  const notes: string[] = [];
  for (const [name, r] of [
    ['Socket.IO', sio],
    ...(baseline ? ([['ws relay', baseline]] as const) : []),
  ] as const) {
    if (generatorSaturated(r)) {
      notes.push(
        `${name}: the load generator was saturated (${r.generatorCpu.map((cpu) => fmt(cpu)).join(' + ')} % CPU, ${fmt((r.sentPerSecond / (clients * HZ)) * 100)} % of the target send rate); its own queueing (event-loop delay p99 ${fmt(r.generatorLoopDelayP99, 1)} ms) is part of the latencies.`,
      );
    }
    if (otherCpu(r) >= 25) {
      notes.push(
        `${name}: other processes used ${fmt(otherCpu(r))} % of a core during the window; its figures are noisy (rerun on an idle machine).`,
      );
    }
    if (r.machineBusy >= 90) {
      notes.push(
        `${name}: the machine was saturated (${fmt(r.machineBusy)} % busy): server and generator competed for the cores.`,
      );
    }
  }
  if (notes.length) console.log(`\nNotes:\n${notes.map((note) => `- ${note}`).join('\n')}`);

  // A p99 over what arrived says nothing about what is still queued: the target needs both.
  const keptUp = sio.deliveredShare >= 0.99;
  const pass = sio.p99 < TARGET.p99Ms && keptUp;
  const atTarget = TRIPS === TARGET.trips && MEMBERS === TARGET.members && HZ === 30;
  console.log(
    `\nTarget (issue #8): p99 < ${TARGET.p99Ms} ms at ${TARGET.trips} trips × ${TARGET.members} members, 30 Hz, through the real server` +
      `\n  ${pass ? 'PASS' : 'MISS'}: Socket.IO p99 ${fmt(sio.p99, 1)} ms, ${fmt(sio.deliveredShare * 100, 1)} % of expected messages delivered in the window` +
      (keptUp ? '' : ' (the server fell behind)') +
      (atTarget
        ? ''
        : `\n  (this run was ${TRIPS} × ${MEMBERS} at ${HZ} Hz, not the target's size: indicative only)`),
  );
}

// ——— main ———

export async function fixed(settings: FixedSettings) {
  const { trips, members, hz, seconds, warmupMs } = settings;
  const clients = trips * members;
  console.log(
    `Tripmates real-time benchmark, one size (issue #8)
  ${trips} trips × ${members} members = ${clients} sockets, each moving its pointer at ${hz} Hz
  (${clients * hz} moves/s in, ${clients * hz * (members - 1)} cursor messages/s out at best),
  ${warmupMs / 1000} s warm-up then ${seconds} s measured, first through the real server
  (Socket.IO, embedded database, one process), then through a minimal \`ws\` relay.
  Latency: from a member's send to another member's receipt (one clock: a trip's sockets share a
  load process). CPU and RSS: the server process, from /proc. ${settings.loadProcs} load process(es) with
  ${settings.client === 'raw' ? 'Socket.IO spoken directly on `ws` sockets' : 'socket.io-client'} for the server, \`ws\` sockets for the relay; ${os.cpus().length} CPUs.\n`,
  );

  const dataDir = temporaryDir('tripmates-bench-live-');
  let started = performance.now();
  const seeded = await seed(dataDir, trips, members);
  console.log(
    `seeded ${seeded.length} users, sessions and ${trips} trips in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const phase = {
    clients: seeded,
    hz,
    warmupMs,
    measureMs: seconds * 1000,
    loadProcs: settings.loadProcs,
  };

  started = performance.now();
  const server = await startServer(dataDir);
  console.log(
    `server up (pid ${server.pid}) in ${((performance.now() - started) / 1000).toFixed(1)} s; running the load…`,
  );
  const sio = await runPhase({ ...phase, target: 'socketio', client: settings.client, server });
  await stop(server.process);
  console.log(
    `Socket.IO: p99 ${sio.p99.toFixed(1)} ms, ${sio.deliveredPerSecond.toFixed(0)} msgs/s`,
  );

  if (!settings.baseline) return printReport(settings, sio, null);
  const relay = await startRelay();
  console.log(`ws relay up (pid ${relay.pid}); running the same load…`);
  const ws = await runPhase({ ...phase, target: 'ws', client: 'raw', server: relay });
  await stop(relay.process);
  console.log(`ws relay: p99 ${ws.p99.toFixed(1)} ms, ${ws.deliveredPerSecond.toFixed(0)} msgs/s`);

  printReport(settings, sio, ws);
}
