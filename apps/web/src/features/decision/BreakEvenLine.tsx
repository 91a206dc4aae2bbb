/**
 * The break-even line (issue 14 §2): the rent, vacancy and interest rate at which monthly levered
 * cash flow reaches zero, each with everything else as on screen (`breakEven`).
 */
import { formatMoney, formatPercent } from '@sfr/contracts';
import { type BreakEven, breakEven, type DealInput } from '@sfr/underwriting';
import { useMemo } from 'react';

/** Each figure beside the deal's own, or why there is none. */
export function breakEvenItems(deal: DealInput, even: BreakEven): { label: string; text: string }[] {
  return [
    {
      label: 'Rent',
      text:
        even.rent === null
          ? 'No rent makes the cash flow zero'
          : `${formatMoney(even.rent)} a month (now ${formatMoney(deal.rent)})`,
    },
    {
      label: 'Vacancy',
      text:
        even.vacancy_rate === null
          ? 'No vacancy from 0% to 100% makes the cash flow zero'
          : `${formatPercent(even.vacancy_rate)} (now ${formatPercent(deal.vacancy_rate)})`,
    },
    {
      label: 'Interest rate',
      text:
        even.interest_rate === null
          ? deal.loan_to_value === 0
            ? 'No loan'
            : 'No rate from 0% to 100% makes the cash flow zero'
          : `${formatPercent(even.interest_rate)} (now ${formatPercent(deal.interest_rate)})`,
    },
  ];
}

export function BreakEvenLine({ deal }: { deal: DealInput }) {
  const items = useMemo(() => breakEvenItems(deal, breakEven(deal)), [deal]);
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
