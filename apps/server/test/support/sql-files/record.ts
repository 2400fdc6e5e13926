/**
 * The SQL each queries module sends, recorded from the module itself (apps/server/test/sql-files.test.ts
 * compares it with apps/server/sql/; `npm run sql` writes it there). Every exported function of a
 * module is called once with sample arguments (its `<module>.sql-samples.ts`, beside it) on an empty
 * migrated PGlite in memory (emptied again after any call that may have written), and drizzle's
 * logger hands over each statement it sends, with its parameters as `$1`, `$2`: the values are never
 * recorded. Foreign keys are not checked (the session's replication role), so a sample row needs no
 * rows to refer to.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { format } from 'sql-formatter';
import { rowsOf, type Db } from '../../../src/db/client';
import * as schema from '../../../src/db/schema';
import { serverRoot } from '../../../src/shared/server-root';
import { installBindingRule } from '../../../src/rules/fixtures';
import type { SampleCall, SqlModule } from './module';
import { sqlModules } from './modules';

/** A function's statements, in the order it sends them. */
export interface RecordedFunction {
  /** Its name, and the branch when its sample calls are several (`storeNewBook, in place of a book`). */
  name: string;
  statements: string[];
}

export interface SqlFile {
  /** The file's name in apps/server/sql/, with `.sql`. */
  name: string;
  functions: RecordedFunction[];
  text: string;
}

/** The exported functions (not classes) a module's samples must list: a new one without a sample call fails. */
const exportedFunctions = (module: SqlModule) =>
  Object.entries(module.exports)
    .filter(
      ([, value]) => typeof value === 'function' && !/^class\b/.test(Function.prototype.toString.call(value)),
    )
    .map(([name]) => name);

/** A statement that may write (or lock: `for update` counts too, harmlessly). */
const WRITE = /\b(insert|update|delete|create)\b/i;

/** Each function's sample calls: one, or one per branch of its SQL, named. */
const samplesOf = (module: SqlModule): [string, SampleCall, string?][] =>
  Object.entries(module.calls).flatMap(([name, call]): [string, SampleCall, string?][] =>
    !call
      ? []
      : typeof call === 'function'
        ? [[name, call]]
        : Object.entries(call).map(([branch, sample]) => [name, sample, branch]),
  );

/** Every module's file, recorded afresh. */
export async function recordSqlFiles(): Promise<SqlFile[]> {
  const client = await PGlite.create();
  try {
    let log: string[] | undefined;
    const db = drizzle(client, {
      schema,
      logger: { logQuery: (query) => log?.push(query) },
    }) as unknown as Db;
    const plain = drizzle(client, { schema });
    await migrate(plain, { migrationsFolder: `${serverRoot}/drizzle` });
    const unlogged = plain as unknown as Db;
    // As the server does at start (buildApp): the bindings call the rule's function.
    await installBindingRule(unlogged);
    await unlogged.execute(sql`set session_replication_role = replica`);
    const tables = rowsOf<{ name: string }>(
      await unlogged.execute(
        sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
      ),
    ).map((row) => row.name);
    const empty = sql.raw(`truncate ${tables.join(', ')} restart identity`);
    const files: SqlFile[] = [];
    let written = false;
    for (const module of sqlModules) {
      const listed = Object.keys(module.calls);
      const unlisted = exportedFunctions(module).filter((name) => !listed.includes(name));
      if (unlisted.length > 0)
        throw new Error(
          `${module.source}: give ${unlisted.join(', ')} sample arguments in its .sql-samples.ts`,
        );
      const functions: RecordedFunction[] = [];
      for (const [name, call, branch] of samplesOf(module)) {
        const title = branch ? `${name}, ${branch}` : name;
        // Emptied after anything that may have written (a truncate of every table costs some 75 ms).
        if (written) await unlogged.execute(empty);
        // A call that takes `unlogged` writes rows through it.
        written = call.length > 1;
        log = [];
        try {
          await call(db, unlogged);
        } catch (error) {
          throw new Error(`${module.source}: ${title} failed with its sample arguments`, { cause: error });
        } finally {
          functions.push({ name: title, statements: log });
          written ||= log.some((statement) => WRITE.test(statement));
          log = undefined;
        }
        if (functions.at(-1)?.statements.length === 0)
          throw new Error(`${module.source}: ${title} sent no statement with its sample arguments`);
      }
      const name = `${module.file}.sql`;
      files.push({ name, functions, text: render(module, functions) });
    }
    return files;
  } finally {
    await client.close();
  }
}

const formatOptions = { language: 'postgresql', tabWidth: 2, keywordCase: 'lower' } as const;

/**
 * A function made in the database (the binding rule's): its head as written, and its PL/pgSQL body's
 * statements formatted between its `begin` and `end` (the formatter takes a dollar-quoted body for one
 * string).
 */
const FUNCTION = /^(create or replace function .*?\bas) \$(\w*)\$\s*begin\b([\s\S]*)\bend\s*\$\2\$$/s;

const indent = (text: string) => text.replace(/^(?=.)/gm, '  ');

function formatStatement(statement: string): string {
  const made = FUNCTION.exec(statement.trim());
  if (!made) return `${format(statement, formatOptions)};`;
  const [, head = '', tag = '', body = ''] = made;
  const dollar = `$${tag}$`;
  return `${head} ${dollar}\nbegin\n${indent(format(body, formatOptions))}\nend\n${dollar};`;
}

const sqlFileHeader = (module: SqlModule) =>
  `-- The SQL of apps/server/src/${module.source}, each statement under the function that sends it.\n` +
  '-- Generated by apps/server/test/sql-files.test.ts: after changing a query, run `npm run sql`.\n';

function render(module: SqlModule, functions: RecordedFunction[]): string {
  const sections = functions.map(({ name, statements }) => {
    const note = statements.length > 1 ? ` (${statements.length} statements, in this order)` : '';
    return `-- ${name}${note}\n${statements.map(formatStatement).join('\n\n')}\n`;
  });
  return [sqlFileHeader(module), ...sections].join('\n');
}

/** A section's first line: `-- name`, `-- name, branch`, either with ` (n statements, in this order)`. */
const SECTION = /^-- (\w+(?:, [^(\n]*[^(\s])?)(?: \(.*\))?$/m;

/** A checked-in file's statements by function, as `render` wrote them (for naming the one that changed). */
export function sectionsOf(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const section of text.split(/\n(?=-- )/)) {
    const name = SECTION.exec(section.split('\n', 1)[0] ?? '')?.[1];
    if (name) sections.set(name, section.trim());
  }
  return sections;
}
