import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGBACKREST } from './postgres-cluster';
import { ETCD, killHard, PATRONI, repoRoot } from './support';

/**
 * etcd and Patroni nodes of a test's own, from Debian's packages, on the repository's
 * deploy/patroni/patroni.yml as it is: each node's name, addresses, data folder and credentials in
 * Patroni's own environment variables, as the README tells an operator to. Everything lives in a
 * temporary folder owned by the postgres user, and Patroni runs as that user (PostgreSQL refuses
 * root), its pid the test's child, so that killing it is killing Patroni itself.
 */
export const PATRONI_CONFIG = path.join(repoRoot, 'deploy/patroni/patroni.yml');
const SUPERUSER_PASSWORD = 'patroni-test-superuser';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PatroniNode {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  process?: ChildProcess;
}

export interface Member {
  name: string;
  role: string;
  state: string;
  timeline?: number;
  lag?: number | string;
}

async function postgresIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

export class PatroniCluster {
  private etcd?: ChildProcess;
  /** Each process's output, for the failure message of a test. */
  readonly logs: string[] = [];

  private constructor(
    readonly root: string,
    /** etcd's client port, then its peer port, then PostgreSQL and the REST API of each node. */
    private readonly firstPort: number,
    private readonly ids: { uid: number; gid: number } | undefined,
    readonly nodes: PatroniNode[],
  ) {}

  static async create(firstPort: number, nodeCount = 2): Promise<PatroniCluster> {
    const root = await mkdtemp(path.join(tmpdir(), 'tickets-patroni-'));
    const ids = await postgresIds();
    await mkdir(path.join(root, 'pgbackrest'), { mode: 0o750 });
    if (ids) {
      await chown(root, ids.uid, ids.gid);
      await chown(path.join(root, 'pgbackrest'), ids.uid, ids.gid);
    }
    const nodes = Array.from({ length: nodeCount }, (_, index) => ({
      name: `db${index + 1}`,
      pgPort: firstPort + 2 + index * 2,
      restPort: firstPort + 3 + index * 2,
      dataDir: path.join(root, `db${index + 1}`),
    }));
    return new PatroniCluster(root, firstPort, ids, nodes);
  }

  private collect(name: string, child: ChildProcess) {
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) =>
        this.logs.push(
          ...chunk
            .toString()
            .split('\n')
            .filter(Boolean)
            .map((line) => `${name}: ${line}`),
        ),
      );
  }

  /** One etcd member: a quorum of one is the test's; production runs three (README). */
  startEtcd(): void {
    const client = `http://127.0.0.1:${this.firstPort}`;
    const peer = `http://127.0.0.1:${this.firstPort + 1}`;
    this.etcd = spawn(
      ETCD,
      [
        '--name=etcd1',
        `--data-dir=${path.join(this.root, 'etcd')}`,
        `--listen-client-urls=${client}`,
        `--advertise-client-urls=${client}`,
        `--listen-peer-urls=${peer}`,
        `--initial-advertise-peer-urls=${peer}`,
        `--initial-cluster=etcd1=${peer}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.collect('etcd', this.etcd);
  }

  /**
   * pgBackRest as deploy/pgbackrest/pgbackrest.conf has it, for `node`'s archive_command: only the
   * folders and ports are the test's (PGBACKREST_* variables win over the file), the repository shared.
   */
  private pgbackrestEnv(node: PatroniNode): Record<string, string> {
    const folder = path.join(this.root, 'pgbackrest');
    return {
      PGBACKREST_CONFIG: path.join(PGBACKREST, 'pgbackrest.conf'),
      PGBACKREST_REPO1_PATH: path.join(folder, 'repository'),
      PGBACKREST_LOG_PATH: folder,
      PGBACKREST_LOCK_PATH: folder,
      PGBACKREST_SPOOL_PATH: folder,
      PGBACKREST_PG1_PATH: node.dataDir,
      PGBACKREST_PG1_PORT: String(node.pgPort),
    };
  }

  /** The stanza made on the leader, as the README's set-up does once: from then on its WAL is archived. */
  async createStanza(leader: PatroniNode): Promise<void> {
    await run('pgbackrest', ['--stanza=tickets', 'stanza-create'], {
      ...this.ids,
      cwd: this.root,
      env: { PATH: process.env.PATH, HOME: this.root, ...this.pgbackrestEnv(leader) },
    });
  }

  /** Patroni on `node`, with the environment an operator's service file gives it. */
  start(node: PatroniNode): void {
    const address = (port: number) => `127.0.0.1:${port}`;
    const child = spawn(PATRONI, [PATRONI_CONFIG], {
      cwd: this.root,
      ...this.ids,
      env: {
        PATH: process.env.PATH,
        HOME: this.root,
        LANG: 'C.UTF-8',
        ...this.pgbackrestEnv(node),
        PATRONI_NAME: node.name,
        PATRONI_ETCD3_HOSTS: address(this.firstPort),
        PATRONI_RESTAPI_LISTEN: address(node.restPort),
        PATRONI_RESTAPI_CONNECT_ADDRESS: address(node.restPort),
        PATRONI_POSTGRESQL_LISTEN: address(node.pgPort),
        PATRONI_POSTGRESQL_CONNECT_ADDRESS: address(node.pgPort),
        PATRONI_POSTGRESQL_DATA_DIR: node.dataDir,
        PATRONI_POSTGRESQL_PGPASS: path.join(this.root, `${node.name}.pgpass`),
        PATRONI_SUPERUSER_USERNAME: 'postgres',
        PATRONI_SUPERUSER_PASSWORD: SUPERUSER_PASSWORD,
        PATRONI_REPLICATION_USERNAME: 'replicator',
        PATRONI_REPLICATION_PASSWORD: 'patroni-test-replication',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.collect(node.name, child);
    node.process = child;
  }

  /** The members as Patroni's REST API of any node still answering sees them. */
  async members(): Promise<Member[]> {
    for (const node of this.nodes) {
      try {
        const response = await fetch(`http://127.0.0.1:${node.restPort}/cluster`, {
          signal: AbortSignal.timeout(2000),
        });
        if (response.ok) return ((await response.json()) as { members: Member[] }).members;
      } catch {
        // this node is down: ask the next
      }
    }
    return [];
  }

  /** Waits until `check` holds of the members, or fails after `ms` with what was seen last. */
  async waitFor(what: string, check: (members: Member[]) => boolean, ms: number): Promise<Member[]> {
    const deadline = Date.now() + ms;
    let members: Member[] = [];
    while (Date.now() < deadline) {
      members = await this.members();
      if (check(members)) return members;
      await sleep(500);
    }
    throw new Error(
      `${what}: not within ${ms} ms; members ${JSON.stringify(members)}\n${this.logs.slice(-30).join('\n')}`,
    );
  }

  nodeNamed(name: string): PatroniNode {
    return this.nodes.find((node) => node.name === name) as PatroniNode;
  }

  url(node: PatroniNode, database = 'tickets'): string {
    return `postgres://postgres:${SUPERUSER_PASSWORD}@127.0.0.1:${node.pgPort}/${database}`;
  }

  /** The platform's DATABASE_URL: every node, the one that takes writes found by libpq's rule. */
  multiHostUrl(database = 'tickets'): string {
    const hosts = this.nodes.map((node) => `127.0.0.1:${node.pgPort}`).join(',');
    return `postgres://postgres:${SUPERUSER_PASSWORD}@${hosts}/${database}?target_session_attrs=read-write`;
  }

  /**
   * The node's machine dies: its Patroni and its PostgreSQL (the postmaster and every process it
   * started) killed at once with SIGKILL, no checkpoint, no leader key released.
   */
  async killMachine(node: PatroniNode): Promise<void> {
    const postmaster = Number(
      (await readFile(path.join(node.dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    const victims = [postmaster, ...(await childrenOf(postmaster))];
    if (node.process) process.kill(node.process.pid as number, 'SIGKILL');
    for (const pid of victims) await killPostgres(pid);
    if (node.process) await killHard(node.process);
  }

  /** Every process this cluster started ended, and its folder gone. */
  async destroy(): Promise<void> {
    for (const node of this.nodes) {
      const postmaster = await readFile(path.join(node.dataDir, 'postmaster.pid'), 'utf8').then(
        (text) => Number(text.split('\n')[0]),
        () => 0,
      );
      if (node.process) await killHard(node.process);
      if (postmaster > 0)
        for (const pid of [postmaster, ...(await childrenOf(postmaster))]) await killPostgres(pid);
    }
    if (this.etcd) await killHard(this.etcd);
    await rm(this.root, { recursive: true, force: true });
  }
}

/** The processes whose parent is `pid` (/proc/<pid>/stat's fourth field). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return children;
}

/** SIGKILL to `pid` if it is still a PostgreSQL process (a pid of postmaster.pid may be reused). */
async function killPostgres(pid: number): Promise<void> {
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!command.includes('postgres')) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
