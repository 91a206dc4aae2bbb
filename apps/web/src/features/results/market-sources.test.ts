import { MARKET_FIGURE_TIERS } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { marketSourceRows, TIER_HELP, TIER_TEXT } from './market-sources';

describe('marketSourceRows', () => {
  it('lists known figures in screen order with value, source and vintage', () => {
    const rows = marketSourceRows({
      figures: {
        interest_rate: {
          value: 0.0712,
          source: 'Freddie Mac PMMS',
          vintage: '2025-06-26',
          tier: 'reported',
          note: '30-year fixed',
        },
        hud_rent: {
          value: 1890,
          source: 'HUD Fair Market Rents',
          vintage: 'FY2025',
          tier: 'reported',
          range: { low: 1701, high: 2079, note: 'payment standard band' },
        },
        violent_crime_grade: { value: 'B-', source: 'FBI UCR', vintage: null, tier: 'reported', note: '  ' },
      },
    });
    expect(rows).toEqual([
      {
        key: 'hud_rent',
        label: 'HUD Rent',
        value: '$1,890.00',
        source: 'HUD Fair Market Rents, FY2025',
        tierKey: 'reported',
        tier: 'Reported',
        tierHelp: TIER_HELP.reported,
        range: '$1,701.00 – $2,079.00 (payment standard band)',
        note: null,
      },
      {
        key: 'violent_crime_grade',
        label: 'Violent Crime Grade',
        value: 'B-',
        source: 'FBI UCR',
        tierKey: 'reported',
        tier: 'Reported',
        tierHelp: TIER_HELP.reported,
        range: null,
        note: null,
      },
      {
        key: 'interest_rate',
        label: 'Interest Rate',
        value: '7.12%',
        source: 'Freddie Mac PMMS, 2025-06-26',
        tierKey: 'reported',
        tier: 'Reported',
        tierHelp: TIER_HELP.reported,
        range: null,
        note: '30-year fixed',
      },
    ]);
  });

  it('shows N/A for a missing value and names figures it does not know', () => {
    const rows = marketSourceRows({
      figures: { school_rating: { value: null, source: 'Somewhere', vintage: '2024', tier: 'none' } },
    });
    expect(rows).toEqual([
      {
        key: 'school_rating',
        label: 'School rating',
        value: 'N/A',
        source: 'Somewhere, 2024',
        tierKey: 'none',
        tier: 'No data',
        tierHelp: TIER_HELP.none,
        range: null,
        note: null,
      },
    ]);
  });

  it('shows an estimated crime grade only as its letter band, a reported one in full', () => {
    const grade = (value: string, tier: 'estimated' | 'reported' | 'incomplete') =>
      marketSourceRows({
        figures: { violent_crime_grade: { value, source: 'Crime', vintage: '2023', tier } },
      })[0]?.value;
    expect(grade('≈C', 'estimated')).toBe('≈C');
    expect(grade('B+', 'estimated')).toBe('≈B');
    expect(grade('B+', 'reported')).toBe('B+');
    expect(grade('A-', 'incomplete')).toBe('A-');
  });

  it('labels an estimated market rent as an estimate with its range, never as a survey', () => {
    const [row] = marketSourceRows({
      figures: {
        rentometer_rent: {
          value: 2884,
          source: 'Estimate: HUD Small Area FMR raised by the ratio of its 50th- to 40th-percentile rents',
          vintage: 'FY2026',
          tier: 'estimated',
          range: { low: 2670, high: 3097 },
          note: 'An estimate from HUD rents, not from rental listings.',
        },
      },
    });
    expect(row).toMatchObject({ label: 'Market Rent', value: '$2,884.00', tier: 'Estimate' });
    expect(row?.range).toBe('$2,670.00 – $3,097.00');
    expect(JSON.stringify(row)).not.toMatch(/survey/i);
    // the badge says "Estimate": the source does not say it again (QA: "Estimate: … Estimate")
    expect(row?.source).toBe(
      'HUD Small Area FMR raised by the ratio of its 50th- to 40th-percentile rents, FY2026',
    );
  });

  it('has a word and a sentence for every tier the contract lists', () => {
    for (const tier of MARKET_FIGURE_TIERS) {
      expect(TIER_TEXT[tier], tier).toMatch(/\w/);
      expect(TIER_HELP[tier], tier).toMatch(/\.$/);
    }
  });

  it('names a figure by its own label when it has one', () => {
    const rows = marketSourceRows({
      figures: {
        property_tax_rate: {
          value: 0.0215,
          label: 'Investor property-tax rate',
          source: 'ACS 2019–2023',
          vintage: '2023',
          tier: 'estimated',
        },
      },
    });
    expect(rows.map((row) => [row.label, row.value, row.tier])).toEqual([
      ['Investor property-tax rate', '2.15%', 'Estimate'],
    ]);
  });

  it('is empty without market data', () => {
    expect(marketSourceRows(undefined)).toEqual([]);
  });

  it('says the HUD and market rents are per unit on a 2–4 unit deal', () => {
    const figures = {
      hud_rent: {
        value: 1890,
        source: 'HUD Fair Market Rents',
        vintage: 'FY2026',
        tier: 'reported' as const,
      },
      rentometer_rent: { value: 2000, source: 'Offline estimate', vintage: null, tier: 'estimated' as const },
      property_tax_rate: { value: 0.02, source: 'ACS', vintage: '2023', tier: 'reported' as const },
    };
    expect(marketSourceRows({ figures }, 4).map((row) => row.label)).toEqual([
      'HUD Rent (per unit)',
      'Market Rent (per unit)',
      'Property Tax Rate',
    ]);
    expect(marketSourceRows({ figures }, 1).map((row) => row.label)).toEqual([
      'HUD Rent',
      'Market Rent',
      'Property Tax Rate',
    ]);
  });
});
