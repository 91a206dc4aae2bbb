import { type Analysis, analyze, type Rating, type Year1Metrics } from '@sfr/underwriting';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import {
  type AnalysisResponse,
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
    property: { ...exampleProperty, metrics: exampleAssumptions },
    year_1_metrics: { ...analysis.year_1_metrics, hud_rent: 1_850, rentometer_rent: null },
    metric_display_names: { ...METRIC_LABELS },
    sale_assumptions: analysis.sale_assumptions,
    overall_returns: analysis.overall_returns,
    summary: analysis.summary,
    metrics_for_hold_period: formatHoldPeriodTable(analysis.hold_period),
    hold_period: analysis.hold_period,
    market_data: {
      figures: { hud_rent: { value: 1_850, source: 'HUD Fair Market Rents', vintage: 'FY2025' } },
      warnings: ['No Rentometer estimate for this address; rent is the HUD Fair Market Rent.'],
    },
  };
}

describe('engine mirrors', () => {
  test('parse to exactly the engine’s types', () => {
    // .branded compares the flattened shapes: the engine spells Year1Metrics as an intersection.
    expectTypeOf<z.output<typeof analysisSchema>>().branded.toEqualTypeOf<Analysis>();
    expectTypeOf<z.output<typeof year1MetricsSchema>>().branded.toEqualTypeOf<Year1Metrics>();
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
          note: 'county effective rate',
        },
        violent_crime_grade: { value: 'B', source: 'FBI CDE', vintage: null },
      },
      warnings: [],
    };
    expect(marketDataSchema.parse(data)).toEqual(data);
    expect(marketDataSchema.safeParse({ figures: { rent: { value: 1 } }, warnings: [] }).success).toBe(false);
  });
});

describe('updateMetricsRequestSchema', () => {
  test('takes the property with its edited metrics', () => {
    const body = { property: { ...exampleForm, metrics: { ...exampleAssumptions, vacancy_rate: 0.08 } } };
    expect(updateMetricsRequestSchema.parse(body)).toEqual({
      property: { ...exampleProperty, metrics: { ...exampleAssumptions, vacancy_rate: 0.08 } },
    });
  });

  test('reports bad metrics by their path', () => {
    const body = {
      property: { ...exampleProperty, metrics: { ...exampleAssumptions, hold_period: 0, rate: 1 } },
    };
    const result = updateMetricsRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error as z.ZodError)).toEqual({
      'property.metrics.hold_period': 'Hold Period must be a whole number from 1 to 30',
      'property.metrics.rate': 'Unknown field: rate',
    });
  });

  test('requires the metrics', () => {
    const result = updateMetricsRequestSchema.safeParse({ property: exampleProperty });
    expect(fieldErrors(result.error as z.ZodError)).toEqual({ 'property.metrics': 'Metrics are required' });
  });

  test('can be described as JSON Schema for the API docs', () => {
    expect(() => z.toJSONSchema(updateMetricsRequestSchema, { io: 'input' })).not.toThrow();
  });
});

describe('apiErrorSchema', () => {
  test('is an error message and code, with per-field messages for validation failures', () => {
    const body = {
      error: 'Purchase Price must be at least $10,000',
      code: 'VALIDATION',
      fields: { purchase_price: 'x' },
    };
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(apiErrorSchema.parse({ error: 'Not found', code: 'NOT_FOUND' })).toEqual({
      error: 'Not found',
      code: 'NOT_FOUND',
    });
    expect(apiErrorSchema.safeParse({ error: 'no code' }).success).toBe(false);
  });
});
