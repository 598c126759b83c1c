import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stdoutLog } from './logDestination';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A pipe (a FIFO) and both its ends, as a server's standard output is when something reads it. */
function pipe() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-log-'));
  dirs.push(dir);
  const fifo = path.join(dir, 'out');
  execFileSync('mkfifo', [fifo]);
  const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const writer = fs.openSync(fifo, fs.constants.O_WRONLY);
  return { reader, writer };
}

describe('stdoutLog', () => {
  it('writes lines to its reader and finishes', async () => {
    const { reader, writer } = pipe();
    const log = stdoutLog(writer);
    log.stream.write('{"msg":"one"}\n');
    log.stream.write('{"msg":"two"}\n');
    await log.finish(5_000);
    const read = Buffer.alloc(100);
    const n = fs.readSync(reader, read);
    fs.closeSync(reader);
    expect(read.subarray(0, n).toString()).toBe('{"msg":"one"}\n{"msg":"two"}\n');
  });

  // Issue #34: a reader gone as the server stops must never hold the exit.
  it('finishes at once, without throwing, when the reader has gone', async () => {
    const { reader, writer } = pipe();
    fs.closeSync(reader);
    const log = stdoutLog(writer);
    for (let i = 0; i < 1_000; i++) log.stream.write(`{"msg":"line ${i}"}\n`);
    const started = performance.now();
    await log.finish(60_000);
    // Well under the limit: the broken pipe ended it, not the time.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(() => log.stream.write('{"msg":"after"}\n')).not.toThrow();
  });
});
