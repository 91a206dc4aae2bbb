import {
  type Analysis,
  type AnalysisWithOptionalInputs,
  analyze,
  type ExpenseLineFigures,
  type LoanShapeFigures,
  type OptionalInputs,
  type Rating,
  type RehabAndRefinanceFigures,
  type Year1Metrics,
} from '@sfr/underwriting';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { z } from 'zod/mini';
import {
  type AnalysisResponse,
  API_ERROR_CODES,
  analysisResponseSchema,
  analysisSchema,
  apiErrorSchema,
  type FormattedHoldPeriodTable,
  fieldErrors,
  formatHoldPeriodTable,
  type formattedHoldPeriodTableSchema,
  METRIC_LABELS,
  marketDataSchema,
  type ratingSchema,
  updateMetricsRequestSchema,
  type year1MetricsSchema,
} from '../src/index.js';
import { exampleAssumptions, exampleDeal, exampleForm, exampleProperty } from './fixtures.js';

/** What the API answers for the example deal: the engine's analysis plus the market facts. */
function responseFor(analysis: Analysis): AnalysisResponse {
  return {
    analysis_id: 'abcdefghijklmnopqrstuvwx',
    property: { ...exampleProperty, metrics: exampleAssumptions },
    year_1_metrics: { ...analysis.year_1_metrics, hud_rent: 1_850, rentometer_rent: null },
    metric_display_names: { ...METRIC_LABELS },
    sale_assumptions: analysis.sale_assumptions,
    overall_returns: analysis.overall_returns,
    summary: analysis.summary,
    metrics_for_hold_period: formatHoldPeriodTable(analysis.hold_period),
    hold_period: analysis.hold_period,
    scenarios: [],
    range_widths: {},
    market_data: {
      figures: {
        hud_rent: {
          value: 1_850,
          source: 'HUD Fair Market Rents',
          vintage: 'FY2025',
          tier: 'reported',
          range: { low: 1_665, high: 2_035, note: 'Section 8 payment-standard band' },
        },
      },
      warnings: ['No Rentometer estimate for this address; rent is the HUD Fair Market Rent.'],
    },
  };
}

describe('engine mirrors', () => {
  test('parse to exactly the engine’s types', () => {
    // .branded compares the flattened shapes: the engine spells Year1Metrics as an intersection.
    expectTypeOf<z.output<typeof analysisSchema>>().branded.toEqualTypeOf<AnalysisWithOptionalInputs>();
    expectTypeOf<z.output<typeof year1MetricsSchema>>().branded.toEqualTypeOf<
      Year1Metrics &
        Omit<OptionalInputs, 'tax'> &
        ExpenseLineFigures &
        LoanShapeFigures &
        RehabAndRefinanceFigures
    >();
    expectTypeOf<z.output<typeof ratingSchema>>().toEqualTypeOf<Rating>();
    expectTypeOf<z.output<typeof formattedHoldPeriodTableSchema>>().toEqualTypeOf<FormattedHoldPeriodTable>();
  });

  test('accept what the engine returns, unchanged', () => {
    const analysis = analyze(exampleDeal);
    expect(analysisSchema.parse(analysis)).toEqual(analysis);
  });
});

describe('analysisResponseSchema', () => {
  test('accepts a full response built from the engine’s analysis', () => {
    const response = responseFor(analyze(exampleDeal));
    expect(analysisResponseSchema.parse(response)).toEqual(response);
  });

  test('drops keys outside the contract, so responses carry nothing unplanned', () => {
    const response = responseFor(analyze(exampleDeal));
    const parsed = analysisResponseSchema.parse({ ...response, debug: { sql: 'select 1' } });
    expect(parsed).not.toHaveProperty('debug');
  });

  test('requires hud_rent and rentometer_rent in year_1_metrics, as numbers or null', () => {
    const response = responseFor(analyze(exampleDeal));
    const { hud_rent: _dropped, ...withoutHud } = response.year_1_metrics;
    expect(analysisResponseSchema.safeParse({ ...response, year_1_metrics: withoutHud }).success).toBe(false);
    const bad = { ...response, year_1_metrics: { ...response.year_1_metrics, rentometer_rent: '2100' } };
    expect(analysisResponseSchema.safeParse(bad).success).toBe(false);
  });

  test('can be described as JSON Schema for the API docs', () => {
    expect(() => z.toJSONSchema(analysisResponseSchema, { io: 'output' })).not.toThrow();
  });
});

describe('marketDataSchema', () => {
  test('takes per-figure entries with their source and vintage, and warnings', () => {
    const data = {
      figures: {
        property_taxes: {
          value: 0.0183,
          source: 'Census ACS',
          vintage: '2023',
          tier: 'reported',
          note: 'county effective rate',
        },
        violent_crime_grade: { value: '≈B', source: 'Crime model', vintage: '2023', tier: 'estimated' },
      },
      warnings: [],
    };
    expect(marketDataSchema.parse(data)).toEqual(data);
    expect(marketDataSchema.safeParse({ figures: { rent: { value: 1 } }, warnings: [] }).success).toBe(false);
  });

  test('requires each figure’s tier, one of the listed tiers', () => {
    const figure = { value: 2_884, source: 'Estimate', vintage: 'FY2026' };
    const parse = (extra: object) =>
      marketDataSchema.safeParse({ figures: { rentometer_rent: { ...figure, ...extra } }, warnings: [] });
    expect(parse({}).success).toBe(false);
    expect(parse({ tier: 'survey' }).success).toBe(false);
    expect(parse({ tier: 'estimated', range: { low: 2_670, high: 3_097 } }).success).toBe(true);
    expect(parse({ tier: 'estimated', range: { low: 2_670 } }).success).toBe(false);
  });
});

describe('updateMetricsRequestSchema', () => {
  const analysis_id = 'abcdefghijklmnopqrstuvwx';

  test('takes the analysis it edits and the property with its edited metrics', () => {
    const body = {
      analysis_id,
      property: { ...exampleForm, metrics: { ...exampleAssumptions, vacancy_rate: 0.08 } },
    };
    expect(updateMetricsRequestSchema.parse(body)).toEqual({
      analysis_id,
      property: { ...exampleProperty, metrics: { ...exampleAssumptions, vacancy_rate: 0.08 } },
    });
  });

  test('names exactly one analysis or saved property, by a well-formed id', () => {
    const property = { ...exampleProperty, metrics: exampleAssumptions };
    const errorsOf = (body: object) =>
      fieldErrors(updateMetricsRequestSchema.safeParse(body).error as z.core.$ZodError);
    const oneOf = 'Name the analysis being edited: analysis_id or saved_property_id (one of them).';
    expect(errorsOf({ property })).toEqual({ analysis_id: oneOf });
    expect(errorsOf({ property, analysis_id, saved_property_id: analysis_id })).toEqual({
      analysis_id: oneOf,
    });
    expect(errorsOf({ property, analysis_id: "1' or 1=1" })).toEqual({ analysis_id: 'Not a valid id.' });
    expect(updateMetricsRequestSchema.safeParse({ property, saved_property_id: analysis_id }).success).toBe(
      true,
    );
  });

  test('reports bad metrics by their path', () => {
    const body = {
      analysis_id,
      property: { ...exampleProperty, metrics: { ...exampleAssumptions, hold_period: 0, rate: 1 } },
    };
    const result = updateMetricsRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error as z.core.$ZodError)).toEqual({
      'property.metrics.hold_period': 'Hold Period must be a whole number from 1 to 30',
      'property.metrics.rate': 'Unknown field: rate',
    });
  });

  test('requires the metrics', () => {
    const result = updateMetricsRequestSchema.safeParse({ analysis_id, property: exampleProperty });
    expect(fieldErrors(result.error as z.core.$ZodError)).toEqual({
      'property.metrics': 'Metrics are required',
    });
  });

  test('can be described as JSON Schema for the API docs', () => {
    expect(() => z.toJSONSchema(updateMetricsRequestSchema, { io: 'input' })).not.toThrow();
  });
});

describe('apiErrorSchema', () => {
  test('is an error message and code, with per-field messages for validation failures', () => {
    const body = {
      error: 'Purchase Price must be at least $10,000',
      code: 'VALIDATION_FAILED',
      fields: { purchase_price: 'x' },
    };
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(apiErrorSchema.parse({ error: 'Not found', code: 'NOT_FOUND' })).toEqual({
      error: 'Not found',
      code: 'NOT_FOUND',
    });
    expect(apiErrorSchema.safeParse({ error: 'no code' }).success).toBe(false);
  });

  test('accepts only the listed codes, so the server cannot send one the web does not know', () => {
    expect(apiErrorSchema.safeParse({ error: 'x', code: 'OUT_OF_FREE_SEARCHES' }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ error: 'x', code: 'FST_ERR_CTP_BODY_TOO_LARGE' }).success).toBe(false);
    expect(API_ERROR_CODES.OUT_OF_FREE_SEARCHES).toBe('OUT_OF_FREE_SEARCHES');
  });
});
