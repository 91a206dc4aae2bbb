/**
 * Vite plugin: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of
 * the build, once, at build time. The API serves them to browsers that accept them
 * (@fastify/static `preCompressed`), so no request pays for compression and no compression
 * middleware is needed.
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below about a kilobyte the headers outweigh the saving. */
const MIN_BYTES = 1_024;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sfr:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const jobs = Object.values(bundle).map(async (output) => {
        if (!COMPRESSIBLE.test(output.fileName)) return;
        const source = output.type === 'chunk' ? output.code : output.source;
        const data = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (data.byteLength < MIN_BYTES) return;
        const path = join(outDir, output.fileName);
        const [br, gzipped] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
            },
          }),
          gz(data, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
      });
      await Promise.all(jobs);
    },
  };
}
