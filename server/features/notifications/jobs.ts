import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import type { Job } from '../../platform/scheduler';
import { sendPendingEmails } from './emails';
import { pruneNotifications } from './retention';
import { sendSummaries } from './summaries';
import { remindTrips } from './tripReminders';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

type Deps = { db: Db; publicUrl: string; log: FastifyBaseLogger };

/**
 * The notifications' scheduled work (issue #24), run once across instances by the scheduler.
 * Each event they find has a dedupe key and each e-mail a delivery row, so a run repeated (two
 * instances, a retry, a catch-up after a restart) tells nobody twice.
 */
export function notificationJobs(deps: Deps): Job[] {
  return [
    {
      // The e-mails waiting (a mention's within a minute; features' jobs listed before this one
      // have queued theirs).
      name: 'notifications-minutely',
      everyMs: MINUTE_MS,
      async run(now) {
        const sent = await sendPendingEmails(deps, now);
        if (sent > 0) deps.log.info({ queued: sent }, 'notification e-mails queued');
      },
    },
    {
      name: 'notifications-hourly',
      everyMs: HOUR_MS,
      async run(now) {
        await remindTrips(deps.db, now);
        const summaries = await sendSummaries(deps, now);
        if (summaries > 0) deps.log.info({ summaries }, 'daily summaries queued');
        const pruned = await pruneNotifications(deps.db, now);
        if (pruned > 0) deps.log.info({ pruned }, 'old notifications and e-mail records deleted');
      },
    },
  ];
}
