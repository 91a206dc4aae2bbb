/**
 * "What if" moves of one assumption, with the costs linked to it keeping their ratio to it: the
 * one home of that rule for the max-offer solver, the sensitivity grid and the break-even figures.
 *
 * The linked costs are the ones the defaults derive from a driver (defaults.ts): closing cost,
 * insurance and property taxes follow the price; financing fees follow the loan amount (LTV ×
 * price); property management follows year-1 effective gross revenue (rent, other income,
 * vacancy); maintenance follows the rent. Each keeps the ratio it has in the input, whatever the
 * user set it to, so a deal with insurance at 0.8 % of the price keeps 0.8 % at any price. A cost
 * whose driver is 0 in the input has no ratio to keep and stays as given.
 *
 * The optional expense lines need no rule here: the capex reserve and the leasing fee are shares of
 * the rent, so they move with a moved rent by their own formulas; HOA dues and owner utilities are
 * dollars that follow no driver. The lines ride along unchanged in every moved deal.
 *
 * The loan shapes (issue 28 §3): points are a share of the loan and the interest-only months a
 * count, so they need no rule; a second loan's amount keeps its ratio to the price (`atPrice`) and
 * stays as given when the LTV moves (a cell where it reaches the down payment is out of range). The
 * rehab budget, after-repair value and refinance (issue 28 §2) are the investor's own figures and
 * follow no driver: `maxOffer` on a BRRRR deal is the most to pay for that rehab and that ARV.
 *
 * They are drivers of their own (issue 28 §7, `REHAB_DRIVERS`), only on a deal that gives them
 * (`driversFor`): `rehab_budget`, `after_repair_value` and `refinance_loan_to_value` (the
 * refinance's `loan_to_value`). Each moves nothing else: a financed rehab moves the first loan (and
 * its points) by its own formula, the ARV moves the refinance's value and the sale by `valueAt`, the
 * refinance's LTV moves its new loan; the refinance's closing costs are dollars and stay.
 */
import { UnderwritingInputError } from './errors.js';
import { taxByTiers } from './tax-tiers.js';
import type { Assumptions, DealInput, InsuranceShape, OptionalInputs, PropertyTaxShape } from './types.js';

/** The assumptions the sensitivity grid moves. */
export const SENSITIVITY_DRIVERS = [
  'purchase_price',
  'rent',
  'vacancy_rate',
  'interest_rate',
  'loan_to_value',
  'rent_annual_growth_rate',
  'annual_price_appreciation',
] as const;
export type SensitivityDriver = (typeof SENSITIVITY_DRIVERS)[number];

/** The drivers of a rehab or refinance (issue 28 §7): each only on a deal that gives its input. */
export const REHAB_DRIVERS = ['rehab_budget', 'after_repair_value', 'refinance_loan_to_value'] as const;
export type RehabDriver = (typeof REHAB_DRIVERS)[number];

/** Every driver `withDriver` and `sensitivityGrid` know: `SENSITIVITY_DRIVERS` then `REHAB_DRIVERS`. */
export const DEAL_DRIVERS = [...SENSITIVITY_DRIVERS, ...REHAB_DRIVERS] as const;
export type DealDriver = (typeof DEAL_DRIVERS)[number];

/**
 * The drivers a deal supports, in `DEAL_DRIVERS` order: `SENSITIVITY_DRIVERS` (every deal's), then
 * `rehab_budget` when the deal gives a rehab budget, `after_repair_value` when it gives an ARV and
 * `refinance_loan_to_value` when it gives a refinance.
 *
 * @example
 * driversFor(roundDeal);  // SENSITIVITY_DRIVERS, the seven
 * driversFor(brrrrDeal);  // the seven, then rehab_budget, after_repair_value, refinance_loan_to_value
 */
export function driversFor(input: DealInput & OptionalInputs): DealDriver[] {
  const drivers: DealDriver[] = [...SENSITIVITY_DRIVERS];
  if (input.rehab_budget !== undefined) drivers.push('rehab_budget');
  if (input.after_repair_value !== undefined) drivers.push('after_repair_value');
  if (input.refinance !== undefined) drivers.push('refinance_loan_to_value');
  return drivers;
}

/**
 * A driver's value in the deal (`refinance.loan_to_value` for `refinance_loan_to_value`). Throws
 * `UnderwritingInputError` naming the driver when the deal does not give its input (see `driversFor`).
 *
 * @example
 * driverOf(brrrrDeal, 'refinance_loan_to_value'); // 0.75
 */
export function driverOf(input: DealInput & OptionalInputs, driver: DealDriver): number {
  switch (driver) {
    case 'rehab_budget':
    case 'after_repair_value': {
      const value = input[driver];
      if (value === undefined)
        throw new UnderwritingInputError(driver, `is not a driver of a deal without ${driver}`);
      return value;
    }
    case 'refinance_loan_to_value':
      if (input.refinance === undefined) {
        throw new UnderwritingInputError(driver, 'is not a driver of a deal without refinance');
      }
      return input.refinance.loan_to_value;
    default:
      return input[driver];
  }
}

/** `amount × now / before`, or `amount` when `before` is 0 (no ratio to keep). */
function follow(amount: number, now: number, before: number): number {
  return before === 0 ? amount : amount * (now / before);
}

/** The costs that keep their ratio to the price when the price moves. */
export const PRICE_LINKED_COSTS = ['closing_cost', 'financing_fees', 'insurance', 'property_taxes'] as const;

/**
 * The deal at another purchase price: closing_cost, financing_fees, insurance and property_taxes
 * keep their ratio to the price (so the loan, LTV × price, follows too), and so does a second
 * loan's amount (issue 28 §3); everything else stays. Insurance with a fixed part
 * (`insurance_fixed`, at most the insurance itself) moves only the rest; taxes in tiers
 * (`property_tax_tiers`) keep their ratio to what the tiers charge.
 *
 * Formula: each linked cost × `price / input.purchase_price`; with `insurance_fixed` f,
 * insurance = min(f, insurance) + (insurance − min(f, insurance)) × `price / input.purchase_price`;
 * with `property_tax_tiers` T, property_taxes × T(price) / T(input.purchase_price).
 *
 * @example
 * atPrice(austinDeal, 400_000); // closing_cost 13,500 → 12,000; insurance 2,700 → 2,400;
 *                               // property_taxes 6,907.50 → 6,140; financing_fees 3,375 → 3,000
 * atPrice({ ...austinDeal, insurance_fixed: 900 }, 400_000).insurance; // 900 + 1,800 × 400/450 = 2,500
 * // Honolulu's tiers (0.40 % to $1M, 1.14 % above), $6,280 at $1,200,000:
 * atPrice({ ...deal, purchase_price: 1_200_000, property_taxes: 6_280, property_tax_tiers }, 900_000)
 *   .property_taxes; // 3,600 = 0.004 × 900,000
 */
export function atPrice<D extends DealInput & OptionalInputs>(input: D, price: number): D {
  const scale = price / input.purchase_price;
  const moved = Object.assign({}, input, {
    purchase_price: price,
    closing_cost: input.closing_cost * scale,
    financing_fees: input.financing_fees * scale,
    insurance: insuranceAtScale(input, scale),
    property_taxes: taxesAtPrice(input, price, scale),
  });
  // a second loan (seller financing) is a share of the price: it keeps it, so it stays below the down payment
  if (input.second_loan !== undefined) {
    moved.second_loan = Object.assign({}, input.second_loan, { amount: input.second_loan.amount * scale });
  }
  return moved;
}

/** The taxes at `price`: in proportion to what the tiers charge when it has tiers, else to the price. */
function taxesAtPrice(input: Assumptions & PropertyTaxShape, price: number, scale: number): number {
  const tiers = input.property_tax_tiers;
  if (tiers === undefined) return input.property_taxes * scale;
  const before = taxByTiers(tiers, input.purchase_price);
  // tiers that charge nothing at the price (two zero rates) leave the price to set the ratio
  return before > 0
    ? input.property_taxes * (taxByTiers(tiers, price) / before)
    : input.property_taxes * scale;
}

/** The insurance at `scale` × the price: its fixed part stays (none when left out), the rest scales. */
function insuranceAtScale(input: Assumptions & InsuranceShape, scale: number): number {
  if (input.insurance_fixed === undefined) return input.insurance * scale;
  const fixed = Math.min(input.insurance_fixed, input.insurance);
  return fixed + (input.insurance - fixed) * scale;
}

/**
 * The deal with one driver set to `value` and its linked costs following (see the module note):
 * the price through `atPrice`; the rent moves management (by year-1 gross income, rent + other
 * income) and maintenance (by rent); the vacancy moves management (by 1 − vacancy); the LTV moves
 * financing fees (by LTV). Interest rate, rent growth and appreciation move nothing else, nor do the
 * rehab drivers (`REHAB_DRIVERS`), which throw `UnderwritingInputError` on a deal without their
 * input (`driverOf`).
 *
 * @example
 * withDriver(austinDeal, 'rent', 2_600).maintenance; // 2,816.40 × 2,600 / 2,347 = 3,120
 * withDriver(austinDeal, 'vacancy_rate', 0.1).property_management; // 2,140.464 × 0.9 / 0.95 = 2,027.808
 * withDriver(brrrrDeal, 'refinance_loan_to_value', 0.8).refinance; // { ...brrrrDeal.refinance, loan_to_value: 0.8 }
 */
export function withDriver<D extends DealInput & OptionalInputs>(
  input: D,
  driver: DealDriver,
  value: number,
): D {
  switch (driver) {
    case 'rehab_budget':
    case 'after_repair_value':
      driverOf(input, driver);
      return Object.assign({}, input, { [driver]: value });
    case 'refinance_loan_to_value':
      driverOf(input, driver);
      return Object.assign({}, input, {
        refinance: Object.assign({}, input.refinance, { loan_to_value: value }),
      });
    case 'purchase_price':
      return atPrice(input, value);
    case 'rent': {
      const income = input.rent + input.other_income;
      return Object.assign({}, input, {
        rent: value,
        property_management: follow(input.property_management, value + input.other_income, income),
        maintenance: follow(input.maintenance, value, input.rent),
      });
    }
    case 'vacancy_rate':
      return Object.assign({}, input, {
        vacancy_rate: value,
        property_management: follow(input.property_management, 1 - value, 1 - input.vacancy_rate),
      });
    case 'loan_to_value':
      return Object.assign({}, input, {
        loan_to_value: value,
        financing_fees: follow(input.financing_fees, value, input.loan_to_value),
      });
    default:
      return Object.assign({}, input, { [driver]: value });
  }
}
