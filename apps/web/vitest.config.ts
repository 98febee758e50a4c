import { defineProject } from 'vitest/config';

// Web unit tests: models in the node environment; component tests (*.test.tsx) name happy-dom at
// their top, so that a pure model's test loads no DOM.
export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    // A component test types key by key through a whole Mantine form: 5 s is tight on a busy machine.
    testTimeout: 30_000,
  },
});
