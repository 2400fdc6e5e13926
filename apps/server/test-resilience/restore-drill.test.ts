import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../test/support/login';
import { PGBACKREST, PostgresCluster, urlOf, type PostgresNode } from './postgres-cluster';
import { demoCode, freePortish, killHard, POSTGRES_EXPORTER, startServer } from './support';

/**
 * The backups restore (issue #54): the primary archives its WAL with pgBackRest and is backed up by
 * deploy/pgbackrest/backup.sh (a full backup, bindings, a differential one, each verified). Bindings A
 * up to a moment T on a whole second, bindings B from just after it; the database restored to T by
 * deploy/pgbackrest/restore.sh in a fresh folder has A, to the last one committed in the second
 * before T, and none of B; the platform starts on it and writes. A standby built from the repository
 * (deploy/pgbackrest/make-standby.sh) streams from the primary. What the alerts read is there:
 * postgres_exporter's pg_stat_archiver, failures counted while the repository refuses, and the newest
 * backup's end written by backup.sh; `pgbackrest verify` finds a damaged file of the repository. The
 * times an operator waits are printed.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sleepUntil = (epochMs: number) => sleep(Math.max(0, epochMs - Date.now()));

describe('backups by pgBackRest', () => {
  let cluster: PostgresCluster;
  let primary: PostgresNode;
  let live: Awaited<ReturnType<typeof platformOn>>;
  const servers: ChildProcess[] = [];

  const platformOn = async (url: string) => {
    const port = freePortish();
    const server = await startServer(port, { DATABASE_URL: url });
    servers.push(server);
    const base = `http://localhost:${port}`;
    return { base, server, ...(await loginAs(base, '100000003')) };
  };
  /** Binds the demo ticket `serial` at the ticket office; answers its code. */
  const bindOne = async (base: string, cookie: string, serial: number) => {
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
    expect(response.status).toBe(200);
    return demoCode(serial);
  };
  const bind = async (base: string, cookie: string, serials: number[]) => {
    const codes: string[] = [];
    for (const serial of serials) codes.push(await bindOne(base, cookie, serial));
    return codes;
  };
  const boundOf = async (node: PostgresNode, codes: string[]) => {
    const { rows } = await cluster.sql<{ code: string; audited: boolean }>(
      node,
      `select public_code as code, exists (select from audit_log where subject = public_code) as audited
         from tickets where public_code = any('{${codes.join(',')}}') and document_id is not null
         order by public_code`,
      'tickets',
    );
    return rows;
  };
  const bound = (codes: string[]) => [...codes].sort().map((code) => ({ code, audited: true }));
  /** Pushes the segment being written to the repository now; answers how long that took. */
  const archiveNow = async () => {
    const started = Date.now();
    const switched = await cluster.sql<{ segment: string }>(
      primary,
      'select pg_walfile_name(pg_switch_wal()) as segment',
    );
    const segment = switched.rows[0]?.segment as string;
    for (;;) {
      const archived = await cluster.sql<{ last: string | null; failed: number }>(
        primary,
        'select last_archived_wal as last, failed_count::int as failed from pg_stat_archiver',
      );
      expect(archived.rows[0]?.failed).toBe(0);
      if ((archived.rows[0]?.last ?? '') >= segment) return Date.now() - started;
      if (Date.now() - started > 20_000) throw new Error(`WAL segment ${segment} was not archived`);
      await sleep(50);
    }
  };

  let textfiles = '';

  beforeAll(async () => {
    cluster = await PostgresCluster.create();
    textfiles = path.join(cluster.root, 'textfiles');
    primary = await cluster.initPrimary();
    await cluster.sql(primary, 'create database tickets');
    live = await platformOn(urlOf(primary));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await killHard(server);
    await cluster?.destroy();
  });

  it('restores to a chosen second: every commit before it is there, none after', async () => {
    let started = Date.now();
    await cluster.backup(primary, 'full');
    const fullMs = Date.now() - started;
    const early = await bind(live.base, live.cookie, [1, 2, 3, 4]);
    started = Date.now();
    await cluster.asPostgres('mkdir', [textfiles]);
    await cluster.backup(primary, 'diff', textfiles);
    const diffMs = Date.now() - started;
    // Written once the backup and verify passed: the end of that differential backup.
    const newest = /^pgbackrest_backup_newest_stop_timestamp_seconds\{stanza="tickets"\} (\d+)$/m.exec(
      await readFile(path.join(textfiles, 'pgbackrest.prom'), 'utf8'),
    );
    expect(Number(newest?.[1]) * 1000).toBeGreaterThan(started - 1000);
    expect(Number(newest?.[1]) * 1000).toBeLessThanOrEqual(Date.now());
    const before = [...early, ...(await bind(live.base, live.cookie, [5, 6, 7]))];

    // T, a whole second; the last binding of A acknowledged in the 400 ms before it (so committed
    // before it), B's first starting 100 ms after it. A second with the binding late is tried again.
    let moment = 0;
    for (let serial = 8; moment === 0; serial += 1) {
      expect(serial).toBeLessThan(12);
      const second = Math.ceil((Date.now() + 500) / 1000) * 1000;
      await sleepUntil(second - 400);
      const code = await bindOne(live.base, live.cookie, serial);
      before.push(code);
      if (Date.now() < second) moment = second;
    }
    await sleepUntil(moment + 100);
    const after = await bind(live.base, live.cookie, [12, 13, 14, 15, 16]);
    // The WAL past T must be in the repository before a restore can reach T.
    const pushMs = await archiveNow();
    expect((await boundOf(primary, [...before, ...after])).length).toBe(before.length + after.length);
    await killHard(live.server);

    const target = new Date(moment).toISOString().replace('T', ' ').replace('Z', '+00');
    const restored = { dir: path.join(cluster.root, 'restored'), port: await cluster.newPort() };
    cluster.adopt(restored);
    started = Date.now();
    await cluster.asPostgres(
      `${PGBACKREST}/restore.sh`,
      [restored.dir, String(restored.port), target],
      restored,
    );
    const restoreMs = Date.now() - started;

    expect(await boundOf(restored, before)).toEqual(bound(before));
    expect(await boundOf(restored, after)).toEqual([]);
    const again = await platformOn(urlOf(restored));
    const servingMs = Date.now() - started;
    expect(await bind(again.base, again.cookie, [12])).toEqual([demoCode(12)]);
    const size = await cluster.sql<{ size: string }>(
      primary,
      'select pg_size_pretty(sum(pg_database_size(oid))) as size from pg_database',
    );
    console.warn(
      `pgBackRest (databases of ${size.rows[0]?.size}): full backup + verify ${fullMs} ms, differential + verify ${diffMs} ms, ` +
        `WAL segment pushed ${pushMs} ms after the switch; restored to ${target} in ${restoreMs} ms, ` +
        `the platform serving on it ${servingMs} ms after the restore began`,
    );
  });

  it('builds a standby from the repository that streams from the primary', async () => {
    live = await platformOn(urlOf(primary));
    const started = Date.now();
    const standby = await cluster.makeStandby(primary, 'standby1');
    const builtMs = Date.now() - started;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await cluster.sql<{ state: string }>(
        primary,
        "select state from pg_stat_replication where application_name = 'standby1'",
      );
      if (rows[0]?.state === 'streaming') break;
      if (Date.now() > deadline) throw new Error(`standby1 does not stream: ${JSON.stringify(rows)}`);
      await sleep(100);
    }
    await cluster.makeSynchronous(primary, 'standby1');
    // Acknowledged once the standby has it: there, with its audit row, at once.
    const code = await bindOne(live.base, live.cookie, 20);
    const { rows } = await cluster.sql<{ recovery: boolean }>(
      standby,
      'select pg_is_in_recovery() as recovery',
    );
    expect(rows[0]?.recovery).toBe(true);
    const deadlineReplay = Date.now() + 5_000;
    while ((await boundOf(standby, [code])).length === 0 && Date.now() < deadlineReplay) await sleep(50);
    expect(await boundOf(standby, [code])).toEqual(bound([code]));
    console.warn(`pgBackRest: standby built from the repository and started in ${builtMs} ms`);
  });

  it('shows archiving failing to postgres_exporter, and verify finds a damaged repository', async () => {
    const port = freePortish();
    const exporter = spawn(POSTGRES_EXPORTER, [`--web.listen-address=127.0.0.1:${port}`], {
      env: { DATA_SOURCE_NAME: `postgresql://postgres@127.0.0.1:${primary.port}/postgres?sslmode=disable` },
      stdio: 'ignore',
    });
    servers.push(exporter);
    const archiver = async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
          const value = (name: string) =>
            Number(new RegExp(`^pg_stat_archiver_${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
          return { archived: value('archived_count'), failed: value('failed_count') };
        } catch (error) {
          if (attempt > 50) throw error;
          await sleep(100);
        }
      }
    };
    const healthy = await archiver();
    expect(healthy.archived).toBeGreaterThan(0);
    expect(healthy.failed).toBe(0);

    // The repository refuses (the stanza's archive closed to postgres): the segment just written to,
    // switched, fails to push.
    const archive = path.join(cluster.repository, 'archive', 'tickets');
    await cluster.asPostgres('chmod', ['0000', archive]);
    await cluster.sql(primary, 'create table archiving_refused ()');
    await cluster.sql(primary, 'select pg_switch_wal()');
    const deadline = Date.now() + 20_000;
    let refused = await archiver();
    while (refused.failed === 0 && Date.now() < deadline) {
      await sleep(200);
      refused = await archiver();
    }
    expect(refused.failed).toBeGreaterThan(0);
    expect(refused.archived).toBe(healthy.archived);
    await cluster.asPostgres('chmod', ['0750', archive]);

    await cluster.asPostgres(`${PGBACKREST}/verify.sh`, [], primary);
    // One byte of a backed-up file changed: verify counts it, and verify.sh fails.
    const files = await cluster.asPostgres('find', [
      path.join(cluster.repository, 'backup'),
      '-type',
      'f',
      '-path',
      '*/bundle/*',
    ]);
    const damaged = files.split('\n').filter(Boolean)[0] as string;
    await cluster.asPostgres('sh', [
      '-c',
      `printf x | dd of="${damaged}" bs=1 seek=100 conv=notrunc status=none`,
    ]);
    await expect(cluster.asPostgres(`${PGBACKREST}/verify.sh`, [], primary)).rejects.toThrow(
      /checksum invalid: 1[^]*the repository damaged/,
    );
  });
});
