import type { ParsedMarketFiles } from '../../../src/market/tables/index.js';
import {
  buildMarketData,
  type Gazetteer,
  gazetteerFrom,
  loadMarketDir,
  type MarketData,
} from '../../../src/market/tables/index.js';

import { FIXTURE_MARKET_DIR, REAL_MARKET_DIR } from '../../support/market-dirs.js';

export { FIXTURE_MARKET_DIR, REAL_MARKET_DIR };

/** A two-ZIP gazetteer, so fixture tests do not depend on the gazetteer package's data. */
export const FIXTURE_GAZETTEER: Gazetteer = gazetteerFrom({
  '78701': { lat: 30.2713, lng: -97.7426, place_name: 'Austin', county_name: 'Travis', state_code: 'TX' },
  '96950': { lat: 15.1833, lng: 145.75, place_name: 'Saipan', county_name: 'Saipan', state_code: 'MP' },
});

export async function loadFixtureFiles(): Promise<ParsedMarketFiles> {
  const loaded = await loadMarketDir(FIXTURE_MARKET_DIR);
  if (!loaded.ok) throw new Error(`fixtures did not load: ${JSON.stringify(loaded)}`);
  return loaded.data;
}

export async function loadFixtureMarket(options: { investorPremium?: number } = {}): Promise<MarketData> {
  return buildMarketData(await loadFixtureFiles(), { gazetteer: FIXTURE_GAZETTEER, ...options });
}
