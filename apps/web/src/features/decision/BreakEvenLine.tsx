/**
 * The break-even line (issue 14 §2): the rent, vacancy and interest rate at which monthly levered
 * cash flow reaches zero, each with everything else as on screen (`breakEven`).
 */
import { formatMoney, formatPercent } from '@sfr/contracts';
import { type BreakEven, breakEven, type DealInput } from '@sfr/underwriting';
import { useMemo } from 'react';

/**
 * Each figure beside the deal's own, or why there is none: the cash flow keeps its sign over the
 * whole range, said as which sign (`monthlyCashFlow`, the deal's year 1; QA: "No vacancy from 0% to
 * 100% makes the cash flow zero" read as "0 % vacancy makes it zero").
 */
export function breakEvenItems(
  deal: DealInput,
  even: BreakEven,
  monthlyCashFlow: number,
): { label: string; text: string }[] {
  const losing = monthlyCashFlow < 0;
  return [
    {
      label: 'Rent',
      text:
        even.rent === null
          ? losing
            ? 'No rent makes the cash flow zero'
            : 'Cash flow stays positive even with no rent'
          : `${formatMoney(even.rent)} a month (now ${formatMoney(deal.rent)})`,
    },
    {
      label: 'Vacancy',
      text:
        even.vacancy_rate === null
          ? losing
            ? 'Cash flow stays negative even with no vacancy'
            : 'Cash flow stays positive even with every month vacant'
          : `${formatPercent(even.vacancy_rate)} (now ${formatPercent(deal.vacancy_rate)})`,
    },
    {
      label: 'Interest rate',
      text:
        even.interest_rate === null
          ? deal.loan_to_value === 0
            ? 'No loan'
            : losing
              ? 'Cash flow stays negative even at a 0% rate'
              : 'Cash flow stays positive even at a 100% rate'
          : `${formatPercent(even.interest_rate)} (now ${formatPercent(deal.interest_rate)})`,
    },
  ];
}

/** `monthlyCashFlow`: the deal's year-1 monthly levered cash flow, from the analysis on screen. */
export function BreakEvenLine({ deal, monthlyCashFlow }: { deal: DealInput; monthlyCashFlow: number }) {
  const items = useMemo(
    () => breakEvenItems(deal, breakEven(deal), monthlyCashFlow),
    [deal, monthlyCashFlow],
  );
  return (
    <section className="card decision-break-even" aria-labelledby="break-even-title">
      <h3 id="break-even-title">Break-even</h3>
      <p className="decision-hint">
        Where the monthly levered cash flow reaches $0, everything else as above.
      </p>
      <dl data-testid="break-even">
        {items.map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
