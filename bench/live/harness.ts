/**
 * What every mode of the real-time benchmark (bench/live.ts) shares: the processes it
 * starts and how they are torn down, the two servers under test, and one measured phase of
 * cursor load against either of them.
 */
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildIsStale } from '../../scripts/buildStamp.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/serverFlags.mjs';
import { type Histogram, merge, percentile } from './histogram';
import type { ReadyMessage, ResultMessage, SetupMessage, Target } from './load';
import { type ProcessUsage, rssMb, sampleMachine, sampleProcess } from './procStats';
import type { BenchClient } from './seed';

const root = path.resolve(import.meta.dirname, '../..');
const loadScript = path.join(import.meta.dirname, 'load.ts');
const relayScript = path.join(import.meta.dirname, 'wsRelay.ts');
export const tsx = ['--import', 'tsx'];
// The built server, as `npm start` runs it (issue #18: through tsx it holds ~80 MB more), built
// first when the sources changed since, as `npm start` does: a stale build would measure old
// code, or speak an older live protocol than the load generator.
if (buildIsStale(root)) {
  console.log('building the server first: the sources changed since the last build…');
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
const serverEntry = [...SERVER_NODE_FLAGS, 'dist/server/main.js'];
// BENCH_SERVER_FLAGS: extra Node/V8 flags for the server (an experiment, e.g. a GC setting).
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
// BENCH_PROF=<dir>: a V8 CPU profile of every process under test (server, relay, load).
export const profile = process.env.BENCH_PROF
  ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROF)]
  : [];

// ——— processes we start, and tearing them down ———

const children = new Set<ChildProcess>();
const temporaryDirs = new Set<string>();

export function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A directory removed when the benchmark ends, however it ends. */
export function temporaryDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), prefix));
  temporaryDirs.add(dir);
  return dir;
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM (a graceful close for the server), then SIGKILL if it is still there after `ms`. */
export async function stop(child: ChildProcess, ms = 12_000) {
  if (exited(child)) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await gone;
  clearTimeout(timer);
}

export async function cleanUp() {
  await Promise.all([...children].map((child) => stop(child)));
  for (const dir of temporaryDirs) fs.rmSync(dir, { recursive: true, force: true });
  temporaryDirs.clear();
}

let stopping = false;
async function abort(reason: string, code: number) {
  if (stopping) return;
  stopping = true;
  console.error(`\n${reason}; stopping.`);
  await cleanUp().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => abort('Interrupted', 130));
process.on('SIGTERM', () => abort('Terminated', 143));

/** A hard bound on the whole run, whatever hangs. */
export function deadline(ms: number) {
  const timer = setTimeout(() => abort('The benchmark took too long', 1), ms);
  return () => clearTimeout(timer);
}

// ——— small helpers ———

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port in 4500-4599 that nothing listens on right now. */
async function freePort(): Promise<number> {
  const first = 4500 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 4500 + ((first - 4500 + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 4500-4599');
}

/** Resolves with the child's first IPC message `type`; rejects if it fails, exits or is slow. */
export function nextMessage<T extends { type: string }>(
  child: ChildProcess,
  type: T['type'],
  ms: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no "${type}" within ${ms / 1000} s`)), ms);
    const onMessage = (message: { type: string; error?: string }) => {
      if (message.type === type) finish(null, message as T);
      else if (message.type === 'failed') finish(new Error(message.error));
    };
    const onExit = (code: number | null) =>
      finish(new Error(`a child process exited (code ${code}) before "${type}"`));
    function finish(error: Error | null, message?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Prefixes a child's output lines so a warning from the server reads as one. */
export function relayOutput(child: ChildProcess, name: string) {
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) console.error(`[${name}] ${line}`);
    });
  }
}

// ——— the two servers under test ———

export type Running = { pid: number; url: string; process: ChildProcess };

/**
 * The real server, as `npm start` runs it, on the seeded database. `preload`: modules the
 * server imports first (`node --import`), e.g. the soak's event-loop probe.
 */
export async function startServer(
  directory: string,
  { preload = [] as string[], env: extra = {} as NodeJS.ProcessEnv } = {},
): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: directory,
    LOG_LEVEL: 'warn',
  };
  // The embedded database and one instance: settings for a shared setup would change what is measured.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL']) delete env[name];
  const imports = preload.flatMap((module) => ['--import', module]);
  const child = track(
    spawn(process.execPath, [...serverFlags, ...profile, ...imports, ...serverEntry], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  relayOutput(child, 'server');
  const url = `http://127.0.0.1:${port}`;
  const startedAt = Date.now();
  while (Date.now() - startedAt < 60_000) {
    if (exited(child)) throw new Error(`the server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { pid: child.pid!, url, process: child };
    await sleep(100);
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

/** The baseline relay, in its own process as the server is. */
export async function startRelay(): Promise<Running> {
  const port = await freePort();
  const child = track(
    fork(relayScript, [], {
      execArgv: tsx,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    }),
  );
  relayOutput(child, 'ws relay');
  await nextMessage(child, 'listening', 30_000);
  return { pid: child.pid!, url: `ws://127.0.0.1:${port}`, process: child };
}

// ——— one phase: a server, the load, the measurements ———

export type PhaseOptions = {
  target: Target;
  server: Running;
  clients: BenchClient[];
  hz: number;
  warmupMs: number;
  measureMs: number;
  /** Load-generator processes; whole trips go to each. */
  loadProcs: number;
  /** How the load talks to the real server; see openSocketIoRaw in load.ts. */
  client: SetupMessage['client'];
  /** Called once the window has begun (after the warm-up), e.g. to start other load. */
  onWindow?: () => void;
};

export type PhaseResult = {
  connectSeconds: number;
  sentPerSecond: number;
  /** The send rate asked for: sockets × hz. */
  targetSendPerSecond: number;
  deliveredPerSecond: number;
  deliveredShare: number;
  latency: Histogram;
  p50: number;
  p99: number;
  max: number;
  server: ProcessUsage;
  serverIdleRssMb: number;
  generatorCpu: number[];
  generatorLoopDelayP99: number;
  machineBusy: number;
  disconnects: number;
};

export async function runPhase(options: PhaseOptions): Promise<PhaseResult> {
  const { server, clients, measureMs, warmupMs } = options;
  // Whole trips per load process: senders and receivers of a trip share one clock.
  const tripIds = [...new Set(clients.map((client) => client.tripId))];
  const procs = Math.min(options.loadProcs, tripIds.length);
  const groups = Array.from({ length: procs }, (_, g) => {
    const mine = new Set(tripIds.filter((_, t) => t % procs === g));
    return clients.filter((client) => mine.has(client.tripId));
  });
  const loads = groups.map(() =>
    track(
      fork(loadScript, [], {
        execArgv: [...profile, ...tsx],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    ),
  );
  try {
    const ready = loads.map((load) => nextMessage<ReadyMessage>(load, 'ready', 120_000));
    loads.forEach((load, g) => {
      load.send({
        type: 'setup',
        target: options.target,
        url: server.url,
        clients: groups[g]!,
        client: options.client,
        hz: options.hz,
        warmupMs,
        measureMs,
      } satisfies SetupMessage);
    });
    const connectMs = Math.max(...(await Promise.all(ready)).map((message) => message.connectMs));
    // Let the joins' presence announcements settle before the idle reading.
    await sleep(500);
    const serverIdleRssMb = rssMb(server.pid);

    // Awaited only after the window, but handled from now on: a load process ending early (or
    // an interrupt) must fail this phase, not crash the benchmark before it cleans up.
    const results = Promise.all(
      loads.map((load) =>
        nextMessage<ResultMessage>(load, 'result', warmupMs + measureMs + 60_000),
      ),
    );
    results.catch(() => {});
    for (const load of loads) load.send({ type: 'start' });
    await sleep(warmupMs);
    options.onWindow?.();
    const serverUsage = sampleProcess(server.pid);
    const machine = sampleMachine();
    await sleep(measureMs);
    const usage = serverUsage.stop();
    const machineBusy = machine.stop();
    const parts = await results;

    const latency = merge(parts.map((part) => part.latency));
    const sum = (pick: (part: ResultMessage) => number) =>
      parts.reduce((total, part) => total + pick(part), 0);
    const seconds = measureMs / 1000;
    return {
      connectSeconds: connectMs / 1000,
      sentPerSecond: sum((part) => part.sent) / seconds,
      targetSendPerSecond: clients.length * options.hz,
      deliveredPerSecond: sum((part) => part.received) / seconds,
      deliveredShare:
        sum((part) => part.received) /
        Math.max(
          1,
          sum((part) => part.expected),
        ),
      latency,
      p50: percentile(latency, 50),
      p99: percentile(latency, 99),
      max: latency.max,
      server: usage,
      serverIdleRssMb,
      generatorCpu: parts.map((part) => part.cpuPercent),
      generatorLoopDelayP99: Math.max(...parts.map((part) => part.loopDelayP99Ms)),
      machineBusy,
      disconnects: sum((part) => part.disconnects),
    };
  } finally {
    await Promise.all(loads.map((load) => stop(load, 5000)));
  }
}

/** The generator could not send the load asked of it: its own queueing is in the latencies. */
export function generatorSaturated(result: PhaseResult) {
  return (
    result.generatorCpu.some((cpu) => cpu >= 90) ||
    result.sentPerSecond < 0.95 * result.targetSendPerSecond
  );
}

/**
 * CPU the machine spent on anything but the server and the load during the window (the
 * benchmark's own driver, or someone else's work), in % of one core: when it is high, the
 * figures are noisy.
 */
export function otherCpu(result: PhaseResult) {
  const generators = result.generatorCpu.reduce((sum, cpu) => sum + cpu, 0);
  return Math.max(0, result.machineBusy * os.cpus().length - result.server.cpuPercent - generators);
}
