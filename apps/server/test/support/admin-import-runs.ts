import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { addCodeRange } from '../../src/admin/code-ranges';
import { addOrganisation } from '../../src/admin/officers';
import type { Config } from '../../src/config';
import { createPostgresDatabase, openMigratedCopy } from './migrated-copies';
import { engines } from './test-server';

/** `npm run admin -- import`, run as an operator runs it, its output in a log (not a terminal). */
const serverRoot = path.resolve(import.meta.dirname, '../..');
/**
 * The JavaScript heap the command is given, in MB: the streamed import of either file runs in it
 * (in 80 here, bench/README.md); reading a file whole, as before, ran out of it at 150,000 rows.
 */
export const HEAP_MB = 128;

/**
 * The database an import test runs the command against: a fresh PostgreSQL database when there is one
 * (DATABASE_URL), else PGlite in `folder`; migrated, with the club `club` and its codes starting with
 * `codePrefix`. `drop` removes the PostgreSQL database (nothing for PGlite: its folder is the test's).
 */
export async function importTarget(
  folder: string,
  club: { id: string; name: string },
  codePrefix: string,
): Promise<{ target: Config['database']; drop?: () => Promise<void> }> {
  let target: Config['database'] = { kind: 'pglite', dataDir: folder };
  let drop: (() => Promise<void>) | undefined;
  if (engines.includes('postgres')) {
    const postgres = await createPostgresDatabase();
    drop = postgres.drop;
    target = { kind: 'postgres', url: postgres.url };
  }
  const database = await openMigratedCopy(target);
  try {
    await addOrganisation(database.db, 'test', club);
    await addCodeRange(database.db, 'test', club.id, codePrefix);
  } finally {
    await database.close();
  }
  return { target, drop };
}

/** A season's CSV of `rows` tickets whose codes start with `prefix`, three fixtures, written as a stream. */
export async function writeSeason(file: string, prefix: string, rows: number): Promise<void> {
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

export interface ImportRun {
  code: number | null;
  stdout: string;
  /** Standard error's lines, each with whether it came while the command still ran. */
  stderr: { line: string; whileRunning: boolean }[];
  peakRssKb: number;
}

/** The command's run to its end; `onLine` hears each line of its standard error as it comes. */
export async function runImport(
  database: Config['database'],
  file: string,
  organisationId: string,
  onLine?: (line: string) => void,
): Promise<ImportRun> {
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
      organisationId,
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
    for (const line of lines) {
      stderr.push({ line, whileRunning: running });
      onLine?.(line);
    }
  });
  child.once('exit', () => (running = false));
  const [code] = (await once(child, 'close')) as [number | null];
  if (partial) stderr.push({ line: partial, whileRunning: false });
  const peak = stderr.map(({ line }) => /^peak-rss-kb (\d+)$/.exec(line)?.[1]).find(Boolean);
  return { code, stdout, stderr, peakRssKb: Number(peak) };
}
