import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/fast-check-setup.ts'],
    // fast-check laws run thousands of whole analyses; 2 cores in CI
    testTimeout: 60_000,
  },
});
