import { defineProject } from 'vitest/config';

/** Slow tests that start and kill real server processes: `npm run test:resilience`. */
export default defineProject({
  root: import.meta.dirname,
  test: {
    name: 'resilience',
    include: ['test-resilience/**/*.test.ts'],
    globalSetup: ['test-resilience/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
