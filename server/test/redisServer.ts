import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A Redis server of the test's own (`redis-server`, which development and CI machines have), on a
 * free port of 127.0.0.1 with nothing saved to disk, that the test kills, starts again, pauses
 * and resumes: Redis going away under running instances, as in production.
 */
export type TestRedis = {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Kills the server as a crash would (SIGKILL): connections drop, new ones are refused. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, and nothing is answered until `resume()`. */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
};

const REDIS_SERVER = process.env.TEST_REDIS_SERVER ?? 'redis-server';

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once the server says it is ready; rejects if it exits first. */
function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--logfile',
      '',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        child.stdout?.resume(); // keep draining what it says later
        resolve(child);
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`redis-server exited (${code}) before it was ready: ${output.trim()}`));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', onExit);
    child.once('error', reject);
  });
}

export async function startRedis(): Promise<TestRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = await launch(port, dir);

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async start() {
      if (child) throw new Error('redis-server is running already');
      child = await launch(port, dir);
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async close() {
      child?.kill('SIGCONT');
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
