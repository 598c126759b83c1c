/**
 * The soak's HTTP load, forked by bench/live/soak.ts: signed-in members using the API at a
 * fixed rate while the live load runs. Open loop: request i is due at start + i / rate, whether
 * or not earlier ones have been answered, and its latency counts from when it was due (a late
 * generator or a slow server makes it longer, never hides it).
 *
 * Each member walks the same round of calls a board makes — mostly reads, and a to-do added,
 * ticked and deleted (so writes, their change notifications and the live `todo:*` broadcasts
 * run too).
 *
 * Messages (IPC): parent → { start } → child runs for `durationMs` → { result }, then exits.
 */
import http from 'node:http';
import { SESSION_COOKIE } from '../../server/platform/sessions';
import { createHistogram, record, type SparseHistogram, toSparse } from './histogram';
import type { BenchClient } from './seed';

export type HttpLoadStart = {
  type: 'start';
  url: string;
  ratePerSecond: number;
  durationMs: number;
  /** The members making the calls (one trip each). */
  users: BenchClient[];
};
export type HttpLoadResult = {
  type: 'result';
  sent: number;
  answered: number;
  /** Answers other than 2xx, and requests that failed outright, by status (0: no answer). */
  errors: Record<string, number>;
  latency: SparseHistogram;
};

type Call = { method: string; path: string; body?: unknown };
type Member = BenchClient & { todoId: string | null };

/** One member's round of calls; a to-do write falls back to a read while there is no to-do. */
const ROUND: ((member: Member) => Call)[] = [
  () => ({ method: 'GET', path: '/api/user' }),
  () => ({ method: 'GET', path: '/api/trips' }),
  (m) => ({ method: 'GET', path: `/api/trips/${m.tripId}` }),
  (m) => ({ method: 'GET', path: `/api/trips/${m.tripId}/todos` }),
  (m) => ({ method: 'GET', path: `/api/trips/${m.tripId}/members` }),
  (m) => ({ method: 'POST', path: `/api/trips/${m.tripId}/todos`, body: { text: 'Soak test' } }),
  () => ({ method: 'GET', path: '/api/user' }),
  (m) => ({ method: 'GET', path: `/api/trips/${m.tripId}/todos` }),
  (m) =>
    m.todoId
      ? {
          method: 'PATCH',
          path: `/api/todos/${m.todoId}`,
          body: { isCompleted: true },
        }
      : { method: 'GET', path: `/api/trips/${m.tripId}/todos` },
  () => ({ method: 'GET', path: '/api/user' }),
  (m) => ({ method: 'GET', path: `/api/trips/${m.tripId}` }),
  (m) =>
    m.todoId
      ? { method: 'DELETE', path: `/api/todos/${m.todoId}` }
      : { method: 'GET', path: `/api/trips/${m.tripId}/todos` },
  () => ({ method: 'GET', path: '/api/trips' }),
];

async function run(start: HttpLoadStart) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const members: Member[] = start.users.map((user) => ({ ...user, todoId: null }));
  const latency = createHistogram();
  const errors: Record<string, number> = {};
  let sent = 0;
  let answered = 0;
  const fail = (status: number) => {
    errors[status] = (errors[status] ?? 0) + 1;
  };

  const call = (member: Member, { method, path, body }: Call, dueAt: number) =>
    new Promise<void>((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        `${start.url}${path}`,
        {
          method,
          agent,
          headers: {
            cookie: `${SESSION_COOKIE}=${member.token}`,
            origin: start.url,
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            record(latency, performance.now() - dueAt);
            answered += 1;
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) fail(status);
            else if (method === 'POST')
              member.todoId = JSON.parse(Buffer.concat(chunks).toString()).id;
            else if (method === 'DELETE') member.todoId = null;
            resolve();
          });
        },
      );
      request.on('error', () => {
        fail(0);
        resolve();
      });
      request.end(payload);
    });

  const startedAt = performance.now();
  const total = Math.floor((start.ratePerSecond * start.durationMs) / 1000);
  const pending: Promise<void>[] = [];
  // One timer for the schedule: each wake sends every request that has come due.
  await new Promise<void>((resolve) => {
    const wake = () => {
      const now = performance.now();
      while (sent < total && startedAt + (sent * 1000) / start.ratePerSecond <= now) {
        const dueAt = startedAt + (sent * 1000) / start.ratePerSecond;
        const member = members[sent % members.length]!;
        const step = ROUND[Math.floor(sent / members.length) % ROUND.length]!;
        pending.push(call(member, step(member), dueAt));
        sent += 1;
      }
      if (sent >= total) return resolve();
      setTimeout(wake, startedAt + (sent * 1000) / start.ratePerSecond - now);
    };
    wake();
  });
  await Promise.all(pending);
  agent.destroy();
  return {
    type: 'result',
    sent,
    answered,
    errors,
    latency: toSparse(latency),
  } satisfies HttpLoadResult;
}

process.on('disconnect', () => process.exit(0));
process.once('message', (start: HttpLoadStart) => {
  run(start).then(
    (result) => process.send?.(result, undefined, undefined, () => process.disconnect?.()),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.send?.({ type: 'failed', error: message }, undefined, undefined, () =>
        process.exit(1),
      );
    },
  );
});
