/**
 * Does `POST /api/forgot-password` tell a known address from an unknown one by its timing?
 * Starts the real server (`server/main.ts`, built client, embedded database in a temporary
 * directory, TRUST_PROXY so each request is its own address under the rate limit) on
 * 127.0.0.1:4390 (BENCH_PORT), then alternates the two kinds of
 * request and prints their medians and a one-shot classifier's accuracy (how often "slower than
 * the overall median" names the known address). 50 % is a coin toss: no signal.
 *
 *   node --import tsx bench/forgotPasswordTiming.ts          # 1,000 requests of each kind
 *   BENCH_REQUESTS=300 node --import tsx bench/forgotPasswordTiming.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const requests = Number(process.env.BENCH_REQUESTS ?? 1000);
const port = Number(process.env.BENCH_PORT ?? 4390);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-bench-'));
// The server in a process of its own, as a prober meets it: its work after an answer must not
// hold up this process's timing.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
  },
  stdio: 'inherit',
});
async function serverUp() {
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/** Opens the confirmation link sign-up e-mailed (an address counts only once confirmed). */
async function confirmAddress(email: string) {
  const outbox = path.join(dataDir, 'outbox');
  for (const started = Date.now(); Date.now() - started < 10_000; ) {
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const file of mails) {
      const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8'));
      const token = mail.to === email && /confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1];
      if (!token) continue;
      const res = await fetch(`${base}/api/confirm-email`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      if (res.status !== 200) throw new Error(`confirm-email answered ${res.status}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no confirmation e-mail arrived');
}

let sent = 0;
async function timeOne(email: string) {
  sent += 1;
  const started = performance.now();
  const res = await fetch(`${base}/api/forgot-password`, {
    method: 'POST',
    headers: {
      origin: base,
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${(sent >> 8) & 255}.${sent & 255}`,
    },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
  return performance.now() - started;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const known = { email: 'known@example.com' };
try {
  await serverUp();
  const signUp = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'known',
      email: known.email,
      password: 'a long bench password',
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  await confirmAddress(known.email);
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
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
