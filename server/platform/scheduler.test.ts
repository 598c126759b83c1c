import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoInstances } from '../test/testApp';
import { scheduledJobs } from './db/schema';
import { type Job, Scheduler } from './scheduler';

const HOUR = 60 * 60 * 1000;

let instances: Awaited<ReturnType<typeof startTwoInstances>>;
let log: FastifyBaseLogger;
beforeAll(async () => {
  instances = await startTwoInstances();
  log = instances.a.app.log;
});
afterAll(() => instances.close());

/** A job of its own name, counting its runs; `fail` makes the next run throw. */
function countingJob(name: string, everyMs = HOUR) {
  const runs: Date[] = [];
  const job: Job & { runs: Date[]; fail: boolean } = {
    name,
    everyMs,
    runs,
    fail: false,
    async run(now) {
      runs.push(now);
      if (job.fail) {
        job.fail = false;
        throw new Error('the job failed');
      }
    },
  };
  return job;
}

/** A clock the test moves. */
function fakeClock(start = Date.parse('2030-06-01T00:00:00Z')) {
  let time = start;
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
  };
}

describe('Scheduler', () => {
  it('runs a new job at once, then when it is next due by its clock', async () => {
    const clock = fakeClock();
    const job = countingJob('every-hour');
    const scheduler = new Scheduler(instances.a.database.db, [job], log, clock.now);
    await scheduler.tick();
    expect(job.runs).toHaveLength(1);
    clock.advance(HOUR - 1);
    await scheduler.tick();
    expect(job.runs).toHaveLength(1);
    clock.advance(1);
    await scheduler.tick();
    expect(job.runs).toHaveLength(2);
    await scheduler.stop();
  });

  it('catches up a run missed while no server was up, once', async () => {
    const clock = fakeClock();
    const before = countingJob('catch-up');
    await new Scheduler(instances.a.database.db, [before], log, clock.now).tick();
    // Down for five hours: the next start runs the job once, not five times.
    clock.advance(5 * HOUR);
    const after = countingJob('catch-up');
    const restarted = new Scheduler(instances.a.database.db, [after], log, clock.now);
    await restarted.tick();
    await restarted.tick();
    expect(after.runs).toHaveLength(1);
    const [row] = await instances.a.database.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'catch-up'));
    expect(row?.nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
  });

  it('with two instances each run happens once', async () => {
    const clock = fakeClock();
    const onA = countingJob('shared');
    const onB = countingJob('shared');
    const a = new Scheduler(instances.a.database.db, [onA], log, clock.now);
    const b = new Scheduler(instances.b.database.db, [onB], log, clock.now);
    for (let hour = 0; hour < 5; hour++) {
      const ran = await Promise.all([a.runIfDue(onA), b.runIfDue(onB)]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      clock.advance(HOUR);
    }
    expect(onA.runs.length + onB.runs.length).toBe(5);
  });

  it('a failed run is tried again within a minute; a run that died is taken over after its lease', async () => {
    const clock = fakeClock();
    const job = countingJob('flaky');
    job.fail = true;
    const scheduler = new Scheduler(instances.a.database.db, [job], log, clock.now);
    await scheduler.tick();
    clock.advance(60 * 1000);
    await scheduler.tick();
    expect(job.runs).toHaveLength(2);

    // An instance claimed the next run and died in it: others wait out the lease, then run it.
    clock.advance(HOUR);
    const stuck: Job = { name: 'flaky', everyMs: HOUR, run: () => new Promise(() => {}) };
    void new Scheduler(instances.b.database.db, [stuck], log, clock.now).runIfDue(stuck);
    await expect
      .poll(async () => {
        const [row] = await instances.a.database.db
          .select()
          .from(scheduledJobs)
          .where(eq(scheduledJobs.name, 'flaky'));
        return row?.runningUntil !== null;
      })
      .toBe(true);
    expect(await scheduler.runIfDue(job)).toBe(false);
    clock.advance(10 * 60 * 1000 + 1);
    expect(await scheduler.runIfDue(job)).toBe(true);
    expect(job.runs).toHaveLength(3);
  });
});
