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

/**
 * A long-term rent estimate as RentCast documents it (developers.rentcast.io, "Rent Estimate
 * (Long-Term)" response example): the estimate, its range, the subject's coordinates and the
 * comparables it rests on.
 */
export const rentcastEstimate = {
  rent: 2950,
  rentRangeLow: 2600,
  rentRangeHigh: 3300,
  latitude: 41.9599,
  longitude: -87.6546,
  comparables: [
    {
      id: '4200-N-Sheridan-Rd,-Apt-3,-Chicago,-IL-60613',
      formattedAddress: '4200 N Sheridan Rd, Apt 3, Chicago, IL 60613',
      addressLine1: '4200 N Sheridan Rd',
      addressLine2: 'Apt 3',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60613',
      county: 'Cook',
      latitude: 41.9588,
      longitude: -87.6544,
      propertyType: 'Apartment',
      bedrooms: 2,
      bathrooms: 1,
      squareFootage: 950,
      yearBuilt: 1925,
      status: 'Active',
      price: 2895,
      listingType: 'Standard',
      listedDate: '2026-10-30T00:00:00.000Z',
      removedDate: null,
      lastSeenDate: '2026-11-22T00:00:00.000Z',
      daysOnMarket: 25,
      distance: 0.0812,
      daysOld: 2,
      correlation: 0.9912,
    },
    {
      id: '640-W-Irving-Park-Rd,-Chicago,-IL-60613',
      formattedAddress: '640 W Irving Park Rd, Chicago, IL 60613',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60613',
      propertyType: 'Condo',
      bedrooms: 2,
      bathrooms: 2,
      price: 3100,
      distance: 0.4321,
      correlation: 0.9655,
    },
  ],
};

/**
 * Property records as RentCast documents them (developers.rentcast.io, "Property Records" and
 * "Property Data Schema"): an array of records; taxes and assessments keyed by year.
 */
export const rentcastRecord = {
  id: '5500-Grand-Lake-Dr,-San-Antonio,-TX-78244',
  formattedAddress: '5500 Grand Lake Dr, San Antonio, TX 78244',
  addressLine1: '5500 Grand Lake Dr',
  addressLine2: null,
  city: 'San Antonio',
  state: 'TX',
  zipCode: '78244',
  county: 'Bexar',
  latitude: 29.475962,
  longitude: -98.351442,
  propertyType: 'Single Family',
  bedrooms: 3,
  bathrooms: 2,
  squareFootage: 1878,
  lotSize: 8850,
  yearBuilt: 1973,
  lastSaleDate: '2017-10-19T00:00:00.000Z',
  lastSalePrice: 185000,
  taxAssessments: {
    '2023': { year: 2023, value: 225790, land: 59380, improvements: 166410 },
    '2024': { year: 2024, value: 230950, land: 60740, improvements: 170210 },
  },
  propertyTaxes: {
    '2023': { year: 2023, total: 4892 },
    '2024': { year: 2024, total: 5014 },
  },
  owner: { names: ['Michael Smith'], type: 'Individual' },
  ownerOccupied: true,
};
