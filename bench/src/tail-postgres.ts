/**
 * PostgreSQL's side of `npm run tail`: its checkpoints (the log, with log_checkpoints, or the
 * statistics view sampled) and the bench database's slow statements, as happenings a late request
 * can be set against.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type pg from 'pg';

/** Something that took time while a request waited: a GC pause, a stall, a checkpoint, a statement. */
export interface Happening {
  cause:
    'gc' | 'server busy' | 'server off-CPU' | 'client busy' | 'client off-CPU' | 'checkpoint' | 'statement';
  start: number;
  end: number;
  label: string;
}

export interface PostgresFacts {
  version: string;
  logCheckpoints: string;
  /** The server's log file, when this process can read it (Debian's place for it). */
  log: string | undefined;
  /** PostgreSQL 17 moved the checkpoint counters from pg_stat_bgwriter to pg_stat_checkpointer. */
  checkpointCounters: string;
}

export async function describePostgres(admin: pg.Client): Promise<PostgresFacts> {
  const { rows } = await admin.query<{ version: string; num: string; log_checkpoints: string }>(
    `select current_setting('server_version') as version, current_setting('server_version_num') as num,
            current_setting('log_checkpoints') as log_checkpoints`,
  );
  const facts = rows[0] as { version: string; num: string; log_checkpoints: string };
  const major = Math.floor(Number(facts.num) / 10_000);
  const log = process.env.TAIL_PG_LOG ?? `/var/log/postgresql/postgresql-${major}-main.log`;
  let readable = false;
  try {
    closeSync(openSync(log, 'r'));
    readable = true;
  } catch {
    readable = false;
  }
  return {
    version: facts.version,
    logCheckpoints: facts.log_checkpoints,
    log: readable ? log : undefined,
    checkpointCounters:
      major >= 17
        ? `select num_timed + num_requested as done, write_time, sync_time, buffers_written as buffers
             from pg_stat_checkpointer`
        : `select checkpoints_timed + checkpoints_req as done, checkpoint_write_time as write_time,
                  checkpoint_sync_time as sync_time, buffers_checkpoint as buffers from pg_stat_bgwriter`,
  };
}

/** Checkpoints seen finishing in the statistics view, sampled every 100 ms while a run lasts. */
export function sampleCheckpoints(admin: pg.Client, query: string): () => Promise<Happening[]> {
  const seen: Happening[] = [];
  let previous: { at: number; done: number; write: number; sync: number; buffers: number } | undefined;
  let sampling = true;
  const sample = async () => {
    while (sampling) {
      const { rows } = await admin.query<Record<string, string>>(query);
      const row = rows[0] ?? {};
      const now = {
        at: Date.now(),
        done: Number(row.done),
        write: Number(row.write_time),
        sync: Number(row.sync_time),
        buffers: Number(row.buffers),
      };
      if (previous && now.done > previous.done) {
        seen.push({
          cause: 'checkpoint',
          start: now.at - (now.write - previous.write) - (now.sync - previous.sync),
          end: now.at,
          label: `checkpoint (statistics view): ${now.buffers - previous.buffers} buffers, write ${now.write - previous.write} ms, sync ${now.sync - previous.sync} ms`,
        });
      }
      previous = now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const running = sample();
  return async () => {
    sampling = false;
    await running;
    return seen;
  };
}

const LOG_TIME = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) UTC /;

/**
 * Checkpoints (log_checkpoints: from "starting" to "complete", with what it wrote and synced) and
 * this database's slow statements (log_min_duration_statement: the line is written when it ends),
 * from the log's lines after `offset`.
 */
export function logHappenings(log: string, offset: number, database: string): Happening[] {
  const size = statSync(log).size;
  if (size <= offset) return [];
  const buffer = Buffer.alloc(size - offset);
  const file = openSync(log, 'r');
  readSync(file, buffer, 0, buffer.length, offset);
  closeSync(file);
  const happenings: Happening[] = [];
  let checkpointStart: { at: number; reason: string } | undefined;
  for (const line of buffer.toString('utf8').split('\n')) {
    const time = LOG_TIME.exec(line)?.[1];
    if (!time) continue;
    const at = Date.parse(`${time.replace(' ', 'T')}Z`);
    const starting = /checkpoint starting: (.*)$/.exec(line);
    if (starting) checkpointStart = { at, reason: starting[1] ?? '' };
    const complete = /checkpoint complete: wrote (\d+) buffers.*sync=([\d.]+) s, total=([\d.]+) s/.exec(line);
    if (complete) {
      const [, buffers, sync, total] = complete;
      happenings.push({
        cause: 'checkpoint',
        start: checkpointStart?.at ?? at - Number(total) * 1000,
        end: at,
        label: `checkpoint (${checkpointStart?.reason ?? '?'}): ${buffers} buffers, sync ${sync} s of ${total} s`,
      });
      checkpointStart = undefined;
    }
    const slow = /duration: ([\d.]+) ms\s+(.*)$/.exec(line);
    if (slow && line.includes(`@${database} `)) {
      const ms = Number(slow[1]);
      happenings.push({
        cause: 'statement',
        start: at - ms,
        end: at,
        label: `statement ${ms.toFixed(1)} ms: ${(slow[2] ?? '').slice(0, 90)}`,
      });
    }
  }
  return happenings;
}
