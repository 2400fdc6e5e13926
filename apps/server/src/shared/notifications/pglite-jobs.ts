import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's statements on PGlite (the platform's one embedded connection), which pg-boss 10 has no
 * adapter for: a statement with values goes as one query; one without may be several (its schema,
 * its migrations, its maintenance under an advisory lock: `BEGIN; …; COMMIT;`), which only `exec`
 * runs, and the rows of all of them are answered. pg-boss expects a pool, where a failed statement
 * leaves the next connection clean: a failure here rolls back whatever transaction it left open, so
 * the next statement (pg-boss's or the service's) does not meet an aborted one.
 */
export function pgliteJobDatabase(client: PGlite): PgBoss.Db {
  const run = async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if (values?.length) return client.query(text, values);
    const results = await client.exec(text);
    return { rows: results.flatMap((result) => result.rows) };
  };
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        return await run(text, values);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
