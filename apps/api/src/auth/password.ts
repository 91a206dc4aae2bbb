/**
 * Password hashing: argon2id with OWASP's minimum parameters (19 MiB memory, 2 passes, 1 lane),
 * which cost about 20–60 ms per hash on one core — slow for a guesser, fine for a log-in.
 */
import { hash, verify } from '@node-rs/argon2';

/**
 * The library's default algorithm is argon2id; its `Algorithm` enum is a `const enum`, which
 * `isolatedModules` cannot read, so the default is relied on and a test asserts the `$argon2id$` prefix.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash (never throws for either). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
