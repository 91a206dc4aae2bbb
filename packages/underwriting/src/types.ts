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

/**
 * A second loan (issue 28 §3), such as seller financing: its own rate, term and payment, paid off at
 * the sale or at its balloon month, whichever comes first. README, "Loan shapes (issue 28 §3)".
 */
export interface SecondLoan {
  /** principal, $; lowers the cash the investor brings to closing; less than the down payment */
  amount: number;
  /** fraction per year, compounded monthly */
  interest_rate: number;
  /** whole months, 1–480; the payment amortises the loan over them (after any interest-only months) */
  term_months: number;
  /** whole months paying interest only, 0 to term_months − 1; omitted: 0 */
  interest_only_months?: number;
  /** whole month, 1 to term_months, at whose end the balance is paid off; omitted: none (paid at the sale or the term's end) */
  balloon_month?: number;
}

/**
 * Optional loan shapes (issue 28 §3): an interest-only start, points and a second loan. Like
 * `ExpenseLines`, kept out of `DealInput`; an input that omits them is analysed exactly as before.
 */
export interface LoanShape {
  /** whole months of interest-only payments on the first loan, 0 to 12 × loan_term − 1; then it amortises over the rest of the term */
  interest_only_months?: number;
  /** fraction of the first loan's amount paid at closing (0.01 = one point), 0–0.1 */
  points?: number;
  second_loan?: SecondLoan;
}

/** The loan shapes' figures, each present only when its input is given. */
export interface LoanShapeFigures {
  /** points × loan_amount, $ at closing (in total_cost_to_close) */
  points_cost?: number;
  /** the first loan's payment once it amortises (after the interest-only months), $/month */
  amortizing_loan_payment?: number;
  /** the second loan's month-1 payment, $/month */
  second_loan_payment?: number;
  /** the second loan's payment once it amortises, $/month (its month-1 payment when it has no interest-only months) */
  second_loan_amortizing_payment?: number;
  /** the month the second loan is paid off: its balloon month, its term's end or the sale, the earliest */
  second_loan_payoff_month?: number;
  /** the balance paid off then, $ (0 when the term ended first) */
  second_loan_payoff?: number;
}

/** A cash-out refinance of the first loan (issue 28 §2). */
export interface Refinance {
  /** whole month, 1 to 12 × hold_period − 1, at whose end the new loan pays off the old */
  month: number;
  /** the new loan over the property's value that month, fraction in [0, 1) */
  loan_to_value: number;
  /** fraction per year */
  interest_rate: number;
  /** whole years, 1–40; the new loan amortises fully over them */
  loan_term: number;
  /** $, paid out of the new loan */
  closing_costs: number;
}

/**
 * Optional rehab and refinance inputs (issue 28 §2, "BRRRR"). Like `ExpenseLines`, kept out of
 * `DealInput`; an input that omits them is analysed exactly as before. README, "Rehab and refinance".
 */
export interface RehabAndRefinance {
  /** $ spent at purchase */
  rehab_budget?: number;
  /** whether the rehab is added to the first loan (true) or paid in cash (false, the default) */
  rehab_financed?: boolean;
  /** whole months of rehab from the purchase, 0 to 12 × hold_period − 1: no income, no management, maintenance, capex reserve or leasing */
  rehab_months?: number;
  /** $, the value when the rehab is done; appreciation runs from it after the rehab months */
  after_repair_value?: number;
  refinance?: Refinance;
}

/** The refinance's figures, present only when `refinance` is given. */
export interface RehabAndRefinanceFigures {
  /** the property's value at the refinance month, $ */
  refinance_value?: number;
  /** refinance.loan_to_value × refinance_value, $ */
  refinance_loan_amount?: number;
  /** the old first loan's balance paid off, $ */
  refinance_payoff?: number;
  /** the new loan's monthly payment, $ */
  refinance_loan_payment?: number;
  /** the investor's cash at closing (total_cost_to_close), $ */
  cash_invested?: number;
  /** new loan − payoff − refinance closing costs, $; negative when the investor pays in */
  cash_returned_at_refinance?: number;
  /** cash_invested − cash_returned_at_refinance, $ */
  cash_left_in_deal?: number;
  /** the levered operating cash flow of the 12 months after the refinance (annualised when the sale comes sooner) / cash_left_in_deal; null when no cash is left in */
  cash_on_cash_on_cash_left_in?: number | null;
  /** true when the refinance returned all the cash invested or more (cash_left_in_deal ≤ 0) */
  no_cash_left_in?: boolean;
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

/**
 * What `analyze` returns with every optional input: year-1 metrics may also carry the loan shapes
 * given (inputs echoed, `LoanShapeFigures` beside them), the hold-period table each expense line's
 * dollars by year, and, with `tax`, the after-tax figures. Assignable to `AnalysisWithExpenseLines`
 * and to `Analysis`.
 */
export interface AnalysisWithOptionalInputs extends AnalysisWithExpenseLines {
  year_1_metrics: Year1Metrics &
    ExpenseLines &
    ExpenseLineFigures &
    LoanShape &
    LoanShapeFigures &
    RehabAndRefinance &
    RehabAndRefinanceFigures &
    InsuranceShape &
    PropertyTaxShape;
  /**
   * with `expense_lines` when the deal gives any expense line (capex reserve, HOA, owner utilities,
   * leasing fee), and `refinance_cash` (each year's cash out of a refinance, inside the levered
   * Cashflow) when it gives a refinance
   */
  hold_period: HoldPeriodTable & { expense_lines?: ExpenseLineRows; refinance_cash?: number[] };
  /** present only when `tax` is given */
  after_tax?: AfterTaxFigures;
}

/** How a year's tax loss is treated (README, "After-tax returns (issue 28 §4)", "Losses"). */
export type LossTreatment = 'carry_forward' | 'offset';

/** The investor's tax situation (issue 28 §4). Rates are fractions of a dollar of income. */
export interface TaxInputs {
  /** ordinary income rate on the rental's net income (federal, plus state if wanted), 0–0.6 */
  marginal_rate: number;
  /** long-term capital gains rate on the gain above the depreciation taken, 0–0.6 */
  capital_gains_rate: number;
  /** rate on unrecaptured §1250 gain (the gain up to the depreciation taken): min(marginal, 25 %), 0–0.25 */
  recapture_rate: number;
  /** share of the cost basis that is land, which is not depreciated, 0–0.9 */
  land_share: number;
  /**
   * `carry_forward` (default): a year's loss is suspended and set against later years' rental
   * income; what is left is released in full at the sale (IRC §469(b), §469(g)). `offset`: a loss
   * offsets other income at `marginal_rate` in its year (a real estate professional, or an
   * investor inside the $25,000 allowance), so a year's tax can be negative, a saving.
   */
  losses?: LossTreatment;
}

/**
 * The optional tax input of `analyze` (issue 28 §4). Like the other optional inputs, kept out of
 * `DealInput`; it is not echoed in `year_1_metrics`. Given, `analyze` adds `after_tax`.
 */
export interface TaxTerms {
  tax?: TaxInputs;
}

/**
 * How the insurance premium follows the price (README, "Insurance that does not all follow the
 * price"): a premium is a fixed part plus a part per dollar of cover, so at another price
 * (`atPrice`, the maximum offer, the price's rows of what breaks the deal) and in the default a new
 * price derives (`DERIVATIONS.insurance`) only the rest moves. Left out, all of it follows the price.
 */
export interface InsuranceShape {
  /** the part of year-1 insurance that does not follow the price, $/yr, ≥ 0 */
  insurance_fixed?: number;
}

/**
 * A property tax charged in two tiers of the value (README, "A property tax in tiers"): `rate` on
 * the value up to `upper_from` and `upper_rate` on each dollar above it (Honolulu's residential A
 * class: 0.40 % up to $1M, 1.14 % above). At another price (`atPrice`: the maximum offer, the
 * sensitivity grid) and in the default a new price derives (`DERIVATIONS.property_taxes`) the tax
 * follows the tiers. Left out, the tax follows the price in proportion.
 */
export interface PropertyTaxShape {
  property_tax_tiers?: PropertyTaxTiers;
}

export interface PropertyTaxTiers {
  /** the rate on the value up to `upper_from`, a fraction a year */
  rate: number;
  /** where the upper tier starts, $ of value */
  upper_from: number;
  /** the rate on each dollar of value above `upper_from`, a fraction a year */
  upper_rate: number;
}

/** The tax at the sale (`afterTax`'s `sale`). */
export interface AfterTaxSale {
  price: number;
  cost_to_sell: number;
  /** price − cost to sell */
  amount_realized: number;
  cost_basis: number;
  /** all the depreciation taken over the hold */
  accumulated_depreciation: number;
  /** cost basis − accumulated depreciation */
  adjusted_basis: number;
  /** amount realized − adjusted basis (negative: a loss on the sale) */
  gain: number;
  /** a one-year hold (bought in January, sold in December): held a year or less, so the whole gain is
   * short-term, taxed at the marginal rate (no §1250 split, no capital gains rate) */
  short_term: boolean;
  /** the gain up to the depreciation taken: min(gain, accumulated depreciation); 0 without a gain or when short-term */
  unrecaptured_1250_gain: number;
  /** gain − unrecaptured §1250 gain (negative: a loss on the sale) */
  capital_gain: number;
  /** recapture_rate × unrecaptured §1250 gain */
  recapture_tax: number;
  /** capital_gains_rate × capital gain (marginal_rate when short-term); for a loss, marginal_rate × the loss (an ordinary §1231 loss: negative, a saving) */
  capital_gains_tax: number;
  /** suspended losses still unused at the sale, released in full (`carry_forward`) */
  released_losses: number;
  /** −marginal_rate × released losses (a saving) */
  released_losses_tax: number;
  /** recapture + capital gains + released-loss tax: the tax at sale, negative = a saving */
  tax: number;
  loan_payoff: number;
  /** amount realized − loan payoff */
  pre_tax_proceeds: number;
  /** pre-tax proceeds − tax at sale */
  after_tax_proceeds: number;
}

/**
 * `analyze`'s `after_tax`, present only when `tax` is given (README, "After-tax returns (issue 28
 * §4)"). `years` holds one number per hold year, as `hold_period` does.
 */
export interface AfterTaxFigures {
  basis: {
    /** price + closing cost (+ rehab budget), $ */
    cost_basis: number;
    /** land_share × cost basis */
    land: number;
    /** cost basis − land: what is depreciated */
    building: number;
    /** a full year's depreciation, building / 27.5 */
    annual_depreciation: number;
  };
  years: {
    /** interest paid on every loan in the year */
    interest: number[];
    depreciation: number[];
    /** loan costs deducted: amortised, the unamortised rest in the year the loan is paid off */
    loan_costs: number[];
    /** NOI − interest − depreciation − loan costs */
    taxable_income: number[];
    losses_used: number[];
    suspended_losses: number[];
    tax: number[];
    /** the year's levered cash flow without the sale (NOI − debt service − balloons + refinance cash) */
    pre_tax_cash_flow: number[];
    /** pre-tax cash flow − tax */
    after_tax_cash_flow: number[];
  };
  sale: AfterTaxSale;
  /** Σ yearly tax + tax at sale */
  total_tax: number;
  levered_equity: number;
  levered_profit: number;
  levered_equity_multiple: number | null;
  levered_xirr: number | null;
  levered_xirr_multiple_roots: boolean;
}

/** Each given expense line's dollars by hold year, `hold_period.expense_lines` (issue 28 §1). */
export interface ExpenseLineRows {
  capex_reserve?: number[];
  hoa?: number[];
  owner_utilities?: number[];
  /** from `leasing_fee` */
  leasing?: number[];
}

/** Every optional input `analyze` and the decision tools accept. */
export type OptionalInputs = ExpenseLines &
  LoanShape &
  RehabAndRefinance &
  TaxTerms &
  InsuranceShape &
  PropertyTaxShape;
