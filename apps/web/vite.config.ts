import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.js';

/** In `pnpm dev`, Vite serves the app and forwards /api to the API started beside it. */
const API_ORIGIN = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

/**
 * Libraries every page runs at boot. Left to automatic splitting they land in a dozen small shared
 * chunks (every lazy route imports a piece), each compressed on its own: one chunk is ~2 kB gzip
 * smaller and one request instead of twelve. mapbox-gl and sonner stay out: they load lazily.
 */
const BOOT_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+|zod)[\\/]|[\\/]packages[\\/]contracts[\\/]/;

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), precompress()],
  server: { port: 5173, proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'boot', test: BOOT_LIBRARIES }] } } },
  },
  test: { include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
});
