import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFloor, startPlatform } from '../shared/processes';
import { measurePlatform, type Row } from './measure';
import { PGLITE_TICKETS, PORTS } from './settings';

/** The embedded default: the platform on PGlite in a folder, and its floor on a copy of it. */
export async function measureEmbedded(rows: Row[], extra: [string, string | number][]): Promise<void> {
  const folders = mkdtempSync(path.join(tmpdir(), 'tickets-bench-'));
  const embeddedEnv = { DATA_DIR: path.join(folders, 'platform'), DATABASE_URL: '' };
  const pglite = await measurePlatform(
    'PGlite',
    await startPlatform(PORTS + 2, embeddedEnv),
    PGLITE_TICKETS,
    rows,
    async (server, env) => {
      await server.stop();
      cpSync(embeddedEnv.DATA_DIR, path.join(folders, 'floor'), { recursive: true });
      return {
        server: await startPlatform(PORTS + 2, embeddedEnv),
        floor: await startFloor(PORTS + 4, {
          ...env,
          DATABASE_URL: '',
          PGLITE_DIR: path.join(folders, 'floor'),
        }),
      };
    },
  );
  await pglite.server.stop();
  rmSync(folders, { recursive: true, force: true });
  extra.push(
    ['PGlite import (rows/s, provider API)', pglite.importRate],
    ['PGlite server RSS after load (MiB)', pglite.rss],
  );
}
