/**
 * The child process a new embedded database folder is made in (`createPgliteInChild` starts it):
 * initdb, the migrations and, when asked, the first market import, then it exits, so the
 * WebAssembly memory they grow (which never shrinks) goes back to the system with it. Its one
 * argument is the JSON of `PgliteSetup`. A market import that cannot be done here (files missing,
 * unreadable) is only reported on stderr: the server tries again once it has opened the folder.
 */
import { PGlite } from '@electric-sql/pglite';
import { importMarketData } from '../market/store/import.js';
import { usePglite } from './client.js';
import { NOT_IMPORTED, type PgliteSetup } from './create-pglite.js';

const setup = JSON.parse(process.argv[2] ?? '{}') as PgliteSetup;
const handle = await usePglite(await PGlite.create(setup.dir));
try {
  if (setup.market) {
    const status = await importMarketData(handle.db, setup.market);
    if (!status.available) process.stderr.write(`${NOT_IMPORTED} ${status.reason}\n`);
  }
} catch (error) {
  process.stderr.write(`${NOT_IMPORTED} ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await handle.close();
}
