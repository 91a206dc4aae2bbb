import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.js';
import { prerenderShell } from './scripts/prerender-shell.js';

/** In `pnpm dev`, Vite serves the app and forwards /api to the API started beside it. */
const API_ORIGIN = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

/**
 * Libraries every page runs at boot. Left to automatic splitting they land in a dozen small shared
 * chunks (every lazy route imports a piece), each compressed on its own: one chunk is ~2 kB gzip
 * smaller and one request instead of twelve. mapbox-gl and sonner stay out: they load lazily, and so
 * do the contracts' modules only the results and later pages read: the assembler, the ranges and the
 * Section 8 scenario (with the engine code they pull in).
 */
const BOOT_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+|zod)[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/](?!(tooltips|metric-groups|assemble|ranges|range-widths|section-8)\.ts)/;

/**
 * Every route but the analyzer in chunks of its own: its loader and component in one (the billing
 * and saved-property queries stay out of every page's first JavaScript; the loader then starts once
 * its chunk has arrived, which the page needs anyway), its pending and error screens in another.
 * The analyzer is not split: it is the first screen, and its own chunk would be asked for only
 * once the session is known, a round trip later (the form usable 3.6 s → 3.0 s cold on a
 * mobile-like profile: apps/web/bench/README.md).
 */
const splitBehavior = ({ routeId }: { routeId: string }) =>
  routeId === '/'
    ? []
    : [
        ['loader', 'component'] as const,
        ['pendingComponent', 'errorComponent', 'notFoundComponent'] as const,
      ];

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, codeSplittingOptions: { splitBehavior } }),
    react(),
    prerenderShell(),
    precompress(),
  ],
  server: { port: 5173, proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'boot', test: BOOT_LIBRARIES }] } } },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // one module graph per worker (18.5 → 4.5 s): no DOM, and the one global a test stubs (fetch)
    // is restored after each test
    isolate: false,
  },
});
