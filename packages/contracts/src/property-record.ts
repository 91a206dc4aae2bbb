/**
 * What a live provider (RentCast) shows of the evidence behind its figures: the rentals its rent
 * estimate rests on, and the public record of the property itself (rooms, size, age, tax bill).
 */
import { cleanString } from './text.js';
import { z } from './zod.js';

/** One rental behind a live rent estimate, as the results page and the report list it. */
export const rentComparableSchema = z.object({
  address: z.string(),
  /** miles from the subject property */
  distance_miles: z.nullable(z.number()),
  bedrooms: z.nullable(z.number()),
  bathrooms: z.nullable(z.number()),
  /** monthly asking rent in dollars */
  rent: z.number(),
  /** days the listing has been (or was) on the market */
  days_on_market: z.nullable(z.number()),
  /** the day the listing was last seen, YYYY-MM-DD */
  last_seen: z.nullable(z.string()),
});
export type RentComparable = z.output<typeof rentComparableSchema>;

/** A year's property tax bill from the county's record. */
export const taxBillSchema = z.object({
  year: z.number().check(z.int()),
  total: z.number().check(z.nonnegative()),
});
export type TaxBill = z.output<typeof taxBillSchema>;

/**
 * The provider's public record of a property: what the analyzer may fill in, and the current tax
 * bill (the seller's, at the seller's assessment) to read beside our investor estimate.
 */
export const propertyRecordSchema = z.object({
  address: z.string(),
  bedrooms: z.nullable(z.number()),
  bathrooms: z.nullable(z.number()),
  square_feet: z.nullable(z.number()),
  year_built: z.nullable(z.number().check(z.int())),
  /** the newest year's bill in the record */
  tax_bill: z.nullable(taxBillSchema),
  /** 'RentCast property record' */
  source: z.string(),
  /** the day it was fetched, YYYY-MM-DD */
  vintage: z.string(),
});
export type PropertyRecord = z.output<typeof propertyRecordSchema>;

/** GET /api/property_record: the address as one line, 'Street, City, ST 12345'. */
export const propertyRecordQuerySchema = z.object({
  address: cleanString('address').check(
    z.trim(),
    z.minLength(1, 'address is required'),
    z.maxLength(512, 'address must be at most 512 characters'),
  ),
});
