import { execFileSync } from 'node:child_process';
import { addDeclarations, addPrintedCodes, addSuspensions } from '../shared/bulk-data';
import { claimantsSql } from '../shared/claim';
import { runSql, withFreshDatabase } from '../shared/database';
import { startFloor, startPlatform } from '../shared/processes';
import { measurePlatform, type Row } from './measure';
import {
  claimCount,
  ONLY,
  PG_DECLARATIONS,
  PG_PRINTED,
  PG_SUSPENSIONS,
  PG_TICKETS,
  PORTS,
  PRINTED_FROM,
} from './settings';

/**
 * The platform on a fresh PostgreSQL database (DATABASE_URL names the server) with the bulk data
 * around the imported tickets, its floor on the same database; then, with every scenario, the import
 * against a raw COPY.
 */
export async function measurePostgres(
  serverUrl: string,
  rows: Row[],
  extra: [string, string | number][],
): Promise<void> {
  await withFreshDatabase(serverUrl, 'tickets_bench', async (databaseUrl) => {
    const postgres = await measurePlatform(
      'PostgreSQL',
      await startPlatform(PORTS + 3, { DATABASE_URL: databaseUrl }),
      PG_TICKETS,
      rows,
      async (server, env) => {
        // Restarted, as on PGlite: the scenarios are measured in a process that has not served the
        // import (bench/README.md, "What each figure means").
        await server.stop();
        return {
          server: await startPlatform(PORTS + 3, { DATABASE_URL: databaseUrl }),
          floor: await startFloor(PORTS + 5, { ...env, DATABASE_URL: databaseUrl }),
        };
      },
      async () => {
        console.error('[PostgreSQL] adding suspension records and companion declarations…');
        await addSuspensions(databaseUrl, PG_SUSPENSIONS);
        await addDeclarations(databaseUrl, Math.min(PG_DECLARATIONS, PG_TICKETS));
        await addPrintedCodes(databaseUrl, Math.min(PG_PRINTED, PG_TICKETS), PRINTED_FROM);
        await runSql(databaseUrl, claimantsSql(claimCount(PG_TICKETS)));
        // As after any bulk load: the visibility map and the planner's statistics, now rather than
        // from autovacuum in the middle of the measurements.
        await runSql(databaseUrl, [['vacuum analyze', []]]);
        return { printed: true, databaseUrl };
      },
      claimCount(PG_TICKETS),
    );
    await postgres.server.stop();
    extra.push(
      ['PostgreSQL suspension records', PG_SUSPENSIONS],
      ['PostgreSQL companion declarations (besides the demo ones)', Math.min(PG_DECLARATIONS, PG_TICKETS)],
      ['PostgreSQL import (rows/s, provider API)', postgres.importRate],
      ['PostgreSQL server RSS after load (MiB)', postgres.rss],
    );
    if (ONLY.length === 0) {
      const copy = copyRate(databaseUrl, PG_TICKETS);
      extra.push(
        ['PostgreSQL raw COPY (rows/s)', copy],
        ['import / COPY', Math.round((postgres.importRate / copy) * 100) / 100],
      );
    }
  });
}

/**
 * Raw COPY of as many rows into the same tickets table (its unique and secondary indexes and its
 * foreign key to events checked as for the import), under codes of their own: the ceiling for the
 * import.
 */
function copyRate(databaseUrl: string, count: number): number {
  const eventId = execFileSync('psql', [
    databaseUrl,
    '-Atc',
    "select id from events where external_id = 'bench-match'",
  ])
    .toString()
    .trim();
  const csv = Array.from(
    { length: count },
    (_, i) => `6${String(i + 1).padStart(11, '0')},${eventId},Τ${i % 20},${i % 40},${i % 30}`,
  ).join('\n');
  const started = performance.now();
  execFileSync(
    'psql',
    [
      databaseUrl,
      '-q',
      '-c',
      '\\copy tickets (public_code, event_id, sector, row, seat) from stdin with csv',
    ],
    { input: csv, maxBuffer: 1 << 30 },
  );
  return Math.round(count / ((performance.now() - started) / 1000));
}
