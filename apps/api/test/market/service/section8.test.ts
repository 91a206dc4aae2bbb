/**
 * Where HUD's rent is above the market rent, the page says so as what it is: a Section 8
 * opportunity, with the payment standard and the utility allowance that comes off it.
 */
import { section8Defaults } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { type MarketRentFigure, section8Opportunity } from '../../../src/market/service.js';
import { hudRent, marketRentEstimate } from '../../../src/market/tables/index.js';

// Loving County, TX (79754): FMR 789/811/1,015/1,321/1,493, no SAFMR
const fmr = [789, 811, 1015, 1321, 1493] as const;
const hud = (bedrooms: number) =>
  hudRent(
    {
      fmr: [...fmr] as [number, number, number, number, number],
      safmr: null,
      safmr_mandatory: false,
      fmr_area_id: 'NCNTY48301N48301',
      fmr_area_name: 'Loving County, TX',
      fmr_basis: 'county',
      fy: 2026,
    },
    bedrooms,
  );
const offline = (bedrooms: number): MarketRentFigure => {
  const r = marketRentEstimate(
    { fmr: [...fmr] as [number, number, number, number, number], safmr: null },
    bedrooms,
  );
  return {
    value: r.value,
    tier: 'estimated',
    range: { low: r.low, high: r.high },
    source: r.source,
    vintage: r.vintage,
  };
};

describe('a Section 8 opportunity', () => {
  it('is named when the voucher’s rent (HUD’s less the utility allowance) beats the market, as the Section 8 scenario has it', () => {
    // 4 BR: HUD 1,493 less the default allowance for 4 bedrooms, 302, is 1,191: above a live 1,100
    const live: MarketRentFigure = { ...offline(4), value: 1_100, tier: 'live' };
    expect(section8Opportunity(hud(4), live, 1, 4)).toBe(
      "Section 8 opportunity: HUD's rent for this home, $1,493, less a typical utility allowance of $302 (the tenant paying utilities) is $1,191, $91 above the market rent ($1,100). A voucher pays up to the payment standard ($1,344–$1,642) less the housing authority's own allowance, so a Section 8 lease may earn more than the open market here: the Section 8 scenario shows the deal on it.",
    );
    // the Section 8 scenario's default terms: 100 % of HUD's rent less the allowance for 4 bedrooms
    expect(section8Defaults(4)).toEqual({
      payment_standard_share: 1,
      tenant_pays_utilities: true,
      utility_allowance: 302,
    });
    // a 2–4 unit building: both figures are per unit, and the words say so
    expect(section8Opportunity(hud(4), live, 2, 4)).toMatch(
      /^Section 8 opportunity: HUD's rent for a unit here, \$1,493, less .* is \$1,191, \$91 above the market rent per unit \(\$1,100\)\./,
    );
  });

  it('is not claimed when the allowance brings HUD’s rent to the market’s or below, or a figure is missing', () => {
    expect(offline(4).value).toBe(1755);
    expect(section8Opportunity(hud(4), offline(4), 1, 4)).toBeNull();
    // HUD's rent above the market, but not once the allowance comes off (Providence's triplex: $1,729
    // against $1,726, a scenario $206 a unit below the market)
    expect(section8Opportunity(hud(4), { ...offline(4), value: 1_400 }, 3, 4)).toBeNull();
    expect(section8Opportunity(hud(4), { ...offline(4), value: 1_191 }, 1, 4)).toBeNull();
    expect(section8Opportunity(null, offline(4))).toBeNull();
    expect(section8Opportunity(hud(4), null)).toBeNull();
  });
});
