/**
 * HUD USER FMR API answers written by hand in the documented format (src/market/providers/hud.ts): the
 * field names and shapes are HUD's, the FY2027 dollar figures are made up so a test can tell a live
 * figure from the imported FY2026 one.
 */

/** fmr/data/4845399999 — Travis County, TX: a metro county where Small Area FMRs do not apply. */
export const travisCounty = {
  data: {
    county_name: 'Travis County',
    counties_msa:
      'Bastrop County, TX; Caldwell County, TX; Hays County, TX; Travis County, TX; Williamson County, TX',
    town_name: '',
    metro_status: '1',
    metro_name: 'Austin-Round Rock-San Marcos, TX MSA',
    area_name: 'Austin-Round Rock-San Marcos, TX MSA',
    smallarea_status: '0',
    basicdata: {
      Efficiency: 1510,
      'One-Bedroom': 1601,
      'Two-Bedroom': 1898,
      'Three-Bedroom': 2405,
      'Four-Bedroom': 2830,
      year: '2027',
    },
  },
} as const;

/**
 * fmr/data/4811399999 — Dallas County, TX: Small Area FMRs apply, so `basicdata` lists the metro's
 * ZIPs and one 'MSA level' row for the whole area.
 */
export const dallasCounty = {
  data: {
    county_name: 'Dallas County',
    counties_msa: 'Collin County, TX; Dallas County, TX; Denton County, TX; Ellis County, TX',
    town_name: '',
    metro_status: '1',
    metro_name: 'Dallas, TX HUD Metro FMR Area',
    area_name: 'Dallas, TX HUD Metro FMR Area',
    smallarea_status: '1',
    basicdata: [
      {
        zip_code: 'MSA level',
        Efficiency: 1620,
        'One-Bedroom': 1690,
        'Two-Bedroom': 1980,
        'Three-Bedroom': 2490,
        'Four-Bedroom': 3170,
        year: '2027',
      },
      {
        zip_code: '75001',
        Efficiency: 1900,
        'One-Bedroom': 2000,
        'Two-Bedroom': 2350,
        'Three-Bedroom': 2950,
        'Four-Bedroom': 3760,
        year: '2027',
      },
      {
        zip_code: '75201',
        Efficiency: 2440,
        'One-Bedroom': 2530,
        'Two-Bedroom': 2970,
        'Three-Bedroom': 3740,
        'Four-Bedroom': 4760,
        year: '2027',
      },
    ],
  },
} as const;

/** fmr/listCounties/TX (first entries). */
export const texasCounties = [
  {
    state_code: 'TX',
    fips_code: '4800199999',
    county_name: 'Anderson County',
    town_name: '',
    category: 'County',
  },
  {
    state_code: 'TX',
    fips_code: '4811399999',
    county_name: 'Dallas County',
    town_name: '',
    category: 'County',
  },
  {
    state_code: 'TX',
    fips_code: '4845399999',
    county_name: 'Travis County',
    town_name: '',
    category: 'County',
  },
  {
    state_code: 'TX',
    fips_code: '4849199999',
    county_name: 'Williamson County',
    town_name: '',
    category: 'County',
  },
] as const;
