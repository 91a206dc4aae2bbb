/** What the analyzer says after filling the form from a property record (RecordFill). */
import { formatWholeDollars, PROPERTY_FIELD_LABELS, type PropertyRecord } from '@sfr/contracts';
import type { PropertyField } from './property-form';

/** 'a', 'a and b', 'a, b and c' */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The sentence under the button: which fields the record filled (or that it had nothing new), and
 * its latest tax bill, which is the seller's and not what a buyer will pay.
 *
 * @example recordFillMessage(record, ['num_bedrooms', 'square_feet'])
 *   → 'Filled Number of Bedrooms and Square Feet from the RentCast property record (2026-11-26). Its 2024 tax bill: $2,984 …'
 */
export function recordFillMessage(record: PropertyRecord, filled: readonly PropertyField[]): string {
  const from = `the ${record.source} (${record.vintage})`;
  const what =
    filled.length > 0
      ? `Filled ${listed(filled.map((field) => PROPERTY_FIELD_LABELS[field]))} from ${from}.`
      : `Nothing to fill from ${from}: it has no other rooms, size or age than the form's.`;
  const bill = record.tax_bill
    ? ` Its ${record.tax_bill.year} tax bill: ${formatWholeDollars(record.tax_bill.total)}, the seller's; the results show it beside our estimate for a buyer.`
    : '';
  return what + bill;
}
