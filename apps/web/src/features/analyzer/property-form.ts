/**
 * The analyzer form's rules (product spec §5), outside React: its values as the inputs hold them
 * (text), validation with the same propertyInputSchema the API uses, pre-filling from a property,
 * and what choosing an address suggestion fills in.
 */

import {
  type AddressSuggestion,
  PROPERTY_LIMITS,
  type PropertyInput,
  type PropertyRecord,
  propertyInputSchema,
} from '@sfr/contracts';
import { checkWithSchema, type Validated } from '../../ui/forms/form-check';

export type PropertyField = keyof PropertyInput;

/** Every field as its input holds it ('' for an optional one left out); the house type radio holds '1' to '4'. */
export type PropertyFormValues = Record<PropertyField, string>;

export type PropertyFormErrors = Partial<Record<PropertyField, string>>;

/** The order of the fields on screen, so the first invalid one can take the focus. */
export const PROPERTY_FIELDS: readonly PropertyField[] = [
  'street',
  'city',
  'zipcode',
  'state_code',
  'county_name',
  'num_bedrooms',
  'num_bathrooms',
  'purchase_price',
  'factor',
  'square_feet',
  'year_built',
];

/** The fields the analysis runs without; a live rent estimate uses the size. */
export const OPTIONAL_FIELDS: readonly PropertyField[] = ['square_feet', 'year_built'];

/** A blank form; the house type starts at Single Family (spec §9). */
export const EMPTY_PROPERTY_FORM: PropertyFormValues = {
  street: '',
  city: '',
  zipcode: '',
  state_code: '',
  county_name: '',
  num_bedrooms: '',
  num_bathrooms: '',
  purchase_price: '',
  factor: '1',
  square_feet: '',
  year_built: '',
};

/** The fields counted per unit: the rent is multiplied by the units, the rooms are not. */
export const PER_UNIT_FIELDS: readonly PropertyField[] = ['num_bedrooms', 'num_bathrooms'];

/** 'Per unit: each of the 4 units.' for a 2–4 unit house (the house type radio's value); else nothing. */
export function perUnitHint(factor: string): string | undefined {
  const units = Number(factor);
  return Number.isInteger(units) && units > 1 ? `Per unit: each of the ${units} units.` : undefined;
}

/** Validates the form with the API's own schema (checkWithSchema); on failure, one message per field. */
export function validatePropertyForm(values: PropertyFormValues): Validated<PropertyInput> {
  const checked = checkWithSchema(propertyInputSchema, values);
  return checked.ok ? checked : { ok: false, errors: pickPropertyErrors(checked.errors) };
}

/** The entries of an error map (the API's `fields`, or zod's) that name a form field. */
export function pickPropertyErrors(fields: Readonly<Record<string, string>>): PropertyFormErrors {
  const errors: PropertyFormErrors = {};
  for (const field of PROPERTY_FIELDS) {
    const message = fields[field] ?? fields[`property.${field}`];
    if (message) errors[field] = message;
  }
  return errors;
}

/** A property as the form shows it, e.g. when a saved property is reopened; a missing optional field is ''. */
export function propertyFormValues(
  property: {
    [K in PropertyField]?: string | number | undefined;
  },
): PropertyFormValues {
  const values = { ...EMPTY_PROPERTY_FORM };
  for (const field of PROPERTY_FIELDS) values[field] = String(property[field] ?? values[field]);
  return values;
}

/** The address as the property record is looked up by, or null until street, city, state and ZIP are typed. */
export function recordAddress(values: PropertyFormValues): string | null {
  const [street, city, state, zip] = [values.street, values.city, values.state_code, values.zipcode].map(
    (v) => v.trim(),
  );
  if (!street || !city || !/^[A-Za-z]{2}$/.test(state ?? '') || !/^\d{5}/.test(zip ?? '')) return null;
  return `${street}, ${city}, ${state?.toUpperCase()} ${zip?.slice(0, 5)}`;
}

/**
 * The form filled from a property record: bedrooms, bathrooms (to the form's half steps), square
 * feet and year built where the record has a value the form accepts; the rest is left as typed.
 * `filled` names the fields changed, for the message.
 *
 * @example applyRecord(values, { bedrooms: 3, bathrooms: 2.25, square_feet: 1878, year_built: 1973, … })
 *   → { num_bedrooms: '3', num_bathrooms: '2', square_feet: '1878', year_built: '1973' } filled
 */
export function applyRecord(
  values: PropertyFormValues,
  record: Pick<PropertyRecord, 'bedrooms' | 'bathrooms' | 'square_feet' | 'year_built'>,
): { values: PropertyFormValues; filled: PropertyField[] } {
  const candidates: [PropertyField, number | null][] = [
    ['num_bedrooms', record.bedrooms],
    ['num_bathrooms', record.bathrooms === null ? null : Math.round(record.bathrooms * 2) / 2],
    ['square_feet', record.square_feet === null ? null : Math.round(record.square_feet)],
    ['year_built', record.year_built],
  ];
  const next = { ...values };
  const filled: PropertyField[] = [];
  for (const [field, value] of candidates) {
    if (value === null) continue;
    const limits = PROPERTY_LIMITS[field as keyof typeof PROPERTY_LIMITS] as { min: number; max: number };
    if (value < limits.min || value > limits.max || next[field] === String(value)) continue;
    next[field] = String(value);
    filled.push(field);
  }
  return { values: next, filled };
}

/** The fields a chosen address suggestion fills. */
export const ADDRESS_FIELDS = [
  'street',
  'city',
  'zipcode',
  'state_code',
  'county_name',
] as const satisfies readonly PropertyField[];

/**
 * Choosing a suggestion fills the address fields from its parts and leaves the rest alone. A
 * suggestion for a ZIP or a city has no street: Street then keeps what the user typed there, less
 * the place at its end that the suggestion stands for ('1100 Congress Ave 78701' keeps
 * '1100 Congress Ave'). What was only a place ('78701', 'Austin, TX': no house number left) leaves
 * Street empty to fill. A county the data does not know keeps what the user wrote.
 */
export function applySuggestion(
  values: PropertyFormValues,
  suggestion: AddressSuggestion,
): PropertyFormValues {
  return {
    ...values,
    street: suggestion.street || typedStreet(values.street, suggestion),
    city: suggestion.city,
    zipcode: suggestion.zipcode,
    state_code: suggestion.state_code,
    county_name: suggestion.county_name || values.county_name,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` ending in `word` (after a space or comma, or as the whole text), less that word. */
function withoutTrailing(text: string, word: string, flags = ''): string {
  if (!word) return text;
  return text.replace(new RegExp(`(?:^|[\\s,]+)${escapeRegExp(word)}$`, flags), '');
}

/**
 * `typed` less the place at its end: the suggestion's ZIP or the start of it that was searched
 * for, then the state code as written in capitals ('12 Oak Ct' keeps its 'Ct'), then the city in
 * any case.
 */
function typedStreet(
  typed: string,
  place: Pick<AddressSuggestion, 'city' | 'state_code' | 'zipcode'>,
): string {
  let rest = typed.trim();
  const zip = /(?:^|[\s,]+)(\d{3,5})(?:-\d{0,4})?$/.exec(rest);
  if (zip?.[1] && place.zipcode.startsWith(zip[1])) rest = rest.slice(0, zip.index);
  rest = withoutTrailing(rest, place.state_code.trim().toUpperCase());
  rest = withoutTrailing(rest, place.city.trim(), 'i');
  rest = rest.replace(/[\s,]+$/, '');
  // a street starts with its house number; without a digit it was a city search
  return /\d/.test(rest) ? rest : '';
}
