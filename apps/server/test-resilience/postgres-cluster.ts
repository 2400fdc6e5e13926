import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { repoRoot } from './support';

/**
 * PostgreSQL servers of a test's own, from Debian's binaries, in a temporary folder owned by the
 * postgres user (PostgreSQL refuses to run as root, which CI is), on ports 27000–27049 (the machine's
 * own cluster on 5432 is never touched). They are started with the repository's
 * deploy/postgres/primary.conf, archive and back up with pgBackRest through
 * deploy/pgbackrest/pgbackrest.conf and its scripts, as the README tells an operator to; only the
 * folders and ports are the test's own (PGBACKREST_* variables, which win over the file).
 */
export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const DEPLOY = path.join(repoRoot, 'deploy/postgres');
export const PGBACKREST = path.join(repoRoot, 'deploy/pgbackrest');
const PORTS = { first: 27_000, count: 50 };

const run = promisify(execFile);

export interface PostgresNode {
  dir: string;
  port: number;
}

/** A port of the range no server listens on now. */
async function freeClusterPort(taken: Set<number>): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = PORTS.first + Math.floor(Math.random() * PORTS.count);
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('no free port in 27000–27049');
}

export class PostgresCluster {
  private readonly ports = new Set<number>();
  private readonly started = new Set<PostgresNode>();

  private constructor(
    /** Everything of the test's servers lives under it, owned by postgres. */
    readonly root: string,
    /** The pgBackRest repository (repo1-path): archived WAL and backups. */
    readonly repository: string,
  ) {}

  static async create(): Promise<PostgresCluster> {
    const root = await mkdtemp(path.join(tmpdir(), 'tickets-pg-'));
    const cluster = new PostgresCluster(root, path.join(root, 'repository'));
    await chownToPostgres(root);
    await cluster.asPostgres('mkdir', ['-m', '0750', cluster.repository, path.join(root, 'pgbackrest')]);
    return cluster;
  }

  /**
   * `command` run as the postgres user (as it is when root). pgBackRest's folders are the test's, and
   * its pg1 the node `pg1` (a server started so archives with it: archive_command inherits them).
   */
  async asPostgres(
    command: string,
    args: string[],
    pg1?: PostgresNode,
    extraEnv: Record<string, string> = {},
  ): Promise<string> {
    const pgbackrest = {
      CONFIG: path.join(PGBACKREST, 'pgbackrest.conf'),
      REPO1_PATH: this.repository,
      LOG_PATH: path.join(this.root, 'pgbackrest'),
      LOCK_PATH: path.join(this.root, 'pgbackrest'),
      SPOOL_PATH: path.join(this.root, 'pgbackrest'),
      PG1_SOCKET_PATH: this.root,
      ...(pg1 && { PG1_PATH: pg1.dir, PG1_PORT: String(pg1.port) }),
    };
    const env = [
      'env',
      ...Object.entries(pgbackrest).map(([name, value]) => `PGBACKREST_${name}=${value}`),
      `PG_BIN=${PG_BIN}`,
      ...Object.entries(extraEnv).map(([name, value]) => `${name}=${value}`),
      command,
      ...args,
    ];
    const [file, ...argv] = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...env] : env;
    try {
      const { stdout } = await run(file as string, argv, { cwd: this.root, timeout: 60_000 });
      return stdout;
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${command} ${args.join(' ')} failed: ${stdout ?? ''}${stderr || String(error)}`);
    }
  }

  newPort(): Promise<number> {
    return freeClusterPort(this.ports);
  }

  /**
   * A new primary, initialised (with data checksums, which the backups check) and started with
   * deploy/postgres/primary.conf; its pgBackRest stanza created, so that its WAL is archived.
   */
  async initPrimary(name = 'primary'): Promise<PostgresNode> {
    const node = { dir: path.join(this.root, name), port: await this.newPort() };
    // --no-sync: the test's own scaffolding; the servers themselves keep fsync on.
    await this.asPostgres(`${PG_BIN}/initdb`, [
      '-D',
      node.dir,
      '-U',
      'postgres',
      '--auth=trust',
      '--data-checksums',
      '--no-sync',
    ]);
    await this.asPostgres('sh', [
      '-c',
      `cat >> "${node.dir}/postgresql.conf" <<'CONF'
include = '${DEPLOY}/primary.conf'
listen_addresses = '127.0.0.1'
port = ${node.port}
unix_socket_directories = '${this.root}'
shared_buffers = 32MB
max_connections = 60
CONF`,
    ]);
    await this.start(node);
    await this.asPostgres('pgbackrest', ['--stanza=tickets', 'stanza-create'], node);
    return node;
  }

  /**
   * A backup of `primary` into the repository by deploy/pgbackrest/backup.sh (then verified); with
   * `textfileDir`, its end time written there for Prometheus.
   */
  async backup(primary: PostgresNode, type: 'full' | 'diff', textfileDir?: string): Promise<void> {
    const env: Record<string, string> = textfileDir ? { TEXTFILE_DIR: textfileDir } : {};
    await this.asPostgres(`${PGBACKREST}/backup.sh`, [type], primary, env);
  }

  /**
   * A hot standby of `primary`, named `name`, built from the repository by
   * deploy/pgbackrest/make-standby.sh (from the newest backup: `backup` first) and started.
   */
  async makeStandby(primary: PostgresNode, name: string): Promise<PostgresNode> {
    const node = { dir: path.join(this.root, name), port: await this.newPort() };
    await this.asPostgres(`${PGBACKREST}/make-standby.sh`, [
      '127.0.0.1',
      String(primary.port),
      node.dir,
      String(node.port),
      name,
    ]);
    await this.start(node);
    return node;
  }

  /** Makes `standby` synchronous: from now on the primary acknowledges a commit once the standby has it. */
  async makeSynchronous(primary: PostgresNode, standbyName: string): Promise<void> {
    await this.sql(primary, `alter system set synchronous_standby_names = '${standbyName}'`);
    await this.sql(primary, 'select pg_reload_conf()');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { rows } = await this.sql(
        primary,
        `select sync_state from pg_stat_replication where application_name = '${standbyName}'`,
      );
      if (rows[0]?.sync_state === 'sync') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${standbyName} did not become a synchronous standby`);
  }

  async start(node: PostgresNode): Promise<void> {
    await this.asPostgres(`${PG_BIN}/pg_ctl`, ['-D', node.dir, '-l', `${node.dir}.log`, '-w', 'start'], node);
    this.started.add(node);
  }

  /** A server a script started (restore.sh): stopped with the others at the end. */
  adopt(node: PostgresNode): void {
    this.started.add(node);
  }

  /** The machine dies: no checkpoint, no goodbye to the clients (every connection is cut). */
  async kill(node: PostgresNode): Promise<void> {
    await this.asPostgres(`${PG_BIN}/pg_ctl`, ['-D', node.dir, '-m', 'immediate', 'stop']);
    this.started.delete(node);
  }

  async promote(node: PostgresNode): Promise<void> {
    await this.asPostgres(`${PG_BIN}/pg_ctl`, ['-D', node.dir, '-w', 'promote']);
  }

  /** A node (`PostgresNode`) or any port of 127.0.0.1 the test knows to be a server. */
  async sql<Row extends Record<string, unknown> = Record<string, unknown>>(
    node: PostgresNode,
    text: string,
    database = 'postgres',
  ): Promise<pg.QueryResult<Row>> {
    const client = new pg.Client({ connectionString: urlOf(node, database) });
    await client.connect();
    try {
      return await client.query<Row>(text);
    } finally {
      await client.end();
    }
  }

  /** Every server this test started stopped, and everything under `root` gone. */
  async destroy(): Promise<void> {
    for (const node of this.started)
      await this.asPostgres(`${PG_BIN}/pg_ctl`, ['-D', node.dir, '-m', 'immediate', 'stop']).catch(
        () => undefined,
      );
    this.started.clear();
    await rm(this.root, { recursive: true, force: true });
  }
}

export const urlOf = (node: PostgresNode, database = 'tickets') =>
  `postgres://postgres@127.0.0.1:${node.port}/${database}`;

/** libpq's list of hosts, as the platform's DATABASE_URL names a primary and its standby. */
export const multiHostUrl = (nodes: PostgresNode[], database = 'tickets') =>
  `postgres://postgres@${nodes.map((node) => `127.0.0.1:${node.port}`).join(',')}/${database}?target_session_attrs=read-write`;

async function chownToPostgres(folder: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  await chown(folder, Number(uid.trim()), Number(gid.trim()));
}
