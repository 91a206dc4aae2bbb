import { analysisResponseSchema, formatHoldPeriodTable } from '@sfr/contracts';
import { UnderwritingInputError } from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import { exampleAnalysis } from './example-analysis';
import { recalculate } from './recalculate';

describe('recalculate', () => {
  const base = exampleAnalysis();

  it('answers in the API response shape, every part present', () => {
    expect(analysisResponseSchema.parse(base)).toEqual(base);
  });

  it('recomputes every figure for the edited metrics and keeps the market facts', () => {
    const metrics = { ...base.property.metrics, purchase_price: 400_000, closing_cost: 12_000 };
    const next = recalculate(base, metrics);
    expect(next.property.purchase_price).toBe(400_000);
    expect(next.property.metrics).toBe(metrics);
    // total acquisition = price + closing cost = 400,000 + 12,000
    expect(next.year_1_metrics.total_acquisition).toBe(412_000);
    // the loan follows LTV: 75 % × 400,000
    expect(next.year_1_metrics.loan_amount).toBe(300_000);
    // cap rate = NOI / price
    expect(next.year_1_metrics.cap_rate).toBeCloseTo(next.year_1_metrics.net_operating_income / 400_000, 12);
    expect(next.metrics_for_hold_period).toEqual(formatHoldPeriodTable(next.hold_period));
    expect(next.year_1_metrics.hud_rent).toBe(2_347);
    expect(next.year_1_metrics.violent_crime_grade).toBe('C');
    expect(next.market_data).toBe(base.market_data);
    expect(next.summary.overall_points).not.toBe(base.summary.overall_points);
  });

  it('refuses metrics outside the engine bounds with its typed error', () => {
    expect(() => recalculate(base, { ...base.property.metrics, hold_period: 0 })).toThrow(
      UnderwritingInputError,
    );
  });
});
