import { bundleSizes } from './bundle-sizes';
import type { Row } from './measure';
import { SECONDS } from './settings';

/** The run's one table: each row against the mean baseline and its floor; then the other measures. */
export function printTable(rows: Row[], extra: [string, string | number][]): void {
  const baselines = rows.filter((row) => row.engine === 'node:http');
  const baselineRate = baselines.reduce((sum, row) => sum + row.requestsPerSecond, 0) / baselines.length;
  console.log(
    `\nAll on this machine (${SECONDS} s per scenario, 50 connections, autocannon in the bench process, servers in their own).\n`,
  );
  console.log(
    "The floor: the same SQL statements and answers from a bare node:http + pg (or PGlite) server, loaded before and after the platform; its p99 paced at the platform's half rate.\n",
  );
  console.log(
    '| engine | scenario | req/s | p50 ms | p99 ms | p99 ms at half rate | errors | ratio to baseline (mean) | floor req/s (first, last) | floor p99 ms at the same rate | ratio to floor (mean) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const { floor } = row;
    const floorRate = floor ? (floor.first + floor.last) / 2 : undefined;
    const floorColumns = floor
      ? [
          `${floor.first}, ${floor.last}${floor.errors ? ` (${floor.errors} errors)` : ''}`,
          floor.p99AtPlatformsHalf,
          (row.requestsPerSecond / (floorRate as number)).toFixed(2),
        ]
      : ['-', '-', '-'];
    console.log(
      `| ${[
        row.engine,
        row.scenario,
        row.requestsPerSecond,
        row.p50,
        row.p99,
        row.p99AtHalf ?? '-',
        row.errors,
        (row.requestsPerSecond / baselineRate).toFixed(2),
        ...floorColumns,
      ].join(' | ')} |`,
    );
  }
  console.log('\n| measure | value |\n|---|---:|');
  for (const [name, value] of [...extra, ...bundleSizes()]) console.log(`| ${name} | ${value} |`);
}
