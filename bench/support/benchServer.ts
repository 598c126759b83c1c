import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The real server (`server/main.ts`, embedded database in a temporary directory) in a process of
 * its own on 127.0.0.1:`port`, as a prober meets it: its work after an answer must not hold up
 * the measuring process's timing. TRUST_PROXY is on, so a bench can make each request its own
 * address under the per-address rate limits (`benchAddress`). For the timing benches.
 */
export async function startBenchServer(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-bench-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
      // Always the embedded database and the e-mail outbox in dataDir, whatever the shell has set.
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: 'inherit',
  });
  const close = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await serverUp(base);
  } catch (error) {
    await close();
    throw error;
  }

  /** A POST from this site's origin, from address `ip` (X-Forwarded-For). */
  const post = (route: string, body: unknown, ip: string) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });

  /** Opens the confirmation link sign-up e-mailed (an address counts only once confirmed). */
  async function confirmAddress(email: string, ip: string) {
    const outbox = path.join(dataDir, 'outbox');
    for (const started = Date.now(); Date.now() - started < 10_000; ) {
      const mails = fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((f) => f.endsWith('.json'))
        : [];
      for (const file of mails) {
        const mail = readMail(path.join(outbox, file));
        const token = mail?.to === email && /confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1];
        if (!token) continue;
        const res = await post('/api/confirm-email', { token }, ip);
        if (res.status !== 200) throw new Error(`confirm-email answered ${res.status}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no confirmation e-mail arrived for ${email}`);
  }

  /** Signs up `username` with a confirmed `email`, from address `ip`. */
  async function registerConfirmed(
    account: { username: string; email: string; password: string },
    ip: string,
  ) {
    const res = await post('/api/register', { ...account, firstName: 'Bench' }, ip);
    if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
    await res.arrayBuffer();
    await confirmAddress(account.email, ip);
  }

  return { base, post, registerConfirmed, close };
}

/** An e-mail in the outbox, or undefined while the server is still writing it. */
function readMail(file: string): { to: string; text: string } | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function serverUp(base: string) {
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

/** The `n`-th of 65,536 private addresses (10.9.x.y): one per request keeps rate limits away. */
export const benchAddress = (n: number) => `10.9.${(n >> 8) & 255}.${n & 255}`;

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
