import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Many tests start the real app on a fresh PGlite or Postgres database; on a busy 2-core CI
    // machine that alone can pass vitest's 5 s default. These are hang guards, not speed checks.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
