import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { loginAs } from '../test/support/login';
import { DEPLOY, PostgresCluster, urlOf } from './postgres-cluster';
import { demoCode, freePortish, killHard, startServer } from './support';

/**
 * The backups restore (issue #39): a base backup (deploy/postgres/base-backup.sh) and the WAL the
 * primary archives (primary.conf's archive_command); bindings A, a moment T, bindings B; the database
 * restored to T in a fresh folder (restore.sh) has A and not B, and the platform starts on it and writes.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a restore drill', () => {
  let cluster: PostgresCluster | undefined;
  const servers: ChildProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await killHard(server);
    await cluster?.destroy();
  });

  const platformOn = async (url: string) => {
    const port = freePortish();
    const server = await startServer(port, { DATABASE_URL: url });
    servers.push(server);
    const base = `http://localhost:${port}`;
    return { base, server, ...(await loginAs(base, '100000003')) };
  };
  /** Binds the demo tickets `serials` at the ticket office, one after the other; answers their codes. */
  const bind = async (base: string, cookie: string, serials: number[]) => {
    const statuses: number[] = [];
    for (const serial of serials) {
      const response = await fetch(`${base}/api/ticket-office/personalize`, {
        method: 'POST',
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          ticketCode: demoCode(serial),
          firstName: 'ΜΑΡΙΑ',
          lastName: 'ΚΡΑΣΗ',
          documentType: 'PASSPORT',
          documentId: `Κ${serial}`,
        }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(serials.map(() => 200));
    return serials.map(demoCode);
  };
  const boundOf = async (node: { dir: string; port: number }, codes: string[]) => {
    const { rows } = await (cluster as PostgresCluster).sql<{ code: string; audited: boolean }>(
      node,
      `select public_code as code, exists (select from audit_log where subject = public_code) as audited
         from tickets where public_code = any('{${codes.join(',')}}') and document_id is not null`,
      'tickets',
    );
    return rows;
  };

  it('restores to a moment: what was written before it is there, what came after is not', async () => {
    cluster = await PostgresCluster.create();
    const primary = await cluster.initPrimary();
    await cluster.sql(primary, 'create database tickets');
    const live = await platformOn(urlOf(primary));
    const backupDir = path.join(cluster.root, 'backup');
    await cluster.asPostgres(`${DEPLOY}/base-backup.sh`, ['127.0.0.1', String(primary.port), backupDir]);

    const before = await bind(live.base, live.cookie, [1, 2, 3, 4, 5, 6, 7, 8]);
    await sleep(1000);
    const { rows } = await cluster.sql<{ moment: string }>(primary, 'select now()::text as moment');
    const moment = rows[0]?.moment as string;
    await sleep(1000);
    const after = await bind(live.base, live.cookie, [9, 10, 11, 12, 13, 14, 15, 16]);
    // The segment holding B is archived now rather than when it fills or archive_timeout passes.
    const switched = await cluster.sql<{ segment: string }>(
      primary,
      'select pg_walfile_name(pg_switch_wal()) as segment',
    );
    const segment = switched.rows[0]?.segment as string;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const archived = await cluster.sql<{ last: string | null }>(
        primary,
        'select last_archived_wal as last from pg_stat_archiver',
      );
      if ((archived.rows[0]?.last ?? '') >= segment) break;
      if (Date.now() > deadline) throw new Error(`WAL segment ${segment} was not archived`);
      await sleep(100);
    }
    await killHard(live.server);

    const restored = { dir: path.join(cluster.root, 'restored'), port: await cluster.newPort() };
    cluster.adopt(restored);
    await cluster.asPostgres(`${DEPLOY}/restore.sh`, [
      backupDir,
      cluster.walArchive,
      restored.dir,
      String(restored.port),
      moment,
    ]);

    expect(await boundOf(restored, before)).toEqual(
      expect.arrayContaining(before.map((code) => ({ code, audited: true }))),
    );
    expect((await boundOf(restored, before)).length).toBe(before.length);
    expect(await boundOf(restored, after)).toEqual([]);
    // The live primary has both, so the difference is the moment's, not a write that failed.
    expect((await boundOf(primary, [...before, ...after])).length).toBe(16);

    const again = await platformOn(urlOf(restored));
    expect(await bind(again.base, again.cookie, [9])).toEqual([demoCode(9)]);
  });
});
