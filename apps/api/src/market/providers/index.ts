/**
 * The market's live providers as the configuration asks for them: market rent (RentCast, then
 * Rentometer), HUD USER's FMRs and FRED's mortgage rate. None configured: the offline figures.
 */
import type { Config } from '../../config.js';
import { type FredProvider, fredProvider } from './fred.js';
import { type HudFmrProvider, hudProvider } from './hud.js';
import type { MarketRentProvider } from './market-rent.js';
import type { PropertyRecordProvider } from './property-record.js';
import { rentcastProvider } from './rentcast.js';
import { rentometerProvider } from './rentometer.js';

export interface MarketProviders {
  /** asked in this order; empty: the offline estimate */
  readonly rentProviders: readonly MarketRentProvider[];
  /** the property's public record (RentCast); absent: the analyzer does not offer to fill from one */
  readonly recordProvider?: PropertyRecordProvider;
  readonly hudProvider?: HudFmrProvider;
  readonly fred?: FredProvider;
}

export function marketProvidersFromConfig(config: Config): MarketProviders {
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  const rentcast = config.RENTCAST_API_KEY
    ? rentcastProvider({ apiKey: config.RENTCAST_API_KEY, baseUrl: config.RENTCAST_BASE_URL, timeoutMs })
    : undefined;
  return {
    rentProviders: [
      ...(rentcast ? [rentcast] : []),
      ...(config.RENTOMETER_API_KEY
        ? [
            rentometerProvider({
              apiKey: config.RENTOMETER_API_KEY,
              baseUrl: config.RENTOMETER_BASE_URL,
              timeoutMs,
            }),
          ]
        : []),
    ],
    ...(rentcast && { recordProvider: rentcast }),
    ...(config.HUD_API_TOKEN && {
      hudProvider: hudProvider({ token: config.HUD_API_TOKEN, baseUrl: config.HUD_API_BASE_URL, timeoutMs }),
    }),
    ...(config.FRED_API_KEY && {
      fred: fredProvider({ apiKey: config.FRED_API_KEY, baseUrl: config.FRED_BASE_URL, timeoutMs }),
    }),
  };
}
