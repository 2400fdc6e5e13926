import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { sqlModules } from './support/sql-files/modules';
import { recordSqlFiles, sectionsOf, type SqlFile } from './support/sql-files/record';

/**
 * Every statement of the server's queries modules and rules, checked in as SQL (CONTRIBUTING.md,
 * "Tests"): a change to a query without its file fails here, naming the file and the function.
 * `npm run sql` (SQL_FILES=write) writes the files afresh instead; review their difference and commit it.
 */
const folder = path.resolve(import.meta.dirname, '../sql');
const writing = process.env.SQL_FILES === 'write';
const names = sqlModules.map((module) => `${module.file}.sql`);
const RUN = 'run `npm run sql`, review the difference and commit it with the change';

let recorded: SqlFile[] = [];

beforeAll(async () => {
  recorded = await recordSqlFiles();
  if (!writing) return;
  mkdirSync(folder, { recursive: true });
  for (const file of recorded) writeFileSync(path.join(folder, file.name), file.text);
  for (const name of readdirSync(folder))
    if (name.endsWith('.sql') && !names.includes(name)) rmSync(path.join(folder, name));
}, 120_000);

it.each(names)('apps/server/sql/%s holds the statements its functions send', (name) => {
  const file = recorded.find((candidate) => candidate.name === name);
  if (!file) throw new Error(`${name} was not recorded`);
  const where = path.join(folder, name);
  if (!existsSync(where)) throw new Error(`apps/server/sql/${name} is missing: ${RUN}`);
  const checkedIn = readFileSync(where, 'utf8');
  const now = sectionsOf(file.text);
  const before = sectionsOf(checkedIn);
  // The checked-in text is what is expected; what the functions send now is what is received.
  for (const [functionName, statements] of now)
    expect(statements, `apps/server/sql/${name}, ${functionName}: its SQL changed; ${RUN}`).toBe(
      before.get(functionName),
    );
  expect(file.text, `apps/server/sql/${name}: ${RUN}`).toBe(checkedIn);
});

it('every queries module has its samples beside it', () => {
  const src = path.resolve(import.meta.dirname, '../src');
  const queriesModules = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((name) => /(^|[/.])queries\.ts$/.test(name))
    .map((name) => name.split(path.sep).join('/'));
  const sampled = sqlModules.map((module) => module.source);
  expect(
    queriesModules.filter((source) => !sampled.includes(source)),
    'give each its calls in a <module>.sql-samples.ts beside it',
  ).toEqual([]);
});

it('apps/server/sql/ holds a file for each module and no other', () => {
  const present = readdirSync(folder).filter((name) => name.endsWith('.sql'));
  expect(present.sort(), RUN).toEqual([...names].sort());
});
