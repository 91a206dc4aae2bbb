import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/fast-check-setup.ts'],
    // fast-check laws run thousands of whole analyses; 2 cores in CI
    testTimeout: 60_000,
    // one module graph per worker: pure math, and the setup file configures fast-check the same way
    // for every file (27 → 23 s)
    isolate: false,
  },
});
