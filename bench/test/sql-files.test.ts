import path from 'node:path';
import { expect, it } from 'vitest';
import { recordSqlFiles, sqlFolder } from '../src/floor/sql-files';

// A query of a measured route changed: its checked-in SQL differs from what the platform sends now.
// Review the difference, then write the files again with `npm run sql` (CONTRIBUTING.md).
it("the checked-in SQL files are the platform's statements, recorded afresh", async () => {
  const files = await recordSqlFiles();
  expect([...files.keys()].length).toBeGreaterThan(0);
  for (const [name, text] of files) {
    await expect(text, `apps/server/sql/${name}.sql`).toMatchFileSnapshot(
      path.join(sqlFolder, `${name}.sql`),
    );
  }
});
