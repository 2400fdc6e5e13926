import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareMigratedCopies } from '../test/support/migrated-copies';

/**
 * The resilience tests run the compiled server, as production does: build it once (≈ 1 s). Their
 * PostgreSQL databases are copies of a migrated one, as the API tests' (test/support/migrated-copies.ts).
 */
export default async function setUp(project: TestProject): Promise<void> {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/build.mjs')], {
    stdio: 'inherit',
  });
  project.provide('migratedCopies', await prepareMigratedCopies());
}
