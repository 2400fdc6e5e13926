import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE_FILE, routeTableMarkdown, servedRoutes, SOURCE_DIR } from '../scripts/route-table';

describe('the route table (docs/routes.md)', () => {
  it('is what the server registers: regenerate it with `npm run routes`', async () => {
    expect(await readFile(ROUTE_TABLE_FILE, 'utf8')).toBe(routeTableMarkdown(await servedRoutes()));
  });

  it('names for every route a file that exists and declares it', async () => {
    for (const route of await servedRoutes()) {
      const file = path.join(SOURCE_DIR, route.file);
      expect(existsSync(file), `${route.method} ${route.url}: ${route.file}`).toBe(true);
      // The path's last literal segment is in the file (some build the path from a base constant).
      const segment =
        route.url
          .split('/')
          .filter((part) => part && !part.startsWith(':'))
          .at(-1) ?? '';
      expect(await readFile(file, 'utf8'), `${route.method} ${route.url}`).toContain(segment);
    }
  });
});
