import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    // The bench's own runs are commands (npm run bench); its tests check only what is checked in.
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
