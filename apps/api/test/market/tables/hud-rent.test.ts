import { describe, expect, it } from 'vitest';
import {
  type BedroomRents,
  hudRent,
  isLastYears,
  PAYMENT_STANDARD_NOTE,
  paymentStandardBand,
} from '../../../src/market/tables/index.js';

const TRAVIS: BedroomRents = [1474, 1562, 1852, 2347, 2760];
const AUSTIN_SAFMR: BedroomRents = [2210, 2350, 2780, 3520, 4140];
const inputs = {
  fmr: TRAVIS,
  safmr: AUSTIN_SAFMR,
  safmr_mandatory: true,
  fmr_area_id: 'METRO12420M12420',
  fmr_area_name: 'Austin',
  fmr_basis: 'county' as const,
  fy: 2026,
};

describe('paymentStandardBand', () => {
  it('is 90% to 110% of the HUD rent, to the dollar, with the utility-allowance sentence', () => {
    expect(paymentStandardBand(2347)).toEqual({ low: 2112, high: 2582, note: PAYMENT_STANDARD_NOTE }); // 2112.3, 2581.7
    expect(paymentStandardBand(1000)).toMatchObject({ low: 900, high: 1100 });
    expect(PAYMENT_STANDARD_NOTE).toMatch(/utility allowance when the tenant pays utilities/);
  });
});

describe('hudRent', () => {
  it('takes the payment-standard band of the rent that applies', () => {
    expect(hudRent(inputs, 3)).toMatchObject({
      value: 3520,
      applies: 'safmr',
      payment_standard: { low: 3168, high: 3872 },
    });
    expect(hudRent({ ...inputs, safmr_mandatory: false }, 3)).toMatchObject({
      value: 2347,
      applies: 'fmr',
      payment_standard: { low: 2112, high: 2582 },
    });
  });

  it('says whether the county was split out of its listed area (false unless told)', () => {
    expect(hudRent(inputs, 2).fmr_area_split).toBe(false);
    expect(
      hudRent({ ...inputs, safmr: null, safmr_mandatory: false, fmr_area_split: true }, 2),
    ).toMatchObject({
      fmr_area_split: true,
      applies: 'fmr',
      value: 1852,
    });
  });

  it('is a reported HUD figure dated by its fiscal year, last year’s once the next one begins', () => {
    expect(hudRent(inputs, 1)).toMatchObject({
      tier: 'reported',
      fy: 2026,
      vintage: 'FY2026 (from 2025-10-01)',
    });
    expect(hudRent({ ...inputs, fy: null }, 1).vintage).toBe('fiscal year not stated');
    expect(isLastYears(2026, new Date('2026-09-30T12:00:00Z'))).toBe(false);
    expect(isLastYears(2026, new Date('2026-10-01T00:00:00Z'))).toBe(true);
    expect(isLastYears(2027, new Date('2026-11-26T00:00:00Z'))).toBe(false);
    expect(isLastYears(null, new Date('2026-11-26T00:00:00Z'))).toBe(false);
  });
});
