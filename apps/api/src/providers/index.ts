export type { GetJsonOptions, ProviderErrorKind } from './http.js';
export { getJson, ProviderError, parseWith, redactUrl } from './http.js';
export type { HudCounty, HudFmrArea, HudFmrProvider, HudOptions } from './hud.js';
export { countyKey, findCounty, hudProvider, parseFmrData } from './hud.js';
export type { AddressSuggestion, GeocodingProvider, MapboxOptions, SuggestOptions } from './mapbox.js';
export { MAPBOX_LIMIT, mapboxProvider } from './mapbox.js';
export type { MarketRent, MarketRentProvider, MarketRentQuery, RentometerOptions } from './rentometer.js';
export {
  RENTOMETER_BEDROOMS,
  RENTOMETER_SOURCE,
  rentometerBaths,
  rentometerBedrooms,
  rentometerProvider,
} from './rentometer.js';
