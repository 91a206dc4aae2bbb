/**
 * The deal's grouped terms (issue 28): a cash-out refinance (the BRRRR method's second R), a second
 * loan from the seller, whether the rehab is added to the loan, and the investor's tax situation
 * for the after-tax returns. Each group is off until the
 * investor turns it on, then starts from sensible terms; every valid change recomputes the figures
 * at once, like the other assumptions, and Update Metrics or Save keeps it.
 */
import type { Metrics } from '@sfr/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { AssumptionAction } from './assumption-editor';
import { type MetricEditErrors, UNIT_WORDS } from './metric-edits';
import {
  GROUP_TITLES,
  type GroupTexts,
  groupTexts,
  LOAN_GROUP_FIELDS,
  LOAN_GROUP_LABELS,
  type LoanGroup,
  readRefinance,
  readSecondLoan,
  readTax,
  refinanceInRehabNote,
  startingRefinance,
  startingSecondLoan,
  startingTax,
  termInputId,
} from './term-groups';

const ignoreSubmit = (event: FormEvent) => event.preventDefault();

const UNIT = { money: '$', percent: '%', count: '' } as const;

interface StrategyTermsProps {
  metrics: Metrics;
  /** the engine's and the server's messages, by a term's path ('refinance.month') */
  errors: MetricEditErrors;
  dispatch: (action: AssumptionAction) => void;
}

export function StrategyTerms({ metrics, errors, dispatch }: StrategyTermsProps) {
  const titleId = useId();
  return (
    <section className="card results-block strategy-terms" aria-labelledby={titleId}>
      <h3 id={titleId}>Refinance, seller financing and taxes</h3>
      <label className="strategy-check">
        <input
          type="checkbox"
          checked={metrics.rehab_financed === true}
          disabled={metrics.rehab_budget === undefined}
          onChange={(event) =>
            dispatch({ type: 'terms', terms: { rehab_financed: event.target.checked || undefined } })
          }
        />
        {GROUP_TITLES.rehab_financed}
      </label>
      <TermsGroup
        group="refinance"
        title={GROUP_TITLES.refinance}
        note="At the end of its month a new loan, a share of the value then, pays off the first loan and its closing costs; the rest comes back to you."
        metrics={metrics}
        errors={errors}
        start={() => startingRefinance(metrics)}
        read={readRefinance}
        onTerms={(terms) => dispatch({ type: 'terms', terms: { refinance: terms } })}
        onOff={() => dispatch({ type: 'terms', terms: { refinance: undefined } })}
        onInvalid={(errors) => dispatch({ type: 'term-errors', group: 'refinance', errors })}
      >
        <RefinanceInRehab metrics={metrics} />
      </TermsGroup>
      <TermsGroup
        group="second_loan"
        title={GROUP_TITLES.second_loan}
        note="Its amount lowers the cash you bring; it has its own payment and is paid off at its balloon month or the sale, whichever comes first."
        metrics={metrics}
        errors={errors}
        start={() => startingSecondLoan(metrics)}
        read={readSecondLoan}
        onTerms={(terms) => dispatch({ type: 'terms', terms: { second_loan: terms } })}
        onOff={() => dispatch({ type: 'terms', terms: { second_loan: undefined } })}
        onInvalid={(errors) => dispatch({ type: 'term-errors', group: 'second_loan', errors })}
      />
      <TermsGroup
        group="tax"
        title={GROUP_TITLES.tax}
        note="Your income tax rate on the rental's profit, the rates at sale and the land's share of the price (land is not depreciated): the results then add the after-tax cash flow, XIRR and profit."
        metrics={metrics}
        errors={errors}
        start={startingTax}
        read={readTax}
        onTerms={(terms) =>
          dispatch({
            type: 'terms',
            terms: { tax: { ...terms, ...(metrics.tax?.losses && { losses: metrics.tax.losses }) } },
          })
        }
        onOff={() => dispatch({ type: 'terms', terms: { tax: undefined } })}
        onInvalid={(errors) => dispatch({ type: 'term-errors', group: 'tax', errors })}
      >
        {metrics.tax ? (
          <div className="strategy-field">
            <label htmlFor={`${titleId}-losses`}>A year's tax loss</label>
            <select
              id={`${titleId}-losses`}
              value={metrics.tax.losses ?? 'carry_forward'}
              onChange={(event) => {
                const losses = event.target.value === 'offset' ? 'offset' : 'carry_forward';
                // beside the tax's typed rates: a rate that does not read stays refused
                if (metrics.tax) {
                  dispatch({ type: 'terms', terms: { tax: { ...metrics.tax, losses } }, fieldsRead: false });
                }
              }}
            >
              <option value="carry_forward">is carried to later years (a passive investor)</option>
              <option value="offset">
                offsets other income that year (a real estate professional, or within the $25,000 allowance)
              </option>
            </select>
          </div>
        ) : null}
      </TermsGroup>
    </section>
  );
}

function RefinanceInRehab({ metrics }: { metrics: Metrics }) {
  const note = refinanceInRehabNote(metrics);
  return note ? (
    <p className="metric-origin refinance-in-rehab" role="status">
      {note}
    </p>
  ) : null;
}

interface TermsGroupProps<T> {
  group: LoanGroup;
  title: string;
  note: string;
  metrics: Metrics;
  errors: MetricEditErrors;
  start: () => T;
  read: (
    texts: GroupTexts,
    metrics: Metrics,
  ) => { ok: true; terms: T } | { ok: false; errors: Readonly<Record<string, string>> };
  onTerms: (terms: T) => void;
  onOff: () => void;
  /** the fields as typed do not read: the editor keeps the last valid terms, marked stale */
  onInvalid: (errors: Readonly<Record<string, string>>) => void;
  /** more fields under the group's own, while it is on */
  children?: ReactNode;
}

function TermsGroup<T>({
  group,
  title,
  note,
  metrics,
  errors,
  start,
  read,
  onTerms,
  onOff,
  onInvalid,
  children,
}: TermsGroupProps<T>) {
  const on = metrics[group] !== undefined;
  const [texts, setTexts] = useState<GroupTexts>(() => groupTexts(group, metrics));
  const [typedErrors, setTypedErrors] = useState<Readonly<Record<string, string>>>({});
  const [kept, setKept] = useState<T | null>(null);
  const labels: Readonly<Record<string, string>> = LOAN_GROUP_LABELS[group];

  function turn(wanted: boolean) {
    if (!wanted) {
      // turned on again, the group comes back as the investor left it, not at its starting terms
      setKept((metrics[group] as T | undefined) ?? null);
      onOff();
      return;
    }
    const terms = kept ?? start();
    setTexts(groupTexts(group, { ...metrics, [group]: terms }));
    setTypedErrors({});
    onTerms(terms);
  }

  function edit(field: string, text: string) {
    const next = { ...texts, [field]: text };
    setTexts(next);
    const reading = read(next, metrics);
    setTypedErrors(reading.ok ? {} : reading.errors);
    if (reading.ok) onTerms(reading.terms);
    else onInvalid(reading.errors);
  }

  return (
    <fieldset className="strategy-group">
      <legend>
        <label>
          <input type="checkbox" checked={on} onChange={(event) => turn(event.target.checked)} /> {title}
        </label>
      </legend>
      <p className="metric-origin">{note}</p>
      {on ? (
        <div className="strategy-fields">
          {LOAN_GROUP_FIELDS[group].map(([field, kind]) => {
            const inputId = termInputId(`${group}.${field}`);
            const error = typedErrors[field] ?? errors[`${group}.${field}`];
            return (
              <div key={field} className="strategy-field">
                <label htmlFor={inputId}>
                  {labels[field]}
                  {UNIT_WORDS[kind] ? <span className="visually-hidden"> ({UNIT_WORDS[kind]})</span> : null}
                </label>
                <form className={`metric-input metric-input-${kind}`} noValidate onSubmit={ignoreSubmit}>
                  {kind === 'money' ? (
                    <span className="metric-affix" aria-hidden="true">
                      {UNIT.money}
                    </span>
                  ) : null}
                  <input
                    id={inputId}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={texts[field] ?? ''}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                    onChange={(event) => edit(field, event.target.value)}
                  />
                  {kind === 'percent' ? (
                    <span className="metric-affix" aria-hidden="true">
                      {UNIT.percent}
                    </span>
                  ) : null}
                </form>
                {error ? (
                  <span id={`${inputId}-error`} className="field-error">
                    {error}
                  </span>
                ) : null}
              </div>
            );
          })}
          {children}
        </div>
      ) : null}
    </fieldset>
  );
}
