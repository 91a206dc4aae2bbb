export interface Sale {
  sale_price: number;
  selling_costs: number;
  /** sale price less selling costs, before the loan is repaid */
  proceeds_from_sale: number;
}

/**
 * The sale at the end of the hold.
 *
 * Formulas: `sale_price = purchase_price × (1 + annual_price_appreciation)^hold_period`,
 * `selling_costs = cost_to_sell × sale_price`, `proceeds_from_sale = sale_price − selling_costs`.
 *
 * @example
 * saleAt(400_000, 0.03, 0.06, 5); // { sale_price: 463709.62972, selling_costs: 27822.5777832, proceeds_from_sale: 435887.0519368 }
 */
export function saleAt(
  purchasePrice: number,
  annualAppreciation: number,
  costToSell: number,
  years: number,
): Sale {
  const sale_price = purchasePrice * (1 + annualAppreciation) ** years;
  const selling_costs = costToSell * sale_price;
  return { sale_price, selling_costs, proceeds_from_sale: sale_price - selling_costs };
}
