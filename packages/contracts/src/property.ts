/**
 * The analyzer form and the body of POST /create_property (product spec §2, §5, §7): the address,
 * the rooms, the price and the house type. Strings are trimmed; numbers may arrive as form text.
 */
import { ASSUMPTION_BOUNDS } from '@sfr/underwriting';
import { MONEY_INPUT_MAX } from './assumptions.js';
import { formNumberField, optionalFormNumberField, plainNumber } from './number-field.js';
import { cleanString } from './text.js';
import { US_STATE_CODES } from './us-states.js';
import { z } from './zod.js';

/** House type (`factor`) → its name. The default display is Single Family. */
export const HOUSE_TYPES = {
  1: 'Single Family',
  2: 'Two Family',
  3: 'Three Family',
  4: 'Four Family',
} as const;

export type HouseType = keyof typeof HOUSE_TYPES;

/** The house type's name; anything else shows the default, 'Single Family'. */
export function houseTypeName(factor: number | null | undefined): string {
  return HOUSE_TYPES[factor as HouseType] ?? HOUSE_TYPES[1];
}

/**
 * The building in a few words, so two analyses of one address (a duplex and a triplex, other
 * rooms) read apart in a list.
 *
 * @example buildingText({ factor: 2, num_bedrooms: 2, num_bathrooms: 1 }) → 'Two Family, 2 bd / 1 ba per unit'
 * @example buildingText({ factor: 1, num_bedrooms: 3, num_bathrooms: 2.5 }) → 'Single Family, 3 bd / 2.5 ba'
 */
export function buildingText(property: {
  factor: number;
  num_bedrooms: number;
  num_bathrooms: number;
}): string {
  const perUnit = property.factor > 1 ? ' per unit' : '';
  return `${houseTypeName(property.factor)}, ${property.num_bedrooms} bd / ${property.num_bathrooms} ba${perUnit}`;
}

/** The form's field names, as messages use them. */
export const PROPERTY_FIELD_LABELS = {
  street: 'Street',
  city: 'City',
  zipcode: 'Zipcode',
  state_code: 'State Code',
  county_name: 'County',
  num_bedrooms: 'Number of Bedrooms',
  num_bathrooms: 'Number of Bathrooms',
  purchase_price: 'Purchase Price',
  factor: 'House Type',
  square_feet: 'Square Feet',
  year_built: 'Year Built',
} as const;

/** The numeric limits, also for the form's min, max and step attributes. */
export const PROPERTY_LIMITS = {
  // HUD publishes rents for 0-4 bedrooms and a rule for larger units; the market layer extends it
  // to 10 (apps/api/src/market/tables/fmr.ts MAX_BEDROOMS), beyond which no single-family rental figure is credible
  num_bedrooms: { min: 1, max: 10, step: 1 },
  num_bathrooms: { min: 1, max: 20, step: 0.5 },
  // a new analysis spends a search: a price no 1–4 unit home comes near (extra zeros typed) is
  // refused first, at the limit of every dollar amount (MONEY_INPUT_MAX)
  purchase_price: { min: ASSUMPTION_BOUNDS.purchase_price.min, max: MONEY_INPUT_MAX },
  factor: { min: 1, max: 4, step: 1 },
  // optional, for the record and the live rent estimate: the largest houses listed run past
  // 10,000 sq ft, and the oldest American houses still let date from the 1600s
  square_feet: { min: 100, max: 100_000 },
  year_built: { min: 1600, max: 2100 },
} as const;

const MAX_TEXT_LENGTH = 200;

function requiredText(label: string) {
  return cleanString(label, {
    error: (issue) => (issue.input == null ? `${label} is required` : `${label} must be text`),
  }).check(
    z.trim(),
    z.minLength(1, { error: `${label} is required`, abort: true }),
    z.maxLength(MAX_TEXT_LENGTH, {
      error: `${label} must be at most ${MAX_TEXT_LENGTH} characters`,
      abort: true,
    }),
  );
}

const L = PROPERTY_FIELD_LABELS;
const {
  num_bedrooms: beds,
  num_bathrooms: baths,
  purchase_price: price,
  factor,
  square_feet: area,
  year_built: built,
} = PROPERTY_LIMITS;

/**
 * The analyzer's input. ZIP+4 ('02139-4307') is accepted and kept as its 5 digits; the state
 * code is uppercased. Unknown keys are dropped: every field is required, so a misspelt one is
 * already reported as missing.
 */
export const propertyInputSchema = z.object({
  street: requiredText(L.street),
  city: requiredText(L.city),
  zipcode: requiredText(L.zipcode).check(
    z.regex(/^\d{5}(-\d{4})?$/, { error: `${L.zipcode} must be 5 digits, like 02139` }),
    z.overwrite((zip) => zip.slice(0, 5)),
  ),
  state_code: requiredText(L.state_code).check(
    z.regex(/^[A-Za-z]{2}$/, { error: `${L.state_code} must be 2 letters, like NY` }),
    z.toUpperCase(),
    // QA: "XX" read as a ZIP in another state ("ZIP 38104 is in TN, not XX.")
    z.refine((code) => !/^[A-Z]{2}$/.test(code) || US_STATE_CODES.has(code), {
      error: `${L.state_code} must be a US state's or territory's code, like NY`,
    }),
  ),
  county_name: requiredText(L.county_name),
  num_bedrooms: formNumberField({
    label: L.num_bedrooms,
    ...beds,
    maxInclusive: true,
    integer: true,
    rule: `must be a whole number from ${beds.min} to ${beds.max}`,
  }),
  num_bathrooms: formNumberField({
    label: L.num_bathrooms,
    ...baths,
    maxInclusive: true,
    integer: false,
    rule: `must be from ${baths.min} to ${baths.max} in steps of ${baths.step}`,
  }),
  purchase_price: formNumberField({
    label: L.purchase_price,
    min: price.min,
    max: price.max,
    maxInclusive: true,
    integer: false,
    rule: {
      tooLow: `must be at least $${plainNumber(price.min)}`,
      tooHigh: `must be at most $${plainNumber(price.max)}`,
    },
  }),
  factor: formNumberField({
    label: L.factor,
    min: factor.min,
    max: factor.max,
    maxInclusive: true,
    integer: true,
    rule: `must be 1 (${HOUSE_TYPES[1]}), 2 (${HOUSE_TYPES[2]}), 3 (${HOUSE_TYPES[3]}) or 4 (${HOUSE_TYPES[4]})`,
  }),
  /** living area of the building in square feet; optional (a live rent estimate uses it) */
  square_feet: optionalFormNumberField({
    label: L.square_feet,
    ...area,
    maxInclusive: true,
    integer: true,
    rule: `must be a whole number from ${plainNumber(area.min)} to ${plainNumber(area.max)}`,
  }),
  year_built: optionalFormNumberField({
    label: L.year_built,
    ...built,
    maxInclusive: true,
    integer: true,
    rule: `must be a year from ${built.min} to ${built.max}`,
  }),
});

export type PropertyInput = z.output<typeof propertyInputSchema>;

/**
 * The property as the API sends it back: already normalised, so plain types without the form
 * parsing above (response serialisation must not run input transforms).
 */
export const propertySchema = z.object({
  street: z.string(),
  city: z.string(),
  zipcode: z.string(),
  state_code: z.string(),
  county_name: z.string(),
  num_bedrooms: z.number(),
  num_bathrooms: z.number(),
  purchase_price: z.number(),
  factor: z.number(),
  square_feet: z.optional(z.number()),
  year_built: z.optional(z.number()),
});
