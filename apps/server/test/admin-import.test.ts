import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCodeRange } from '../src/admin/code-ranges';
import { addOrganisation } from '../src/admin/officers';
import type { Config } from '../src/config';
import { createPostgresDatabase, openMigratedCopy } from './support/migrated-copies';
import { engines } from './support/test-server';

/**
 * `npm run admin -- import` of a club's season, as an operator runs it with its output in a log (not
 * a terminal): it tells its progress while it works, and its memory does not grow with the file.
 * On PostgreSQL when there is one (DATABASE_URL), else PGlite: PostgreSQL imports the season in
 * half the time here (bench/README.md), and the command's memory is then its own, not also the
 * embedded engine's (some 400 MB of PGlite's that do not depend on the file).
 */
const serverRoot = path.resolve(import.meta.dirname, '..');
const CLUB = 'club-import';
const SEASON = 300_000;
/**
 * The JavaScript heap the command is given, in MB: the streamed import of either file runs in it
 * (in 80 here, bench/README.md); reading a file whole, as before, ran out of it at 150,000 rows.
 */
const HEAP_MB = 128;

/** A season's CSV of `rows` tickets whose codes start with `prefix`, three fixtures, written as a stream. */
async function writeSeason(file: string, prefix: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write(
    'eventExternalId,eventDescription,eventStartsAt,venue,eventSeasonal,displayMode,publicCode,sector,gate,row,seat,seasonal\n',
  );
  for (let i = 1; i <= rows; i += 1) {
    const fixture = i % 3;
    const code = `${prefix}${String(i).padStart(12 - prefix.length, '0')}`;
    const line = `match-${fixture},"Αγώνας ${fixture}",2031-05-0${fixture + 1}T20:00:00+03:00,Κλειστό,false,BARCODE,${code},Α,${i % 7},${i % 40},${i % 50},false\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

interface ImportRun {
  code: number | null;
  stdout: string;
  /** Standard error's lines, each with whether it came while the command still ran. */
  stderr: { line: string; whileRunning: boolean }[];
  peakRssKb: number;
}

async function runImport(database: Config['database'], file: string): Promise<ImportRun> {
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${HEAP_MB}`,
      '--import',
      'tsx',
      '--import',
      './test/support/peak-memory.ts',
      'src/admin/cli.ts',
      'import',
      file,
      '--organisation',
      CLUB,
    ],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        ...(database.kind === 'postgres'
          ? { DATABASE_URL: database.url }
          : { DATA_DIR: database.dataDir, DATABASE_URL: '' }),
      },
    },
  );
  let stdout = '';
  let running = true;
  const stderr: ImportRun['stderr'] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) stderr.push({ line, whileRunning: running });
  });
  child.once('exit', () => (running = false));
  const [code] = (await once(child, 'close')) as [number | null];
  if (partial) stderr.push({ line: partial, whileRunning: false });
  const peak = stderr.map(({ line }) => /^peak-rss-kb (\d+)$/.exec(line)?.[1]).find(Boolean);
  return { code, stdout, stderr, peakRssKb: Number(peak) };
}

const PROGRESS =
  /^([\d,]+) \/ ([\d,]+) tickets, ([\d,]+)\/s, (?:~\d+(?:m \d+)?s left|done in \d+(?:m \d+)?s)$/;
const count = (figure: string) => Number(figure.replaceAll(',', ''));

describe('the admin import of a season, its output not a terminal', () => {
  let folder: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let season: ImportRun;
  let half: ImportRun;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tickets-admin-import-'));
    let target: Config['database'] = { kind: 'pglite', dataDir: folder };
    if (engines.includes('postgres')) {
      const postgres = await createPostgresDatabase();
      dropDatabase = postgres.drop;
      target = { kind: 'postgres', url: postgres.url };
    }
    const database = await openMigratedCopy(target);
    try {
      await addOrganisation(database.db, 'test', { id: CLUB, name: 'Club of the import test' });
      await addCodeRange(database.db, 'test', CLUB, '7');
    } finally {
      await database.close();
    }
    // Two files of distinct codes, one twice the other: both runs insert every row.
    const halfFile = path.join(folder, 'half.csv');
    const seasonFile = path.join(folder, 'season.csv');
    await writeSeason(halfFile, '71', SEASON / 2);
    await writeSeason(seasonFile, '72', SEASON);
    half = await runImport(target, halfFile);
    season = await runImport(target, seasonFile);
  }, 240_000);
  afterAll(async () => {
    await dropDatabase?.();
    await rm(folder, { recursive: true, force: true });
  });

  it('imports every row and reports it at the end, as before', () => {
    expect(half.code).toBe(0);
    expect(season.code).toBe(0);
    expect(half.stdout).toContain('Events: 3 received, 3 new, 0 updated, 0 unchanged, 0 rejected');
    expect(season.stdout).toContain('Events: 3 received, 0 new, 0 updated, 3 unchanged, 0 rejected');
    expect(season.stdout).toContain(
      `Tickets: ${SEASON} received, ${SEASON} new, 0 updated, 0 unchanged, 0 rejected`,
    );
  });

  it('writes the tickets done, the rate and the time left every few seconds while it runs, then the totals', () => {
    const progress = season.stderr
      .map(({ line, whileRunning }) => ({ match: PROGRESS.exec(line), line, whileRunning }))
      .filter(({ match }) => match);
    const last = progress.at(-1);
    expect(last?.line).toMatch(/^300,000 \/ 300,000 tickets, [\d,]+\/s, done in \d+(m \d+)?s$/);

    const during = progress.filter(({ line, whileRunning }) => whileRunning && line.endsWith('left'));
    expect(during.length).toBeGreaterThanOrEqual(3);
    const done = during.map(({ match }) => count(match?.[1] ?? ''));
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBeLessThan(SEASON);
    expect(during.every(({ match }) => count(match?.[2] ?? '') === SEASON)).toBe(true);
    expect(count(during.at(-1)?.match?.[3] ?? '')).toBeGreaterThan(0);
  });

  it('keeps its memory flat: twice the rows take about the same memory', () => {
    // Measured (bench/README.md): streamed, the season's peak was 0.95–1.24 of the half's, on either
    // engine and a busy machine; read whole, as before, 1.73 on PostgreSQL (and no run at all in HEAP_MB).
    const peaks = `peaks ${half.peakRssKb} kB and ${season.peakRssKb} kB`;
    expect(half.peakRssKb, peaks).toBeGreaterThan(0);
    expect(season.peakRssKb / half.peakRssKb, peaks).toBeLessThan(1.5);
  });
});
