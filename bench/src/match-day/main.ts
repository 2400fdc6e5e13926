/**
 * `npm run match-day -w @tickets/bench` (issue #38, item 5): a match day through the repository's own
 * HAProxy (deploy/haproxy.cfg), to one platform process and then to three on the same PostgreSQL
 * database. One fixture of BENCH_MATCH_SEATS bound tickets; gate devices fetch its manifest and poll
 * it; online scans follow an arrival curve compressed in time, while fans add tickets by claim code
 * and register phone keys, and officers look tickets up. Prints one table. Not a test.
 */
import pg from 'pg';
import { addPrintedCodes } from '../shared/bulk-data';
import { claimantsSql, type Claim } from '../shared/claim';
import { runSql, withFreshDatabase } from '../shared/database';
import { startPlatform } from '../shared/processes';
import { loadTickets } from '../shared/tickets';
import { matchRun } from './match';
import { CLAIMS, PORT_BASE, PROCESS_RUNS, SEATS } from './settings';
import { printTable, type RunFigures } from './table';

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL: the match day runs on PostgreSQL only');
  const runs: RunFigures[] = [];
  await withFreshDatabase(serverUrl, 'tickets_matchday', async (databaseUrl) => {
    // The fixture, loaded and bound by one process, which then stops: each run starts its own.
    const loader = await startPlatform(PORT_BASE + 1, { DATABASE_URL: databaseUrl });
    const claims: Claim[] = [];
    try {
      console.error(`[load] ${SEATS.toLocaleString('en')} seats and ${2 * CLAIMS} tickets to claim…`);
      // Tickets 1…SEATS are the seats, bound and printed; the 2 × CLAIMS after them stay free for claims.
      await loadTickets(loader.url, SEATS + 2 * CLAIMS, {
        from: SEATS + 1,
        to: SEATS + 2 * CLAIMS,
        into: claims,
      });
    } finally {
      await loader.stop();
    }
    if (claims.length !== 2 * CLAIMS) throw new Error(`the import answered ${claims.length} claim codes`);
    await addPrintedCodes(databaseUrl, SEATS, 0);
    await runSql(databaseUrl, [...claimantsSql(2 * CLAIMS), ['vacuum analyze', []]]);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const id = Number(
      (await client.query<{ id: string }>(`select id from events where external_id = 'bench-match'`)).rows[0]
        ?.id,
    );
    await client.end();

    for (const [i, processes] of PROCESS_RUNS.entries()) {
      // Each run its own fans and tickets to claim.
      runs.push(
        await matchRun(
          databaseUrl,
          processes,
          id,
          claims.slice(i * CLAIMS, (i + 1) * CLAIMS),
          i * CLAIMS + 1,
        ),
      );
      // Printed after each run too: the first run's figures survive a failure of the next.
      if (i < PROCESS_RUNS.length - 1) printTable(runs);
    }
  });
  printTable(runs);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
