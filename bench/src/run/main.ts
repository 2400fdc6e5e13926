/**
 * `npm run bench`: the machine's baseline, then the platform on PGlite and (with DATABASE_URL)
 * on PostgreSQL, loaded through the real import path; one table of figures. Not a test.
 */
import { load } from '../shared/load';
import { startBaseline } from '../shared/processes';
import { scenarios } from '../shared/scenarios';
import { measureEmbedded } from './embedded';
import type { Row } from './measure';
import { measurePostgres } from './postgres';
import { CLAIMS_FROM, PERSONALIZATION_MARGIN, PG_TICKETS, PORTS, SECONDS, selected } from './settings';
import { printTable } from './table';

async function main() {
  if (process.env.DATABASE_URL && PG_TICKETS < CLAIMS_FROM + PERSONALIZATION_MARGIN) {
    // Declarations, printed tickets, claims and personalization each take their own range of tickets.
    throw new Error(
      `BENCH_PG_TICKETS must be at least ${(CLAIMS_FROM + PERSONALIZATION_MARGIN).toLocaleString('en')} with these BENCH_PG_DECLARATIONS and BENCH_PG_PRINTED`,
    );
  }
  const rows: Row[] = [];
  const extra: [string, string | number][] = [];

  // The baseline before and after the platforms: this machine's speed drifts by a third within a
  // run, and every ratio is taken to the mean of the two.
  const measureBaseline = async (when: string) => {
    const baseline = await startBaseline(PORTS + 1);
    rows.push({
      engine: 'node:http',
      scenario: `baseline, ${when}`,
      ...(await load(baseline.url, { name: 'baseline', path: '/' }, SECONDS)),
    });
    await baseline.stop();
  };
  await measureBaseline('first');

  // The embedded default as `npm start` runs it: a folder on disk (DATA_DIR). The floor gets a copy
  // of it, taken with the platform stopped, in a process of its own. (The gate runs on PostgreSQL.)
  if (scenarios('', {}, 1).some(selected)) await measureEmbedded(rows, extra);

  if (process.env.DATABASE_URL) await measurePostgres(process.env.DATABASE_URL, rows, extra);

  await measureBaseline('last');
  printTable(rows, extra);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
