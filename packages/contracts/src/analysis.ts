/**
 * The engine's Analysis as zod schemas, and the API's analysis request and response shapes
 * (product spec §3 and §7). Output schemas drop unknown keys, so a response carries exactly these.
 */
import type { ScoreName } from '@sfr/underwriting';
import {
  assumptionsSchema,
  dealInputSchema,
  rangeWidthsSchema,
  storedAssumptionsSchema,
} from './assumptions.js';
import { RATING_COLORS } from './constants.js';
import { HOLD_PERIOD_ROWS, holdPeriodOptionalRows } from './hold-period.js';
import { propertyInputSchema, propertySchema } from './property.js';
import { propertyRecordSchema, rentComparableSchema } from './property-record.js';
import { scenarioSchema } from './scenarios.js';
import { z } from './zod.js';

const nullableNumber = z.nullable(z.number());

/** The model's year-1 figures (underwriting-model.md, "Year-1 metrics"). */
export const year1FiguresSchema = z.object({
  total_acquisition: z.number(),
  effective_gross_revenue: z.number(),
  total_expenses: z.number(),
  net_operating_income: z.number(),
  loan_amount: z.number(),
  down_payment: z.number(),
  total_cost_to_close: z.number(),
  monthly_loan_payment: z.number(),
  monthly_unlevered_cash_flow: z.number(),
  yearly_unlevered_cash_flow: z.number(),
  monthly_levered_cash_flow: z.number(),
  yearly_levered_cash_flow: z.number(),
  unlevered_returns: z.number(),
  levered_returns: z.number(),
  cap_rate: z.number(),
  dscr: nullableNumber,
  gross_rent_multiplier: nullableNumber,
  break_even_occupancy: nullableNumber,
  rent_to_price: z.number(),
});

/** The optional expense lines' year-1 dollars (issue 28), each present only when its line is given. */
export const expenseLineFiguresSchema = z.object({
  capex_reserve_expense: z.optional(z.number()),
  hoa_expense: z.optional(z.number()),
  owner_utilities_expense: z.optional(z.number()),
  leasing_expense: z.optional(z.number()),
});

/** The loan shapes' and the rehab and refinance's figures (issue 28), each present only when its input is given. */
export const strategyFiguresSchema = z.object({
  points_cost: z.optional(z.number()),
  amortizing_loan_payment: z.optional(z.number()),
  second_loan_payment: z.optional(z.number()),
  second_loan_amortizing_payment: z.optional(z.number()),
  second_loan_payoff_month: z.optional(z.number().check(z.int())),
  second_loan_payoff: z.optional(z.number()),
  refinance_value: z.optional(z.number()),
  refinance_loan_amount: z.optional(z.number()),
  refinance_payoff: z.optional(z.number()),
  refinance_loan_payment: z.optional(z.number()),
  cash_invested: z.optional(z.number()),
  cash_returned_at_refinance: z.optional(z.number()),
  cash_left_in_deal: z.optional(z.number()),
  /** null when the refinance left no cash in the deal: no cash-on-cash then */
  cash_on_cash_on_cash_left_in: z.optional(nullableNumber),
  no_cash_left_in: z.optional(z.boolean()),
});

/** Year-1 figures with the deal's inputs echoed beside them (the tax situation is not echoed). */
export const year1MetricsSchema = z.object({
  ...z.omit(dealInputSchema, { tax: true }).shape,
  ...year1FiguresSchema.shape,
  ...expenseLineFiguresSchema.shape,
  ...strategyFiguresSchema.shape,
});

export const saleAssumptionsSchema = z.object({
  sale_price_appreciation: z.number(),
  sale_month: z.number().check(z.int()),
  hold_period: z.number().check(z.int()),
  annual_price_appreciation: z.number(),
  cost_to_sell: z.number(),
});

export const overallReturnsSchema = z.object({
  unlevered_equity: z.number(),
  unlevered_equity_multiple: nullableNumber,
  unlevered_profit: z.number(),
  unlevered_xirr: nullableNumber,
  levered_equity: z.number(),
  levered_equity_multiple: nullableNumber,
  levered_profit: z.number(),
  levered_xirr: nullableNumber,
  unlevered_xirr_multiple_roots: z.boolean(),
  levered_xirr_multiple_roots: z.boolean(),
});

const years = z.array(z.number());

/** The engine's per-year numbers; expense, mortgage and payoff are positive amounts. */
export const holdPeriodTableSchema = z.object({
  unlevered: z.object({
    revenue: years,
    expense: years,
    net_operating_income: years,
    proceeds_from_sale: years,
    cashflow: years,
    annual_return: years,
  }),
  levered: z.object({
    revenue: years,
    expense: years,
    mortgage: years,
    rental_cashflow: years,
    loan_payoff: years,
    proceeds_from_sale: years,
    equity_accumulated: years,
    cashflow: years,
    annual_return: years,
  }),
  /** each optional expense line the deal gives, a year at a time (issue 28) */
  expense_lines: z.optional(
    z.object({
      capex_reserve: z.optional(years),
      hoa: z.optional(years),
      owner_utilities: z.optional(years),
      leasing: z.optional(years),
    }),
  ),
  /** each year's cash out of a cash-out refinance, when the deal gives one (inside levered cashflow) */
  refinance_cash: z.optional(years),
});

/** The after-tax returns (issue 28 §4), present when the deal gives its tax situation. */
export const afterTaxSchema = z.object({
  basis: z.object({
    cost_basis: z.number(),
    land: z.number(),
    building: z.number(),
    annual_depreciation: z.number(),
  }),
  years: z.object({
    interest: years,
    depreciation: years,
    loan_costs: years,
    taxable_income: years,
    losses_used: years,
    suspended_losses: years,
    tax: years,
    pre_tax_cash_flow: years,
    after_tax_cash_flow: years,
  }),
  sale: z.object({
    price: z.number(),
    cost_to_sell: z.number(),
    amount_realized: z.number(),
    cost_basis: z.number(),
    accumulated_depreciation: z.number(),
    adjusted_basis: z.number(),
    gain: z.number(),
    short_term: z.boolean(),
    unrecaptured_1250_gain: z.number(),
    capital_gain: z.number(),
    recapture_tax: z.number(),
    capital_gains_tax: z.number(),
    released_losses: z.number(),
    released_losses_tax: z.number(),
    tax: z.number(),
    loan_payoff: z.number(),
    pre_tax_proceeds: z.number(),
    after_tax_proceeds: z.number(),
  }),
  total_tax: z.number(),
  levered_equity: z.number(),
  levered_profit: z.number(),
  levered_equity_multiple: nullableNumber,
  levered_xirr: nullableNumber,
  levered_xirr_multiple_roots: z.boolean(),
});

export const SCORE_NAMES = [
  'cash_flow',
  'return',
  'safety',
  'yield',
  'neighbourhood',
] as const satisfies readonly ScoreName[];

export const scoreSchema = z.object({
  name: z.enum(SCORE_NAMES),
  label: z.string(),
  measure: nullableNumber,
  floor: z.number(),
  cap: z.number(),
  max_points: z.number(),
  points: z.number(),
});

/** The analyst rating; the API sends it as `summary`. */
export const ratingSchema = z.object({
  overall_points: z.number().check(z.int(), z.minimum(0), z.maximum(100)),
  overall_color: z.enum(RATING_COLORS),
  overall_response: z.string(),
  scores: z.array(scoreSchema),
});

/** Everything the engine returns for one deal. */
export const analysisSchema = z.object({
  year_1_metrics: year1MetricsSchema,
  sale_assumptions: saleAssumptionsSchema,
  overall_returns: overallReturnsSchema,
  hold_period: holdPeriodTableSchema,
  summary: ratingSchema,
  after_tax: z.optional(afterTaxSchema),
});

function formattedRows<const Rows extends readonly string[], const Optional extends string>(
  rows: Rows,
  optional: readonly Optional[],
) {
  const shape = {
    ...Object.fromEntries(rows.map((row) => [row, z.array(z.string())])),
    ...Object.fromEntries(optional.map((row) => [row, z.optional(z.array(z.string()))])),
  };
  return z.object(
    shape as Record<Rows[number], z.ZodMiniArray<z.ZodMiniString<string>>> &
      Record<Optional, z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>>,
  );
}

/**
 * `metrics_for_hold_period`: per row, one formatted string per year (see formatHoldPeriodTable).
 * The fixed rows are required; the optional ones (an expense line's, the after-tax rows) are
 * present only when the analysis gives them, so an answer from before them still parses.
 */
export const formattedHoldPeriodTableSchema = z.object({
  Unlevered: formattedRows(HOLD_PERIOD_ROWS.Unlevered, holdPeriodOptionalRows('Unlevered')),
  Levered: formattedRows(HOLD_PERIOD_ROWS.Levered, holdPeriodOptionalRows('Levered')),
});

/**
 * How far a market figure can be trusted, shown beside its source:
 * - `reported`: a published figure (HUD's FMR, a county's complete crime report, the ACS);
 * - `live`: fetched from a provider for this address just now (RentCast, Rentometer, HUD's API);
 * - `citywide`: a city's reported rate standing for its counties (New York City's boroughs);
 * - `incomplete`: a report from incomplete agency coverage, graded no better than the estimate;
 * - `estimated`: our estimate from public data, its method written down (never scored as a fact);
 * - `default`: the model's default assumption, no local data behind it;
 * - `none`: no data for this place.
 */
export const MARKET_FIGURE_TIERS = [
  'reported',
  'live',
  'citywide',
  'incomplete',
  'estimated',
  'default',
  'none',
] as const;
export const marketFigureTierSchema = z.enum(MARKET_FIGURE_TIERS);

/** One market figure and where it came from. */
export const marketFigureSchema = z.object({
  value: z.nullable(z.union([z.number(), z.string()])),
  /** what the figure is, when the metric's own label does not say it (the investor tax rate) */
  label: z.optional(z.string()),
  source: z.string(),
  /** when the source's data is from, e.g. 'FY2025' */
  vintage: z.nullable(z.string()),
  tier: marketFigureTierSchema,
  /** a low–high band around the value: the market rent's range, HUD's payment-standard band */
  range: z.optional(z.object({ low: z.number(), high: z.number(), note: z.optional(z.string()) })),
  note: z.optional(z.string()),
  /**
   * a rate of the price with a fixed part (insurance, whose fixed part the metrics keep as
   * `insurance_fixed`): what each further dollar of price adds, where `value` is the rate at the
   * price analysed
   */
  per_dollar: z.optional(z.number()),
});

/** The market data behind the defaults, figure by figure. Loose until the API settles its figures. */
export const marketDataSchema = z.looseObject({
  figures: z.record(z.string(), marketFigureSchema),
  warnings: z.array(z.string()),
  /** what the figures together say in the investor's favour, e.g. a Section 8 opportunity */
  opportunities: z.optional(z.array(z.string())),
  /** the rentals a live rent estimate rests on (RentCast) */
  comparables: z.optional(z.array(rentComparableSchema)),
  /** the provider's public record of the property, with its current tax bill */
  property_record: z.optional(propertyRecordSchema),
});

/** The property with its editable assumptions: the body of POST /update_metrics wraps it. */
export const propertyWithMetricsSchema = z.extend(propertyInputSchema, { metrics: assumptionsSchema });

/**
 * The id of a stored analysis or saved property: 24 lower-case base32 characters (the API's one id
 * generator). Checked before any database read, so a malformed id is a 400, never a 500.
 */
export const recordIdSchema = z.string().check(z.regex(/^[a-z2-7]{24}$/, 'Not a valid id.'));

/**
 * POST /update_metrics: the analysis being edited (`analysis_id`, or `saved_property_id` for a saved
 * property), and the property with its edited metrics. The server recomputes with that analysis's
 * stored market facts; the address, ZIP, county, bedrooms, bathrooms and house type must be the
 * stored ones (a different property is a new analysis).
 */
export const updateMetricsRequestSchema = z
  .object({
    analysis_id: z.optional(recordIdSchema),
    saved_property_id: z.optional(recordIdSchema),
    property: propertyWithMetricsSchema,
    /** the "±" to keep with the analysis, replacing those kept; left out, they stay as they are */
    range_widths: z.optional(rangeWidthsSchema),
    /** the `revision` the edit starts from: a stored analysis changed since is a 409 ANALYSIS_CHANGED */
    revision: z.optional(z.string().check(z.maxLength(40))),
  })
  .check(
    z.refine((body) => (body.analysis_id === undefined) !== (body.saved_property_id === undefined), {
      message: 'Name the analysis being edited: analysis_id or saved_property_id (one of them).',
      path: ['analysis_id'],
    }),
  );

/** The response of POST /create_property and POST /update_metrics. */
export const analysisResponseSchema = z.object({
  /** the user's stored analysis these numbers are (GET /api/analyses/:id reopens it) */
  analysis_id: z.string(),
  /**
   * The stamp of the stored analysis's last change, for update_metrics to send back: an edit made
   * elsewhere since (another tab) is then refused, not overwritten. Absent where no row was read.
   */
  revision: z.optional(z.string()),
  /** the user's save that shows this analysis, when there is one (GET /api/analyses/:id says it) */
  saved_property_id: z.optional(z.string()),
  property: z.extend(propertySchema, { metrics: storedAssumptionsSchema }),
  year_1_metrics: z.extend(year1MetricsSchema, { hud_rent: nullableNumber, rentometer_rent: nullableNumber }),
  metric_display_names: z.record(z.string(), z.string()),
  sale_assumptions: saleAssumptionsSchema,
  overall_returns: overallReturnsSchema,
  summary: ratingSchema,
  metrics_for_hold_period: formattedHoldPeriodTableSchema,
  /** the engine's numeric per-year arrays, for API users (the formatted table is metrics_for_hold_period) */
  hold_period: holdPeriodTableSchema,
  /** the after-tax returns, when the metrics give a tax situation */
  after_tax: z.optional(afterTaxSchema),
  market_data: marketDataSchema,
  /** the deal's named scenarios besides these metrics (its base case), oldest first (issue 28 §6) */
  scenarios: z.array(scenarioSchema),
  /** the user's "±" on its assumptions, as typed: the ranges' widths (issue 27 §1) */
  range_widths: rangeWidthsSchema,
});

/** GET /api/shared/:token: the analysis as its owner last saved it, with no account data or ids. */
export const sharedAnalysisSchema = z.omit(analysisResponseSchema, {
  analysis_id: true,
  revision: true,
  saved_property_id: true,
});

/** One row of GET /api/analyses: enough to list and pick an analysis. */
export const analysisSummarySchema = z.object({
  id: z.string(),
  /** '1100 Congress Ave, Austin, TX 78701' */
  address: z.string(),
  /** the building, so analyses of one address read apart (`buildingText`) */
  factor: z.number(),
  num_bedrooms: z.number(),
  num_bathrooms: z.number(),
  purchase_price: z.number(),
  overall_points: z.number().check(z.int()),
  overall_color: z.enum(RATING_COLORS),
  /** ISO 8601: when the analysis was run, and when its metrics were last edited */
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /api/analyses?limit=&cursor=: newest first; pass `next_cursor` back as `cursor` for the next page. */
export const analysisListQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});

export const analysisListSchema = z.object({
  analyses: z.array(analysisSummarySchema),
  /** null on the last page */
  next_cursor: z.nullable(z.string()),
});

export type Year1MetricsResponse = z.output<typeof analysisResponseSchema>['year_1_metrics'];
export type MarketFigure = z.output<typeof marketFigureSchema>;
export type MarketFigureTier = z.output<typeof marketFigureTierSchema>;
export type MarketData = z.output<typeof marketDataSchema>;
export type PropertyWithMetrics = z.output<typeof propertyWithMetricsSchema>;
export type UpdateMetricsRequest = z.output<typeof updateMetricsRequestSchema>;
export type AnalysisResponse = z.output<typeof analysisResponseSchema>;
export type SharedAnalysis = z.output<typeof sharedAnalysisSchema>;
export type AnalysisSummary = z.output<typeof analysisSummarySchema>;
export type AnalysisList = z.output<typeof analysisListSchema>;
