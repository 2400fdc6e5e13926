import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { SqlModule, SqlSamples } from './module';

/** Where the server's modules are, and how a module's samples file is named beside it. */
const src = path.resolve(import.meta.dirname, '../../../src');
const SAMPLES = '.sql-samples.ts';

/**
 * A module's file in apps/server/sql/, named by its area (the feature, or `rules`, `shared`,
 * `eu-wallet`) and its own name without `.queries`: `features/gate/admission/admissions.queries.ts`
 * makes `gate.admissions`, `features/auth/queries.ts` makes `auth.queries`, `rules/entry.ts` makes
 * `rules.entry`.
 */
function sqlFileOf(source: string): string {
  const [top = '', feature = ''] = source.split('/');
  const name = path.posix.basename(source, '.ts').replace(/(.)\.queries$/, '$1');
  return `${top === 'features' ? feature : top}.${name}`;
}

/**
 * Every module whose statements are checked in (apps/server/sql/), with how each function is called:
 * found by its `<module>.sql-samples.ts` beside it, so a query and its sample are edited in one place.
 */
export const sqlModules: SqlModule[] = await Promise.all(
  readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(SAMPLES))
    .sort()
    .map(async (name) => {
      const samplesFile = name.split(path.sep).join('/');
      const { samples } = (await import(path.join(src, name))) as { samples?: SqlSamples };
      if (!samples) throw new Error(`apps/server/src/${samplesFile} exports no \`samples\` (sqlSamples)`);
      const source = samplesFile.replace(SAMPLES, '.ts');
      return { file: sqlFileOf(source), source, ...samples };
    }),
);

const files = sqlModules.map((module) => module.file);
const shared = files.filter((file, index) => files.indexOf(file) !== index);
if (shared.length > 0)
  throw new Error(`two modules would write apps/server/sql/${shared[0]}.sql: rename one`);
