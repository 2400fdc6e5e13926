import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    // The server's files mostly wait on their databases and timers: at least two at a time (Vitest's
    // default, cores - 1, ran them one by one on the 2-core CI machine: 500 s of tests in 290 s with
    // two). One setting for every project: Vitest refuses projects that differ in it.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
