/**
 * Where an account's owner signs in from (OWASP's answer to lock-out by strangers): an address the
 * user signed in from in the last 90 days is theirs, and there they are held to their own
 * (email, address) budget only, not to the email's budget that strangers can spend.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { knownLoginAddresses, users } from '../db/schema.js';
import { clientKey } from '../http/rate-limit.js';

/** How long a successful sign-in keeps an address known. */
export const KNOWN_ADDRESS_DAYS = 90;

export interface KnownAddresses {
  /** Whether the account with this email signed in from this client address lately. */
  isKnown(email: string, ip: string): Promise<boolean>;
  /** A successful sign-in (or sign-up) from this address. */
  remember(userId: string, ip: string): Promise<void>;
}

export function knownAddresses(db: Database): KnownAddresses {
  return {
    async isKnown(email, ip) {
      const rows = await db
        .select({ user_id: knownLoginAddresses.user_id })
        .from(knownLoginAddresses)
        .innerJoin(users, eq(users.id, knownLoginAddresses.user_id))
        .where(
          and(
            sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
            eq(knownLoginAddresses.address, clientKey(ip)),
            gt(
              knownLoginAddresses.last_success_at,
              sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`,
            ),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    async remember(userId, ip) {
      await db
        .insert(knownLoginAddresses)
        .values({ user_id: userId, address: clientKey(ip) })
        .onConflictDoUpdate({
          target: [knownLoginAddresses.user_id, knownLoginAddresses.address],
          set: { last_success_at: sql`now()` },
        });
    },
  };
}
