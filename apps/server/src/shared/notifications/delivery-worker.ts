import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { JOB_SCHEMA, NOTIFICATION_QUEUE, POLLING_INTERVAL_SECONDS, jobDatabaseOf } from './outbox';

type FetchedJob = PgBoss.JobWithMetadata<{ notificationId: string }>;
/** What became of one job of a fetch: `failed` is retried with back-off. */
export interface JobResult {
  id: string;
  status: 'completed' | 'failed';
}

export interface DeliveryWorker {
  /** Takes no more jobs, and answers once the fetch under way is settled. */
  stop(): Promise<void>;
}

export interface DeliveryWorkerOptions {
  /** Jobs taken in one fetch. */
  batchSize: number;
  /** The largest delay before a retry (MAIL_RETRY_MAX_DELAY_SECONDS). */
  retryMaxDelaySeconds: number;
}

/**
 * The outbox's worker, on pg-boss's fetch, complete and fail. pg-boss 10's own `work` settles a fetch
 * all or nothing, does not await its settling (a database lost at that moment is an unhandled
 * rejection, which ends the process), waits out the polling interval after a full fetch, and retries
 * with no largest delay. Here each job of a fetch is settled on its own (a refused send retries that
 * message only); while fetches come back full the worker fetches again at once, so a backlog drains at
 * the mail server's pace (bench/README.md); and a retry waits at most `retryMaxDelaySeconds`.
 * Trouble with the database is reported to `onError`, and the loop goes on: a job left taken is
 * taken again once it expires (outbox.ts).
 */
export function startDeliveryWorker(
  boss: PgBoss,
  database: Database,
  options: DeliveryWorkerOptions,
  deliver: (jobs: FetchedJob[]) => Promise<JobResult[]>,
  onError: (error: Error) => void,
): DeliveryWorker {
  const idle = new AbortController();
  let stopping = false;

  async function settle(results: JobResult[]): Promise<void> {
    const completed = results.filter((result) => result.status === 'completed').map((result) => result.id);
    const failed = results.filter((result) => result.status === 'failed').map((result) => result.id);
    if (completed.length > 0) await boss.complete(NOTIFICATION_QUEUE, completed);
    if (failed.length === 0) return;
    // Each failure and its delay's cap in one transaction: no retry is left waiting past the cap.
    await database.db.transaction(async (tx) => {
      for (const id of failed)
        await boss.fail(NOTIFICATION_QUEUE, id, { outcome: 'not sent' }, { db: jobDatabaseOf(tx) });
      await tx.execute(sql`
        update ${sql.identifier(JOB_SCHEMA)}.job
        set start_after = least(start_after, now() + make_interval(secs => ${options.retryMaxDelaySeconds}))
        where name = ${NOTIFICATION_QUEUE} and id = any(${sql.param(failed)}::uuid[]) and state = 'retry'`);
    });
  }

  /** One fetch delivered and settled: whether it came back full. */
  async function round(): Promise<boolean> {
    const jobs = await boss.fetch<{ notificationId: string }>(NOTIFICATION_QUEUE, {
      batchSize: options.batchSize,
      includeMetadata: true,
    });
    if (jobs.length === 0) return false;
    let results: JobResult[];
    try {
      results = await deliver(jobs);
    } catch (error) {
      onError(error as Error);
      results = jobs.map((job) => ({ id: job.id, status: 'failed' }));
    }
    await settle(results);
    return jobs.length === options.batchSize;
  }

  const loop = (async () => {
    while (!stopping) {
      let full = false;
      try {
        full = await round();
      } catch (error) {
        onError(error as Error);
      }
      if (!full && !stopping)
        await sleep(POLLING_INTERVAL_SECONDS * 1000, undefined, { signal: idle.signal }).catch(
          () => undefined,
        );
    }
  })();

  return {
    async stop() {
      stopping = true;
      idle.abort();
      await loop;
    },
  };
}
