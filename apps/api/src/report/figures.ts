/**
 * What a deal report says, section by section: the one list the PDF and the CSV are both written
 * from, so the two can never disagree. Pure: an analysis in, labelled numbers out.
 */
import {
  addressLine,
  assembleScenario,
  assumptionProvenance,
  BASE_SCENARIO_NAME,
  type ComparableRow,
  checkFirst,
  comparableRows,
  dealInput,
  derivationContextOf,
  EXPENSE_LINE_METRIC_KEYS,
  factsOf,
  formatMarketFigure,
  formatMarketRange,
  formatMetric,
  formatMoney,
  holdPeriodCellDisplay,
  holdPeriodOptionalFigures,
  holdPeriodRowsShown,
  houseTypeName,
  LOAN_SHAPE_METRIC_KEYS,
  liveRentLine,
  METRIC_LABELS,
  type MetricKey,
  marketFigureMeta,
  measureBand,
  negativeCashFlowChance,
  ORIGIN_WORDS,
  perUnitLabel,
  RANGE_MEASURES,
  RANGE_SIMULATION,
  REHAB_METRIC_KEYS,
  recordFactsLine,
  roundByKind,
  roundMarketFigure,
  roundMetric,
  type SharedAnalysis,
  type StrategyTermKey,
  sourceName,
  strategyTerms,
  strategyTermValues,
  taxBillLine,
  widenedRangeText,
  widenedSpreads,
} from '@sfr/contracts';
import {
  type DerivedKey,
  defaultMirrRates,
  inferOverridden,
  modifiedReturns,
  monthlyScheduleOf,
  SIMULATED_MEASURES,
  type Simulation,
  type Spread,
  type SpreadKey,
} from '@sfr/underwriting';

/** One figure of the report; `value` is the unformatted number (or text), `text` how it reads. */
export interface ReportLine {
  key: string;
  label: string;
  value: number | string | null;
  text: string;
}

export interface ReportSection {
  key: string;
  title: string;
  lines: ReportLine[];
}

/** One market figure with its evidence: where it comes from, how current, and how it was had. */
export interface EvidenceLine {
  key: string;
  label: string;
  value: number | string | null;
  text: string;
  source: string;
  vintage: string | null;
  /** reported, estimated, live, … (issue 12); null while the API does not say */
  tier: string | null;
  /** '$2,600 – $3,300', the figure's low–high band, with the band's own note */
  range: string | null;
  note: string | null;
}

/** What a live provider showed (RentCast): its rent and range, the comparables, the property record. */
export interface LiveEvidenceReport {
  /** the sentences: the live rent with its range, the record's facts, its tax bill beside ours */
  lines: string[];
  comparables: ComparableRow[];
  /** the record's latest tax bill, for the CSV */
  taxBill: { year: number; total: number; source: string; vintage: string } | null;
}

/** One assumption with where its value comes from (the results' "Derived", "Default" or the user's). */
export interface AssumptionReportLine {
  key: string;
  label: string;
  value: number | string | null;
  text: string;
  /** 'Derived', 'Default', 'Entered' (typed by the deal's owner) or 'Scenario' (set by the scenario shown) */
  origin: string;
  /** the rule or default it follows, or what an entered value replaced */
  basis: string;
  /** what the ranges vary it over, when it is varied */
  range: string | null;
}

export interface HoldPeriodReportRow {
  group: 'Unlevered' | 'Levered';
  row: string;
  /** one number per year, Year 1 first: expenses (each expense line too), mortgage, payoff and income tax as positive amounts */
  values: number[];
  /** as the results screen shows them ('-' for no sale proceeds, a blank for no payoff) */
  texts: string[];
  /** what a reader needs to read the row (the sale's tax in the last year); null when nothing */
  note: string | null;
}

export interface DealReport {
  title: string;
  address: string;
  sections: ReportSection[];
  evidence: EvidenceLine[];
  /** every assumption the deal holds, in the results' order, with its origin and range */
  assumptions: AssumptionReportLine[];
  /** null when the analysis had no live provider's evidence */
  live: LiveEvidenceReport | null;
  holdPeriod: HoldPeriodReportRow[];
  rating: {
    points: number;
    color: string;
    response: string;
    scores: { label: string; measure: number | null; points: number; maxPoints: number }[];
  };
}

/** The lender's DSCR (what DSCR loans are sized on) and the labels the report gives it. */
export const LENDER_DSCR_LABEL = 'Lender DSCR (gross rent ÷ PITI)';
export const REFINANCE_LENDER_DSCR_LABEL = 'Lender DSCR after the refinance (gross rent ÷ PITI)';
export const NOI_DSCR_LABEL = 'DSCR (NOI ÷ debt service)';

/**
 * Gross monthly rent ÷ monthly principal, interest, taxes and insurance: the ratio DSCR lenders
 * underwrite, with no vacancy or operating costs taken off. The debt service is every loan's
 * payment on the property (the first loan's, interest-only while it is, and a seller's second
 * loan's). Null when there is no loan.
 *
 * @example lenderDscr({ rent: 2347, property_taxes: 6907.5, insurance: 2700 }, 2481.11) // 2347 / (2481.11 + 575.63 + 225) = 0.7152
 */
export function lenderDscr(
  metrics: { rent: number; property_taxes: number; insurance: number },
  monthlyDebtService: number,
): number | null {
  if (monthlyDebtService <= 0) return null;
  return metrics.rent / (monthlyDebtService + metrics.property_taxes / 12 + metrics.insurance / 12);
}

/**
 * The lender's DSCR a refinance is sized on: the first month on the new loan, from the engine's
 * month-by-month schedule (that month's rent, taxes and insurance, as grown, and every loan's
 * payment then: the new loan's and a seller's loan still paying). Null without a refinance.
 */
export function refinanceLenderDscr(analysis: SharedAnalysis): number | null {
  const metrics = analysis.property.metrics;
  if (!metrics.refinance) return null;
  const rows = monthlyScheduleOf(dealInput(analysis.property, metrics, factsOf(analysis)));
  const month = rows[metrics.refinance.month];
  if (!month || month.debt_service <= 0) return null;
  return month.gross_rent / (month.debt_service + month.property_taxes + month.insurance);
}

/** A metric's line: its number rounded as the screen shows it (no float noise in the CSV), and its text. */
function metricLine(key: MetricKey, value: number | string | null, label = METRIC_LABELS[key]): ReportLine {
  return {
    key,
    label,
    value: typeof value === 'number' ? roundMetric(key, value) : value,
    text: formatMetric(key, value),
  };
}

/**
 * The MIRR of each side at the loan's rate for financing and reinvesting, as the results page
 * starts it (issue 27 §4): one rate whatever the flows' signs do.
 */
function mirrSection(analysis: SharedAnalysis): ReportSection {
  const deal = dealInput(analysis.property, analysis.property.metrics, factsOf(analysis));
  const rates = defaultMirrRates(deal);
  const mirrs = modifiedReturns(deal, rates);
  return {
    key: 'mirr',
    title: `Modified IRR (at ${formatMetric('interest_rate', rates.finance_rate)} finance and reinvestment)`,
    lines: (['unlevered', 'levered'] as const).map((side) => {
      const value = mirrs[`${side}_mirr`];
      return {
        key: `${side}_mirr`,
        label: side === 'unlevered' ? 'Unlevered MIRR' : 'Levered MIRR',
        value: value === null ? null : roundByKind('percent', value),
        text: formatMetric('levered_xirr', value),
      };
    }),
  };
}

function textLine(key: string, label: string, value: string): ReportLine {
  return { key, label, value, text: value };
}

/** The assumption each market figure sets by default (the rent from the market rent, …). */
const ASSUMPTION_OF_FIGURE: Readonly<Record<string, DerivedKey>> = {
  rentometer_rent: 'rent',
  property_tax_rate: 'property_taxes',
  insurance: 'insurance',
  interest_rate: 'interest_rate',
  annual_price_appreciation: 'annual_price_appreciation',
};

/** "You entered $5,800.00 for Property Taxes instead.", where the user's value replaced the figure's. */
function replacedBy(
  analysis: SharedAnalysis,
  key: string,
  overridden: ReadonlySet<DerivedKey>,
): string | null {
  const assumption = ASSUMPTION_OF_FIGURE[key];
  if (!assumption || !overridden.has(assumption)) return null;
  const value = analysis.property.metrics[assumption];
  return `You entered ${formatMetric(assumption, value)} for ${METRIC_LABELS[assumption]} instead.`;
}

function evidenceLines(analysis: SharedAnalysis): EvidenceLine[] {
  const overridden = inferOverridden(analysis.property.metrics, derivationContextOf(analysis));
  return Object.entries(analysis.market_data.figures).map(([key, figure]) => {
    const extra = figure as Record<string, unknown>;
    const replaced = replacedBy(analysis, key, overridden);
    return {
      key,
      label: perUnitLabel(key, marketFigureMeta(key).label, analysis.property.factor),
      value: roundMarketFigure(key, figure.value),
      text: formatMarketFigure(key, figure.value),
      source: sourceName(figure.source),
      vintage: figure.vintage,
      tier: typeof extra.tier === 'string' ? extra.tier : null,
      range: figure.range ? formatMarketRange(key, figure.range) : null,
      note: [replaced, figure.note].filter(Boolean).join(' ') || null,
    };
  });
}

/**
 * The origin's word in the report: a value its owner typed reads 'Entered' to whoever reads it, one
 * a scenario sets (a Section 8 rent) 'Scenario'.
 */
const ORIGIN_WORD = { ...ORIGIN_WORDS, overridden: 'Entered', scenario: 'Scenario' } as const;

/**
 * Every assumption the deal holds, with where it comes from (as the results say it) and the range
 * the simulation varies it over: the growth rates and the model's defaults too, which the report's
 * sections leave out or give without their origin (QA). In a scenario's report, `base` is the deal
 * it varies: what the scenario set reads as the scenario's, beside the base case's value (QA: a
 * Section 8 rent read 'Entered', as if the owner had typed it).
 */
function assumptionLines(analysis: SharedAnalysis, base?: SharedAnalysis): AssumptionReportLine[] {
  const baseValues: Partial<Record<MetricKey, unknown>> | null = base ? base.property.metrics : null;
  const provenance = assumptionProvenance(analysis).map(({ key, value, origin, range }) => {
    const line = metricLine(key, value);
    const baseValue = baseValues?.[key];
    if (baseValues && baseValue !== value) {
      const was = typeof baseValue === 'number' ? formatMetric(key, baseValue) : 'none';
      return {
        ...line,
        origin: ORIGIN_WORD.scenario,
        basis: `set by the scenario; the base case has ${was}`,
        range,
      };
    }
    return {
      ...line,
      origin: origin ? ORIGIN_WORD[origin.kind] : ORIGIN_WORD.overridden,
      basis: !origin ? '' : origin.kind === 'overridden' ? `instead of ${origin.basis}` : origin.basis,
      range,
    };
  });
  // the strategy terms' inputs one by one (QA: only sentences before): typed, and never varied
  const terms = strategyTermValues(analysis.property.metrics).map((term) => ({
    ...term,
    origin: ORIGIN_WORD.overridden,
    basis: '',
    range: null,
  }));
  return [...provenance, ...terms];
}

function liveEvidence(analysis: SharedAnalysis): LiveEvidenceReport | null {
  const { market_data: data } = analysis;
  const record = data.property_record ?? null;
  const comparables = comparableRows(data.comparables ?? []);
  if (!record && comparables.length === 0) return null;
  const lines = [
    liveRentLine(data),
    record && recordFactsLine(record),
    record && taxBillLine(record, analysis.property.metrics.property_taxes),
  ].filter((line): line is string => Boolean(line));
  const bill = record?.tax_bill;
  return {
    lines,
    comparables,
    taxBill: bill && record ? { ...bill, source: record.source, vintage: record.vintage } : null,
  };
}

const HOLD_PERIOD_KEYS = {
  Unlevered: {
    Revenue: 'revenue',
    Expense: 'expense',
    'Net Operating Income': 'net_operating_income',
    'Proceeds From Sale': 'proceeds_from_sale',
    Cashflow: 'cashflow',
    'Annual Return': 'annual_return',
  },
  Levered: {
    Revenue: 'revenue',
    Expense: 'expense',
    Mortgage: 'mortgage',
    'Rental Cashflow': 'rental_cashflow',
    'Loan Payoff': 'loan_payoff',
    'Proceeds From Sale': 'proceeds_from_sale',
    'Equity Accumulated': 'equity_accumulated',
    Cashflow: 'cashflow',
    'Annual Return': 'annual_return',
  },
} as const;

/** A hold-period row's numbers rounded as its table shows them: returns as percents, the rest as money. */
function asShown(row: string, values: readonly number[]): number[] {
  const kind = row === 'Annual Return' ? 'percent' : 'money';
  return values.map((value) => roundByKind(kind, value));
}

/**
 * The table's rows as the results screen shows them: the fixed rows, each optional expense line
 * after Expense and, with `after_tax`, Income Tax and After-Tax Cashflow after the Levered Cashflow
 * (issue 28), the numbers from the engine's figures and the texts from `metrics_for_hold_period`.
 */
function holdPeriodRows(analysis: SharedAnalysis): HoldPeriodReportRow[] {
  const optional = holdPeriodOptionalFigures(analysis.hold_period, analysis.after_tax);
  const rows: HoldPeriodReportRow[] = [];
  for (const group of ['Unlevered', 'Levered'] as const) {
    const fixed: Record<string, string> = HOLD_PERIOD_KEYS[group];
    const figures: Partial<Record<string, readonly number[]>> = {
      ...(group === 'Unlevered' ? analysis.hold_period.unlevered : analysis.hold_period.levered),
    };
    const extra: Partial<Record<string, number[]>> = optional[group];
    const formatted: Partial<Record<string, readonly string[]>> = analysis.metrics_for_hold_period[group];
    for (const row of holdPeriodRowsShown(group, extra)) {
      const numbers = extra[row] ?? figures[fixed[row] ?? ''] ?? [];
      const texts = formatted[row] ?? numbers.map(formatMoney);
      rows.push({
        group,
        row,
        values: asShown(row, numbers),
        texts: texts.map((text) => holdPeriodCellDisplay(group, row, text)),
        note: holdPeriodRowNote(analysis, group, row),
      });
    }
  }
  return rows;
}

/**
 * The after-tax rows' last year holds the sale too (`holdPeriodOptionalFigures`): the results say
 * so in the rows' tooltips, the report in a note on each row (QA: a reader took the last year's
 * Income Tax for a year's tax). Null for every other row.
 */
function holdPeriodRowNote(analysis: SharedAnalysis, group: string, row: string): string | null {
  const after = analysis.after_tax;
  if (!after || group !== 'Levered') return null;
  const year = `Year ${after.years.tax.length}'s ${row}`;
  if (row === 'Income Tax') {
    // a sale can save tax (losses released): the table adds a saving, so it is said as one (QA)
    const tax = after.sale.tax;
    return tax < 0
      ? `${year} includes the ${formatMoney(-tax)} of tax saved at the sale.`
      : `${year} includes the ${formatMoney(tax)} tax at sale.`;
  }
  if (row === 'After-Tax Cashflow') {
    return `${year} includes the ${formatMoney(after.sale.after_tax_proceeds)} of after-tax sale proceeds.`;
  }
  return null;
}

/**
 * The ranges of the analysis (issue 27): each simulated measure's 10th and 90th percentile, the
 * chance that year 1 loses money and the inputs to check first, from the same simulation the
 * results page shows (RANGE_SIMULATION's draws and seed).
 */
export function rangesSection(simulation: Simulation, analysis: SharedAnalysis): ReportSection {
  const lines: ReportLine[] = [];
  for (const measure of SIMULATED_MEASURES) {
    const key = RANGE_MEASURES[measure];
    const band = measureBand(simulation, measure);
    const label = METRIC_LABELS[key];
    // no band when too few outcomes have the measure (an XIRR most outcomes have no rate for): N/A;
    // an XIRR's 10th percentile can be a total loss: −1 (−100 %) in the CSV, said in words
    const end = (value: number | undefined, text: string | undefined, which: string) => ({
      ...metricLine(key, value ?? null, `${label}, ${which} percentile`),
      ...(text !== undefined && { text }),
    });
    lines.push(
      { ...end(band?.low, band?.lowText, '10th'), key: `${measure}_p10` },
      { ...end(band?.high, band?.highText, '90th'), key: `${measure}_p90` },
    );
  }
  lines.push({
    key: 'negative_cash_flow_chance',
    label: 'Chance year-1 cash flow is negative',
    value: roundByKind('percent', simulation.probabilities.negative_cash_flow),
    text: negativeCashFlowChance(simulation),
  });
  checkFirst(simulation).forEach((input, index) => {
    lines.push({
      key: `check_first_${index + 1}`,
      label: `Check first: ${input.label}`,
      // what the PDF says beside it: a spreadsheet reader gets the swing, not a field name (QA)
      value: input.why,
      text: input.why,
    });
  });
  // then the user's own "±", which the simulation used: a reader must see what was varied (QA)
  const { spreads } = widenedSpreads(analysis.range_widths ?? {}, analysis.property.metrics);
  for (const [key, spread] of Object.entries(spreads) as [SpreadKey, Spread][]) {
    const text = widenedRangeText(key, spread);
    lines.push({ key: `your_range_${key}`, label: `Your range: ${METRIC_LABELS[key]}`, value: text, text });
  }
  return {
    key: 'ranges',
    title: `Ranges (${RANGE_SIMULATION.draws.toLocaleString('en-US')} simulated outcomes)`,
    lines,
  };
}

/** A line for each of `keys` the analysis has: an optional metric it does not give is left out. */
function givenLines(
  analysis: SharedAnalysis,
  keys: readonly (MetricKey & keyof SharedAnalysis['year_1_metrics'])[],
): ReportLine[] {
  const y1 = analysis.year_1_metrics;
  return keys.flatMap((key) => {
    const value = y1[key];
    return value === undefined ? [] : [metricLine(key, value)];
  });
}

/** The deal's strategy terms as report lines, by term (`strategyTerms`' labels and sentences). */
function termLines(analysis: SharedAnalysis): Partial<Record<StrategyTermKey, ReportLine>> {
  return Object.fromEntries(
    strategyTerms(analysis.property.metrics).map(({ key, label, text }) => [key, textLine(key, label, text)]),
  );
}

/** The rehab and refinance section, or null for a deal with neither. */
function rehabSection(analysis: SharedAnalysis): ReportSection | null {
  const terms = termLines(analysis);
  const lines = givenLines(analysis, REHAB_METRIC_KEYS);
  if (terms.rehab_financed) lines.push(terms.rehab_financed);
  if (terms.refinance) {
    lines.push(terms.refinance);
    lines.push({
      ...metricLine('dscr', refinanceLenderDscr(analysis), REFINANCE_LENDER_DSCR_LABEL),
      key: 'refinance_lender_dscr',
    });
  }
  if (terms.second_loan) lines.push(terms.second_loan);
  return lines.length > 0 ? { key: 'rehab', title: 'Rehab, Refinance and Seller Financing', lines } : null;
}

/**
 * The after-tax returns (issue 28 §4), or null when the deal gives no tax situation: the basis and
 * its depreciation, the tax over the hold and at the sale (recapture and capital gains, and the
 * saving of losses released at the sale when there are any), then the after-tax levered profit,
 * equity multiple and XIRR. Money rounded to the cent, as the results screen shows it.
 */
export function afterTaxSection(analysis: SharedAnalysis): ReportSection | null {
  const after = analysis.after_tax;
  if (!after) return null;
  const money = (key: string, label: string, value: number) => ({
    ...metricLine('levered_profit', value, label),
    key,
  });
  // a tax below zero is a saving: the PDF says so in words (as the results do), the CSV keeps the sign
  const tax = (key: string, label: string, value: number) => {
    const line = money(key, label, value);
    return value < 0 ? { ...line, text: `${formatMoney(-value)} saved` } : line;
  };
  const { basis, sale } = after;
  const taxSituation = termLines(analysis).tax;
  const lines: ReportLine[] = [
    // the inputs first, so the after-tax figures below can be recomputed from the report
    ...(taxSituation ? [taxSituation] : []),
    money('cost_basis', 'Cost Basis', basis.cost_basis),
    money('land', 'Land (not depreciated)', basis.land),
    money('building', 'Building (depreciated over 27.5 years)', basis.building),
    money('annual_depreciation', 'Depreciation a Full Year', basis.annual_depreciation),
    tax('total_tax', 'Income Tax over the Hold, Sale Included', after.total_tax),
    tax('tax_at_sale', 'Tax at Sale', sale.tax),
    money('recapture_tax', 'Depreciation Recapture Tax', sale.recapture_tax),
    money(
      'capital_gains_tax',
      sale.short_term
        ? 'Capital Gains Tax (short-term: held a year or less, at the income rate)'
        : 'Capital Gains Tax',
      sale.capital_gains_tax,
    ),
    ...(sale.released_losses_tax === 0
      ? []
      : [money('released_losses_tax', 'Suspended Losses Released at Sale', sale.released_losses_tax)]),
    money('after_tax_levered_profit', 'After-Tax Levered Profit', after.levered_profit),
    {
      ...metricLine('levered_equity_multiple', after.levered_equity_multiple, 'After-Tax Equity Multiple'),
      key: 'after_tax_levered_equity_multiple',
    },
    {
      ...metricLine('levered_xirr', after.levered_xirr, 'After-Tax Levered XIRR'),
      key: 'after_tax_levered_xirr',
    },
  ];
  return { key: 'after_tax', title: 'After-Tax Returns', lines };
}

/** What the report gives of each scenario (issue 28 §6): the figures an investor decides on. */
const SCENARIO_FIGURES = [
  'monthly_levered_cash_flow',
  'levered_returns',
  'cap_rate',
  'dscr',
  'total_cost_to_close',
] as const satisfies readonly MetricKey[];

/**
 * The deal's scenarios beside its base case: each one's rent and price, the figures that decide,
 * its levered XIRR and its rating. Null when the deal has none.
 */
export function scenariosSection(analysis: SharedAnalysis): ReportSection | null {
  if (analysis.scenarios.length === 0) return null;
  const cases = [
    { name: BASE_SCENARIO_NAME, result: analysis },
    ...analysis.scenarios.map((scenario) => ({
      name: scenario.name,
      result: assembleScenario(analysis, scenario),
    })),
  ];
  const lines = cases.flatMap(({ name, result }, index) => {
    const key = (figure: string) => `scenario_${index}_${figure}`;
    const y1 = result.year_1_metrics;
    return [
      textLine(key('name'), 'Scenario', name),
      { ...metricLine('purchase_price', result.property.purchase_price), key: key('purchase_price') },
      { ...metricLine('rent', y1.rent), key: key('rent') },
      ...SCENARIO_FIGURES.map((figure) => ({ ...metricLine(figure, y1[figure]), key: key(figure) })),
      { ...metricLine('levered_xirr', result.overall_returns.levered_xirr), key: key('levered_xirr') },
      {
        key: key('rating'),
        label: 'Rating',
        value: result.summary.overall_points,
        text: `${result.summary.overall_points}% (${result.summary.overall_color})`,
      },
    ];
  });
  return { key: 'scenarios', title: 'Scenarios', lines };
}

/** Every figure of the report, in reading order; with a simulation, its ranges after the returns. */
export function dealReport(
  base: SharedAnalysis,
  simulation?: Simulation,
  scenario?: { name: string; analysis: SharedAnalysis },
): DealReport {
  // the figures are the scenario's when one is asked for (Compare's column, assembled by the caller,
  // which simulates it too); the Scenarios table still sets every case beside the base case
  const analysis = scenario?.analysis ?? base;
  const { property, year_1_metrics: y1, sale_assumptions: sale, overall_returns: returns } = analysis;
  const m = property.metrics;
  const units = property.factor;
  const perUnit = units > 1 ? ' per unit' : '';
  const lender = lenderDscr(m, y1.monthly_loan_payment + (y1.second_loan_payment ?? 0));
  const scenarios = scenariosSection(base);
  const rehab = rehabSection(analysis);
  const afterTax = afterTaxSection(analysis);

  const sections: ReportSection[] = [
    {
      key: 'property',
      title: 'Property',
      lines: [
        textLine('address', 'Address', addressLine(property)),
        ...(scenario ? [textLine('scenario', 'Scenario', scenario.name)] : []),
        textLine('county', 'County', property.county_name),
        textLine('house_type', 'House Type', houseTypeName(units)),
        { key: 'units', label: 'Units', value: units, text: String(units) },
        {
          key: 'num_bedrooms',
          label: `Bedrooms${perUnit}`,
          value: property.num_bedrooms,
          text: String(property.num_bedrooms),
        },
        {
          key: 'num_bathrooms',
          label: `Bathrooms${perUnit}`,
          value: property.num_bathrooms,
          text: String(property.num_bathrooms),
        },
        metricLine('violent_crime_grade', y1.violent_crime_grade ?? null),
        metricLine('property_crime_grade', y1.property_crime_grade ?? null),
      ],
    },
    {
      key: 'acquisition',
      title: 'Acquisition Cost',
      lines: [
        metricLine('purchase_price', m.purchase_price),
        metricLine('closing_cost', m.closing_cost),
        metricLine('total_acquisition', y1.total_acquisition),
      ],
    },
    {
      key: 'income',
      title: 'Income (Year 1)',
      lines: [
        metricLine('rent', m.rent),
        metricLine('other_income', m.other_income),
        metricLine('vacancy_rate', m.vacancy_rate),
        metricLine('effective_gross_revenue', y1.effective_gross_revenue, 'Effective Gross Revenue (yearly)'),
      ],
    },
    {
      key: 'expenses',
      title: 'Expenses and NOI (Year 1)',
      lines: [
        metricLine('property_management', m.property_management),
        metricLine('insurance', m.insurance),
        metricLine('property_taxes', m.property_taxes),
        metricLine('maintenance', m.maintenance),
        ...givenLines(analysis, EXPENSE_LINE_METRIC_KEYS),
        metricLine('total_expenses', y1.total_expenses),
        metricLine('net_operating_income', y1.net_operating_income),
        metricLine('cap_rate', y1.cap_rate),
      ],
    },
    {
      key: 'loan',
      title: 'Loan',
      lines: [
        metricLine('loan_to_value', m.loan_to_value),
        metricLine('loan_amount', y1.loan_amount),
        metricLine('interest_rate', m.interest_rate),
        metricLine('loan_term', m.loan_term),
        metricLine('financing_fees', m.financing_fees),
        metricLine('loan_processing_fees', m.loan_processing_fees),
        metricLine('down_payment', y1.down_payment),
        metricLine('total_cost_to_close', y1.total_cost_to_close),
        metricLine('monthly_loan_payment', y1.monthly_loan_payment),
        ...givenLines(analysis, LOAN_SHAPE_METRIC_KEYS),
        metricLine('dscr', y1.dscr, NOI_DSCR_LABEL),
        { ...metricLine('dscr', lender, LENDER_DSCR_LABEL), key: 'lender_dscr' },
      ],
    },
    {
      key: 'cash_flow',
      title: 'Cash Flow (Year 1)',
      lines: [
        metricLine('monthly_unlevered_cash_flow', y1.monthly_unlevered_cash_flow),
        metricLine('yearly_unlevered_cash_flow', y1.yearly_unlevered_cash_flow),
        metricLine('monthly_levered_cash_flow', y1.monthly_levered_cash_flow),
        metricLine('yearly_levered_cash_flow', y1.yearly_levered_cash_flow),
        metricLine('unlevered_returns', y1.unlevered_returns),
        metricLine('levered_returns', y1.levered_returns),
      ],
    },
    {
      key: 'sale',
      title: 'Sale',
      lines: [
        metricLine('hold_period', sale.hold_period),
        metricLine('annual_price_appreciation', sale.annual_price_appreciation),
        metricLine('sale_price_appreciation', sale.sale_price_appreciation),
        metricLine('cost_to_sell', sale.cost_to_sell),
      ],
    },
    {
      key: 'returns',
      title: 'Overall Returns',
      lines: [
        metricLine('unlevered_equity', returns.unlevered_equity),
        metricLine('unlevered_equity_multiple', returns.unlevered_equity_multiple),
        metricLine('unlevered_profit', returns.unlevered_profit),
        metricLine('unlevered_xirr', returns.unlevered_xirr),
        metricLine('levered_equity', returns.levered_equity),
        metricLine('levered_equity_multiple', returns.levered_equity_multiple),
        metricLine('levered_profit', returns.levered_profit),
        metricLine('levered_xirr', returns.levered_xirr),
      ],
    },
    mirrSection(analysis),
  ];

  return {
    title: 'SFR Analyst deal report',
    address: addressLine(property),
    sections: [
      ...sections,
      ...(afterTax ? [afterTax] : []),
      ...(rehab ? [rehab] : []),
      ...(simulation ? [rangesSection(simulation, analysis)] : []),
      ...(scenarios ? [scenarios] : []),
    ],
    evidence: evidenceLines(analysis),
    assumptions: assumptionLines(analysis, scenario && base),
    live: liveEvidence(analysis),
    holdPeriod: holdPeriodRows(analysis),
    rating: {
      points: analysis.summary.overall_points,
      color: analysis.summary.overall_color,
      response: analysis.summary.overall_response,
      scores: analysis.summary.scores.map((score) => ({
        label: score.label,
        measure: score.measure,
        // a tenth of a point, as the report prints it
        points: Math.round(score.points * 10) / 10,
        maxPoints: score.max_points,
      })),
    },
  };
}
