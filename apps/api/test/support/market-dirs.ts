/** The market data the tests read: the small fixture set in the repo, and the real shared data. */
import { fileURLToPath } from 'node:url';

export const FIXTURE_MARKET_DIR = fileURLToPath(new URL('../fixtures/market', import.meta.url));

/** $MARKET_DATA_DIR, else the shared data beside the repository: <repo>/../shared/data/market. */
export const REAL_MARKET_DIR =
  process.env.MARKET_DATA_DIR ?? fileURLToPath(new URL('../../../../../shared/data/market', import.meta.url));
