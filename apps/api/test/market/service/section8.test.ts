/**
 * Where HUD's rent is above the market rent, the page says so as what it is: a Section 8
 * opportunity, with the payment standard and the utility allowance that comes off it.
 */
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
  it('is named when HUD’s rent is above the market rent, with the payment standard and the utility allowance', () => {
    // 4 BR: HUD 1,493 is below the offline estimate (1,755), but above a live quote of 1,400
    const live: MarketRentFigure = { ...offline(4), value: 1_400, tier: 'live' };
    expect(section8Opportunity(hud(4), live)).toBe(
      "Section 8 opportunity: HUD's rent for this home, $1,493, is $93 above the market rent ($1,400). A voucher can pay up to the payment standard ($1,344–$1,642) less the housing authority's utility allowance when the tenant pays utilities, so a Section 8 lease may earn more than the open market here.",
    );
    // a 2–4 unit building: both figures are per unit, and the words say so
    expect(section8Opportunity(hud(4), live, 2)).toMatch(
      /^Section 8 opportunity: HUD's rent for a unit here, \$1,493, is \$93 above the market rent per unit \(\$1,400\)\./,
    );
  });

  it('is not claimed when the market rent is at or above HUD’s, or either is missing', () => {
    expect(offline(4).value).toBe(1755);
    expect(section8Opportunity(hud(4), offline(4))).toBeNull();
    expect(section8Opportunity(hud(4), { ...offline(4), value: 1_493 })).toBeNull();
    expect(section8Opportunity(null, offline(4))).toBeNull();
    expect(section8Opportunity(hud(4), null)).toBeNull();
  });
});
