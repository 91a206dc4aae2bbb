/**
 * A live provider's public record of a property (RentCast's property records): the rooms, size and
 * age the analyzer may fill in, and the county's latest tax bill.
 */
import type { PropertyRecord } from '@sfr/contracts';

export interface PropertyRecordProvider {
  /** Machine name, used in error messages: 'rentcast'. */
  readonly name: string;
  /** The provider as an investor knows it: 'RentCast'. */
  readonly label: string;
  /** The record for the address ('Street, City, ST 12345'); null when the provider has none. */
  propertyRecord(address: string): Promise<PropertyRecord | null>;
}
