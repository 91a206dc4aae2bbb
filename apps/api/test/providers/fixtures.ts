/**
 * Provider answers written by hand in each provider's documented format (see the headers of
 * src/market/providers/rentometer.ts and src/address/mapbox.ts). Ids and URLs are made up; the shapes are not.
 */

/** Rentometer /api/v1/summary for a 3-bed, 1.5+ bath near the Texas Capitol. */
export const rentometerSummary = {
  address: '1100 Congress Avenue, Austin, Texas 78701',
  latitude: '30.274705',
  longitude: '-97.740364',
  bedrooms: 3,
  baths: '1.5+',
  building_type: 'Any',
  mean: 3412,
  median: 3250,
  min: 2100,
  max: 5600,
  percentile_25: 2850,
  percentile_75: 3900,
  std_dev: 742,
  samples: 38,
  radius_miles: 0.75,
  quickview_url:
    'https://www.rentometer.com/analysis/3-bed/1100-congress-avenue-austin-texas-78701/aB3d-EfGh12/quickview',
  credits_remaining: 476,
} as const;

const attribution =
  'NOTICE: © 2025 Mapbox and its suppliers. All rights reserved. Use of this data is subject to the Mapbox ' +
  'Terms of Service (https://www.mapbox.com/about/maps/). This response and the information it contains may ' +
  'not be retained.';

interface AddressFeatureParts {
  id: string;
  number: string;
  street: string;
  city: string;
  zip?: string;
  county: string;
  region?: { name: string; code: string };
  lng: number;
  lat: number;
}

/** One v6 `address` feature, shaped like the API's: context keyed by feature type. */
export function addressFeature(p: AddressFeatureParts) {
  const region = p.region;
  const placeFormatted = `${p.city}, ${[region?.name, p.zip].filter(Boolean).join(' ')}, United States`;
  return {
    type: 'Feature',
    id: p.id,
    geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
    properties: {
      mapbox_id: p.id,
      feature_type: 'address',
      full_address: `${p.number} ${p.street}, ${placeFormatted}`,
      name: `${p.number} ${p.street}`,
      name_preferred: `${p.number} ${p.street}`,
      place_formatted: placeFormatted,
      coordinates: {
        longitude: p.lng,
        latitude: p.lat,
        accuracy: 'rooftop',
        routable_points: [{ name: 'default', latitude: p.lat, longitude: p.lng + 0.0002 }],
      },
      context: {
        address: {
          mapbox_id: p.id,
          address_number: p.number,
          street_name: p.street,
          name: `${p.number} ${p.street}`,
        },
        street: { mapbox_id: `${p.id}-str`, name: p.street },
        neighborhood: { mapbox_id: 'dXJuOm1ieHBsYzpEb3dudG93bg', name: 'Downtown' },
        ...(p.zip && { postcode: { mapbox_id: `dXJuOm1ieHBsYzpQ${p.zip}`, name: p.zip } }),
        place: { mapbox_id: 'dXJuOm1ieHBsYzpBdXN0aW4', name: p.city, wikidata_id: 'Q16559' },
        district: { mapbox_id: 'dXJuOm1ieHBsYzpUcmF2aXM', name: p.county, wikidata_id: 'Q108930' },
        ...(region && {
          region: {
            mapbox_id: 'dXJuOm1ieHBsYzpUWA',
            name: region.name,
            region_code: region.code,
            region_code_full: `US-${region.code}`,
            wikidata_id: 'Q1439',
          },
        }),
        country: {
          mapbox_id: 'dXJuOm1ieHBsYzpJdXc',
          name: 'United States',
          country_code: 'US',
          country_code_alpha_3: 'USA',
          wikidata_id: 'Q30',
        },
      },
      match_code: {
        address_number: 'matched',
        street: 'matched',
        postcode: 'unmatched',
        place: 'matched',
        region: 'matched',
        locality: 'not_applicable',
        country: 'inferred',
        confidence: 'exact',
      },
    },
  };
}

export const texas = { name: 'Texas', code: 'TX' };

export const congressAve = addressFeature({
  id: 'dXJuOm1ieGFkcjpjb25ncmVzcy0xMTAw',
  number: '1100',
  street: 'Congress Avenue',
  city: 'Austin',
  zip: '78701',
  county: 'Travis County',
  region: texas,
  lng: -97.740364,
  lat: 30.274705,
});

export function featureCollection(features: unknown[]) {
  return { type: 'FeatureCollection', features, attribution };
}

/** v6 forward answer to 'q=1100 Congress Ave, Austin' with autocomplete: the Capitol first. */
export const congressAveForward = featureCollection([
  congressAve,
  addressFeature({
    id: 'dXJuOm1ieGFkcjpjb25ncmVzcy0xMTAwcw',
    number: '1100',
    street: 'South Congress Avenue',
    city: 'Austin',
    zip: '78704',
    county: 'Travis County',
    region: texas,
    lng: -97.749611,
    lat: 30.252243,
  }),
]);
