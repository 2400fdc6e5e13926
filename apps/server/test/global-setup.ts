import type { TestProject } from 'vitest/node';
import { prepareMigratedCopies } from './support/migrated-copies';

/** Once per run: the migrated databases every test file starts from a copy of (support/migrated-copies.ts). */
export default async function provideMigratedCopies(project: TestProject): Promise<void> {
  project.provide('migratedCopies', await prepareMigratedCopies());
}
