/**
 * The example deal of the API's tests and benchmarks: the README's 1100 Congress Ave, Austin, a
 * 3-bed single-family home at $450,000 in Travis County (ZIP 78701, a Small Area FMR ZIP).
 */
import type { PropertyInput } from '@sfr/contracts';

export const austin: PropertyInput = {
  street: '1100 Congress Ave',
  city: 'Austin',
  zipcode: '78701',
  state_code: 'TX',
  county_name: 'Travis County',
  num_bedrooms: 3,
  num_bathrooms: 2,
  purchase_price: 450_000,
  factor: 1,
};
