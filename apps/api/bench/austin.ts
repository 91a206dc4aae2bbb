/** The deal every API benchmark request analyses: the README's example, 1100 Congress Ave, Austin. */
export const austin = {
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
