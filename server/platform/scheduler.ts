import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import { scheduledJobs } from './db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's scheduled jobs (server/app.ts lists them). */
    scheduler: Scheduler;
  }
}

/** Work the server does by itself on a schedule (issue #24): pruning, reminders, summaries. */
export type Job = {
  name: string;
  /** How long after a run the next one is due. */
  everyMs: number;
  /** The run; `now` is the scheduler's clock (a test's fake one). */
  run(now: Date): Promise<void>;
};

// A run that has not finished in this long is taken to have died with its instance: the job is
// free again. Longer than any run should take.
const LEASE_MS = 10 * 60 * 1000;
// A failed run is tried again this soon, not a whole interval later.
const RETRY_MS = 60 * 1000;

/**
 * Runs each job when it is due, on any number of instances sharing one database: an instance runs
 * a job only after claiming it in one conditional UPDATE (due, and not held by a live run), so
 * one instance wins each run. When a job is next due is stored, so a run missed while no server
 * was up is made at the first tick after a start; a job never seen before is due at once.
 */
export class Scheduler {
  private timer: ReturnType<typeof setInterval> | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: Job[],
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Ticks now and every `tickMs` (each tick runs what is due, one job after another). */
  start(tickMs: number) {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
  }

  /** Runs every job that is due now, once; resolves when they have finished. */
  tick(): Promise<void> {
    // One tick at a time on an instance: a slow run is not joined by the next tick's.
    this.ticking = this.ticking.then(() => this.runDue());
    return this.ticking;
  }

  private async runDue() {
    for (const job of this.jobs) {
      if (this.stopped) return;
      try {
        await this.runIfDue(job);
      } catch (error) {
        this.log.error({ err: error, job: job.name }, 'scheduled job failed');
      }
    }
  }

  /** Whether this instance ran the job (false: not due, or another instance has it). */
  async runIfDue(job: Job): Promise<boolean> {
    const now = this.now();
    await this.db
      .insert(scheduledJobs)
      .values({ name: job.name, nextRunAt: now })
      .onConflictDoNothing();
    // The lease's end is this run's token: only the run holding it may finish the job's row.
    const lease = new Date(now.getTime() + LEASE_MS);
    const [claimed] = await this.db
      .update(scheduledJobs)
      .set({ runningUntil: lease })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          lte(scheduledJobs.nextRunAt, now),
          or(isNull(scheduledJobs.runningUntil), lt(scheduledJobs.runningUntil, now)),
        ),
      )
      .returning({ name: scheduledJobs.name });
    if (!claimed) return false;
    let nextRunAt: Date;
    try {
      await job.run(now);
      nextRunAt = new Date(now.getTime() + job.everyMs);
    } catch (error) {
      this.log.error({ err: error, job: job.name }, 'scheduled job failed; trying again soon');
      nextRunAt = new Date(now.getTime() + Math.min(RETRY_MS, job.everyMs));
    }
    // A run that outlived its lease finds it taken over: it leaves the row to the run now
    // holding it, rather than free the job while that one is still running.
    await this.db
      .update(scheduledJobs)
      .set({ nextRunAt, runningUntil: null, lastRunAt: now })
      .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.runningUntil, lease)));
    return true;
  }

  /** No new runs; waits for the one under way. */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
  }
}
