import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // the run's id, and its template databases dropped at the end (src/db/testing.ts)
    globalSetup: ['test/support/global-setup.ts'],
    // Many tests start the real app on a fresh PGlite or Postgres database; on a busy 2-core CI
    // machine that alone can pass vitest's 5 s default. These are hang guards, not speed checks.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Files share one module graph per worker: importing the app afresh for each of ~80 files cost
    // more CPU than the tests themselves (CI on 2 cores: 524 s isolated with one worker, 203 s like
    // this). Safe because no test mocks modules or changes process-wide state; each builds its own
    // app on its own database.
    isolate: false,
    // At least two: much of a test's time is waiting on Postgres, a child process or a timer, and
    // vitest's default (one less than the cores) leaves a 2-core machine one worker.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
