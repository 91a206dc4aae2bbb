/**
 * The state of the results' editable assumptions, as a pure reducer: the text of every input, the
 * exact numbers behind them, which ones the user overrode, and the analysis those numbers give.
 *
 * Every edit re-reads the inputs; when they all hold valid numbers, what the user has not
 * overridden is derived again from its drivers (`rederive`: change the price and closing cost,
 * insurance, taxes and financing fees follow; change the rent and management and maintenance
 * follow) and the whole analysis is recomputed with the server's engine (`recalculate`), so the
 * figures on screen always belong to the inputs on screen. While an input is empty or out of
 * bounds the figures stay those of the last valid inputs, marked stale.
 */
import {
  type AnalysisResponse,
  derivationContextOf,
  fieldLabel,
  hasLineDefault,
  isDerived,
  type RangeWidths,
} from '@sfr/contracts';
import {
  DERIVATIONS,
  type DerivationContext,
  inferOverridden,
  NEW_ANALYSIS_EXPENSE_DEFAULTS,
  rederive,
  UnderwritingInputError,
} from '@sfr/underwriting';
import {
  type Assumptions,
  EDITABLE_METRIC_KEYS,
  type EditableKey,
  initialMetricEdits,
  type MetricEditErrors,
  type MetricEdits,
  type MetricEditsResult,
  metricInputText,
  readMetricEdits,
} from './metric-edits';
import { recalculate } from './recalculate';

export interface AssumptionEditor {
  /** the analysis the edits started from (the server's, or the last one it answered) */
  base: AnalysisResponse;
  context: DerivationContext;
  /** the text of every input, as typed */
  edits: MetricEdits;
  /** the exact numbers of the last valid inputs: an input left as shown sends its number exactly */
  metrics: Assumptions;
  /** the assumptions the user set; every other one follows its derivation */
  overridden: ReadonlySet<EditableKey>;
  /** the inputs read back: ok, or which are empty or invalid */
  check: MetricEditsResult;
  /** the analysis of `metrics`, recomputed in the browser */
  live: AnalysisResponse;
  /** the server's messages about inputs after a failed Update Metrics, until the input changes */
  serverErrors: MetricEditErrors;
  /**
   * what is wrong with a grouped term's text as typed, by path ('refinance.loan_to_value'): the
   * group's card reads its own fields, and only valid terms reach `metrics`; while one is here the
   * inputs are not valid, so nothing is sent and the figures are marked stale
   */
  termErrors: Readonly<Record<string, string>>;
  /** how many times whole metrics were put on screen (`load`): the terms card starts again from them */
  loads: number;
}

export type AssumptionAction =
  | { type: 'edit'; key: EditableKey; text: string }
  | { type: 'reset'; key: EditableKey }
  /** the server answered for these numbers (Update Metrics, Save): it becomes the base */
  | { type: 'rebase'; analysis: AnalysisResponse }
  /** other whole metrics on screen (a scenario, or the base case again), exactly as stored */
  | { type: 'load'; metrics: Assumptions }
  /** the grouped terms set (a refinance, a second loan, the rehab on the loan); undefined removes one */
  | {
      type: 'terms';
      terms: Partial<Pick<Assumptions, GroupedKey>>;
      /**
       * false for a change beside the group's typed fields (the tax's loss rule): what was wrong
       * with their text stays; otherwise the group's fields read (or it is off) and it goes
       */
      fieldsRead?: boolean;
    }
  /** a group's fields as typed do not read (by field): its last valid terms stay, marked stale */
  | { type: 'term-errors'; group: GroupedKey; errors: Readonly<Record<string, string>> }
  | { type: 'server-errors'; errors: MetricEditErrors };

/** The metrics typed as groups of fields or a yes/no, not as one number. */
export type GroupedKey = 'refinance' | 'second_loan' | 'rehab_financed' | 'tax';

/** The editor for an analysis: its numbers as they are, overrides inferred from them. */
export function startEditing(analysis: AnalysisResponse): AssumptionEditor {
  const metrics = analysis.property.metrics;
  const context = derivationContextOf(analysis);
  return {
    base: analysis,
    context,
    edits: initialMetricEdits(metrics),
    metrics,
    overridden: inferOverridden(metrics, context),
    check: { kind: 'ok', metrics },
    live: analysis,
    serverErrors: {},
    termErrors: {},
    loads: 0,
  };
}

/**
 * Reads the inputs; when valid, derives what is not overridden and recomputes. Derived inputs
 * show their new values; the others keep the user's text.
 */
function settle(state: AssumptionEditor, edits: MetricEdits, overridden: ReadonlySet<EditableKey>) {
  const check = readMetricEdits(edits, state.metrics);
  if (check.kind !== 'ok') return { ...state, edits, overridden, check };
  if (Object.keys(state.termErrors).length > 0) {
    return { ...state, edits, overridden, check: { kind: 'invalid' as const, errors: state.termErrors } };
  }
  const metrics = rederive(check.metrics, overridden, state.context);
  let live: AnalysisResponse;
  try {
    live = recalculate(state.base, metrics);
  } catch (error) {
    // the inputs share the engine's bounds, so only a rule across fields could land here
    if (!(error instanceof UnderwritingInputError)) throw error;
    return {
      ...state,
      edits,
      overridden,
      check: {
        kind: 'invalid' as const,
        errors: { [error.field]: `${fieldLabel(error.field)} ${error.rule}` },
      },
    };
  }
  const shown = { ...edits };
  for (const key of EDITABLE_METRIC_KEYS) {
    if (!overridden.has(key) && metrics[key] !== check.metrics[key])
      shown[key] = metricInputText(key, metrics[key]);
  }
  return { ...state, edits: shown, metrics, overridden, check: { kind: 'ok' as const, metrics }, live };
}

export function assumptionEditor(state: AssumptionEditor, action: AssumptionAction): AssumptionEditor {
  switch (action.type) {
    case 'edit': {
      const edits = { ...state.edits, [action.key]: action.text };
      const overridden = isDerived(action.key) ? new Set(state.overridden).add(action.key) : state.overridden;
      const { [action.key]: _, ...serverErrors } = state.serverErrors;
      return settle({ ...state, serverErrors }, edits, overridden);
    }
    case 'reset': {
      if (hasLineDefault(action.key)) {
        const value = NEW_ANALYSIS_EXPENSE_DEFAULTS[action.key].value;
        const edits = { ...state.edits, [action.key]: metricInputText(action.key, value) };
        const { [action.key]: _, ...serverErrors } = state.serverErrors;
        // the number itself too: a value that reads like the default (0.004 dollars shows "0")
        // would otherwise be kept, its text unchanged
        const metrics = { ...state.metrics, [action.key]: value };
        return settle({ ...state, metrics, serverErrors }, edits, state.overridden);
      }
      if (!isDerived(action.key)) return state;
      const overridden = new Set(state.overridden);
      overridden.delete(action.key);
      // from the last valid numbers: the derived value follows drivers the user can see
      const value = DERIVATIONS[action.key].derive(state.metrics, state.context);
      const edits = { ...state.edits, [action.key]: metricInputText(action.key, value) };
      const { [action.key]: _, ...serverErrors } = state.serverErrors;
      return settle({ ...state, serverErrors }, edits, overridden);
    }
    case 'rebase': {
      // The server answered for numbers sent earlier: it becomes the record the edits build on.
      // Edits typed while it answered stay, and so do the figures (the same engine computed them).
      const base = action.analysis;
      const live = state.check.kind === 'ok' ? recalculate(base, state.metrics) : state.live;
      return { ...state, base, context: derivationContextOf(base), live };
    }
    case 'load': {
      // as startEditing: the numbers as stored, their overrides inferred, nothing re-derived
      const { metrics } = action;
      return {
        ...state,
        edits: initialMetricEdits(metrics),
        metrics,
        overridden: inferOverridden(metrics, state.context),
        check: { kind: 'ok', metrics },
        live: recalculate(state.base, metrics),
        serverErrors: {},
        termErrors: {},
        loads: state.loads + 1,
      };
    }
    case 'terms': {
      const metrics = { ...state.metrics };
      let termErrors = state.termErrors;
      for (const key of Object.keys(action.terms) as GroupedKey[]) {
        const value = action.terms[key];
        if (value === undefined) delete metrics[key];
        else Object.assign(metrics, { [key]: value });
        // the group now reads (or is off): what was wrong with its text is gone
        if (action.fieldsRead !== false) termErrors = withGroupErrors(termErrors, key, {});
      }
      return settle({ ...state, metrics, termErrors }, state.edits, state.overridden);
    }
    case 'term-errors': {
      const termErrors = withGroupErrors(state.termErrors, action.group, action.errors);
      return settle({ ...state, termErrors }, state.edits, state.overridden);
    }
    case 'server-errors':
      return { ...state, serverErrors: action.errors };
  }
}

/** `errors` with the group's entries replaced by `groupErrors` (by field), each under its path. */
function withGroupErrors(
  errors: Readonly<Record<string, string>>,
  group: GroupedKey,
  groupErrors: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const prefix = `${group}.`;
  const others = Object.entries(errors).filter(([path]) => !path.startsWith(prefix));
  const own = Object.entries(groupErrors).map(([field, message]) => [`${prefix}${field}`, message]);
  if (others.length === Object.keys(errors).length && own.length === 0) return errors;
  return Object.fromEntries([...others, ...own]);
}

/** The message beside each input: the server's after a failed update, else what reading it found. */
export function inputErrors(state: AssumptionEditor, requiredMessage: (key: EditableKey) => string) {
  const errors: MetricEditErrors = { ...state.serverErrors };
  if (state.check.kind === 'invalid') Object.assign(errors, state.check.errors);
  if (state.check.kind === 'empty') for (const key of state.check.keys) errors[key] = requiredMessage(key);
  return errors;
}

/** The figures on screen are those of earlier inputs while an input is empty or invalid. */
export function isStale(state: AssumptionEditor): boolean {
  return state.check.kind !== 'ok';
}

/**
 * Whether leaving would lose something typed: an input not yet valid, numbers other than those the
 * server holds for what is on screen (`kept`: the analysis's metrics, or the scenario's), or "±"
 * widths other than those kept with the analysis. Update Metrics and Save keep them.
 */
export function hasUnkeptEdits(
  state: AssumptionEditor,
  kept: Assumptions,
  widths: { typed: RangeWidths; kept: RangeWidths },
): boolean {
  if (state.check.kind !== 'ok') return true;
  return !sameValue(state.metrics, kept) || !sameValue(widths.typed, widths.kept);
}

/** Deep equality of JSON-like values; a key holding undefined counts as absent. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const entries = (value: object) => Object.entries(value).filter(([, item]) => item !== undefined);
  const left = entries(a);
  const right = new Map(entries(b));
  return (
    left.length === right.size &&
    left.every(([key, item]) => right.has(key) && sameValue(item, right.get(key)))
  );
}
