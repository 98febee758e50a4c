import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Mail goes through the background queue: give polled expectations time for a worker's turn.
    expect: { poll: { timeout: 10_000 } },
  },
});
