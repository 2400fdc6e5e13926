import { availableParallelism } from 'node:os';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file starts its own database (PGlite in memory, and a fresh PostgreSQL database).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A file mostly waits on its databases and timers: one file per core at least (Vitest's default,
    // cores - 1, ran them one at a time on the 2-core CI machine: 500 s of tests in 290 s with two).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
