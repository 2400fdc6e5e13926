import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareMigratedCopies } from '../test/support/migrated-copies';
import { ETCD, HAPROXY, PATRONI, PGBACKREST_BIN, POSTGRES_EXPORTER, PROMETHEUS, PROMTOOL } from './support';

const PACKAGES = [
  [HAPROXY, 'haproxy'],
  [PROMETHEUS, 'prometheus'],
  [PROMTOOL, 'prometheus'],
  [PGBACKREST_BIN, 'pgbackrest'],
  [POSTGRES_EXPORTER, 'prometheus-postgres-exporter'],
  [ETCD, 'etcd-server'],
  [PATRONI, 'patroni'],
] as const;

/**
 * The resilience tests run the compiled server, as production does: build it once (≈ 1 s). Their
 * PostgreSQL databases are copies of a migrated one, as the API tests' (test/support/migrated-copies.ts).
 * What is missing of Debian's programs is installed here, once and before any test's time counts (apt
 * took over a minute on a loaded machine, longer than a test's hook may).
 */
export default async function setUp(project: TestProject): Promise<void> {
  const missing = [...new Set(PACKAGES.filter(([binary]) => !existsSync(binary)).map(([, name]) => name))];
  if (missing.length > 0) {
    console.warn(`installing Debian's ${missing.join(' ')} with apt-get…`);
    execSync(`apt-get update -qq && apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`, {
      stdio: 'inherit',
    });
  }
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/build.mjs')], {
    stdio: 'inherit',
  });
  project.provide('migratedCopies', await prepareMigratedCopies());
}
