/**
 * The shapes the model reads and writes. Keys are snake_case because they are the product's
 * wire format (API, CLI and saved deals all speak it); see underwriting-model.md.
 */

/** The editable assumptions of the model, with the units of underwriting-model.md. */
export interface Assumptions {
  /** $ */
  purchase_price: number;
  /** $ */
  closing_cost: number;
  /** $/month for the whole property */
  rent: number;
  /** $/month */
  other_income: number;
  /** fraction of potential income */
  vacancy_rate: number;
  rent_annual_growth_rate: number;
  other_income_annual_growth_rate: number;
  /** $/yr, year 1 */
  property_management: number;
  property_management_annual_growth_rate: number;
  /** $/yr, year 1 */
  insurance: number;
  insurance_annual_growth_rate: number;
  /** $/yr, year 1 */
  property_taxes: number;
  property_taxes_annual_growth_rate: number;
  /** $/yr, year 1 (repairs and capital reserve) */
  maintenance: number;
  property_maintenance_annual_growth_rate: number;
  /** fraction in [0, 1) */
  loan_to_value: number;
  /** fraction per year */
  interest_rate: number;
  /** whole years, 1–40 */
  loan_term: number;
  /** $ */
  financing_fees: number;
  /** $ */
  loan_processing_fees: number;
  annual_price_appreciation: number;
  /** fraction of the sale price */
  cost_to_sell: number;
  /** whole years, 1–30 */
  hold_period: number;
}

export const CRIME_GRADES = [
  'A+',
  'A',
  'A-',
  'B+',
  'B',
  'B-',
  'C+',
  'C',
  'C-',
  'D+',
  'D',
  'D-',
  'F',
] as const;
export type CrimeGrade = (typeof CRIME_GRADES)[number];

/** Everything `analyze` needs: the assumptions plus the property facts the rating reads. */
export interface DealInput extends Assumptions {
  /** house type: 1 = single family … 4 = four family */
  units: number;
  violent_crime_grade: CrimeGrade | null;
  property_crime_grade: CrimeGrade | null;
}

/**
 * Optional expense lines (issue 28 §1): an input that omits them is analysed exactly as before, to
 * the bit and in shape. They are kept out of `DealInput`'s type so that `keyof DealInput` (which
 * other packages enumerate) is unchanged; functions that read them take `DealInput & ExpenseLines`.
 * README, "Expense lines (issue 28 §1)".
 */
export interface ExpenseLines {
  /**
   * fraction of year-1 gross scheduled rent (12 × rent) set aside for capital expenditures; the
   * dollar reserve grows at `property_maintenance_annual_growth_rate`
   */
  capex_reserve?: number;
  /** HOA dues, $/month, year 1 */
  hoa?: number;
  /** growth of the HOA dues, fraction/yr; omitted: `property_maintenance_annual_growth_rate` */
  hoa_annual_growth_rate?: number;
  /** utilities the owner pays (water, trash, common-area power), $/month, year 1; grow at the maintenance growth rate */
  owner_utilities?: number;
  /** fraction of one month's rent paid per new lease (0.5 = half a month); needs `tenancy_months` */
  leasing_fee?: number;
  /** expected tenancy, months (an average, need not be whole); a new lease every `tenancy_months` */
  tenancy_months?: number;
}

/** The expense lines' year-1 dollars ($/yr), each present only when its input is given. */
export interface ExpenseLineFigures {
  /** capex_reserve × 12 × rent */
  capex_reserve_expense?: number;
  /** 12 × hoa */
  hoa_expense?: number;
  /** 12 × owner_utilities */
  owner_utilities_expense?: number;
  /** leasing_fee × rent × 12 / tenancy_months */
  leasing_expense?: number;
}

export interface Year1Figures {
  total_acquisition: number;
  effective_gross_revenue: number;
  total_expenses: number;
  net_operating_income: number;
  loan_amount: number;
  down_payment: number;
  total_cost_to_close: number;
  monthly_loan_payment: number;
  monthly_unlevered_cash_flow: number;
  yearly_unlevered_cash_flow: number;
  monthly_levered_cash_flow: number;
  yearly_levered_cash_flow: number;
  unlevered_returns: number;
  levered_returns: number;
  cap_rate: number;
  /** null without a loan */
  dscr: number | null;
  /** null when rent is 0 */
  gross_rent_multiplier: number | null;
  /** null when year-1 potential income is 0 */
  break_even_occupancy: number | null;
  rent_to_price: number;
}

/** Year-1 figures with the inputs echoed beside them. */
export type Year1Metrics = Year1Figures & DealInput;

export interface SaleAssumptions {
  /** the sale price: purchase_price × (1 + annual_price_appreciation)^hold_period */
  sale_price_appreciation: number;
  sale_month: number;
  hold_period: number;
  annual_price_appreciation: number;
  cost_to_sell: number;
}

export interface OverallReturns {
  unlevered_equity: number;
  unlevered_equity_multiple: number | null;
  unlevered_profit: number;
  unlevered_xirr: number | null;
  levered_equity: number;
  levered_equity_multiple: number | null;
  levered_profit: number;
  levered_xirr: number | null;
  /** true when the flows change sign more than once and several rates solve them (the one the profit points to is given, README "Several XIRRs") */
  unlevered_xirr_multiple_roots: boolean;
  levered_xirr_multiple_roots: boolean;
}

/** One number per year; expenses, mortgage and payoff are positive amounts. */
export interface HoldPeriodTable {
  unlevered: {
    revenue: number[];
    expense: number[];
    net_operating_income: number[];
    proceeds_from_sale: number[];
    cashflow: number[];
    annual_return: number[];
  };
  levered: {
    revenue: number[];
    expense: number[];
    mortgage: number[];
    rental_cashflow: number[];
    loan_payoff: number[];
    proceeds_from_sale: number[];
    equity_accumulated: number[];
    cashflow: number[];
    annual_return: number[];
  };
}

export type ScoreName = 'cash_flow' | 'return' | 'safety' | 'yield' | 'neighbourhood';

export interface Score {
  name: ScoreName;
  /** what the score reads, for people */
  label: string;
  /** the measured value (a fraction, a ratio or a 0–1 grade score); null when the model has none */
  measure: number | null;
  /** the measure that earns 0 points */
  floor: number;
  /** the measure that earns full points */
  cap: number;
  max_points: number;
  /** unrounded points earned, in [0, max_points] */
  points: number;
}

export type RatingColor = 'Green' | 'Light-Green' | 'Yellow' | 'Red Orange' | 'Red';

export interface Rating {
  /** whole number 0–100 */
  overall_points: number;
  overall_color: RatingColor;
  overall_response: string;
  scores: Score[];
}

/** The whole analysis: the CLI prints exactly this object. */
export interface Analysis {
  year_1_metrics: Year1Metrics;
  sale_assumptions: SaleAssumptions;
  overall_returns: OverallReturns;
  hold_period: HoldPeriodTable;
  summary: Rating;
}

/**
 * What `analyze` returns: an `Analysis` whose year-1 metrics may also carry the expense lines given
 * (inputs echoed, `ExpenseLineFigures` beside them). A separate type so that `Analysis` and
 * `Year1Metrics`, which `@sfr/contracts` mirrors exactly, are unchanged until the lines are wired
 * there; it is assignable to `Analysis`.
 */
export interface AnalysisWithExpenseLines extends Analysis {
  year_1_metrics: Year1Metrics & ExpenseLines & ExpenseLineFigures;
}
