/**
 * The session store's clock rules on a real database, with a hand-moved clock: the 30-day life,
 * the sliding refresh written at most once an hour, expiry, and ending one or all sessions.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS, sessionStore } from '../../src/auth/sessions.js';
import { hashToken } from '../../src/auth/tokens.js';
import { usersRepository } from '../../src/auth/users.js';
import type { DbHandle } from '../../src/db/client.js';
import { sessions } from '../../src/db/schema.js';
import { createTestDatabase } from '../../src/db/testing.js';
import { DATABASE_KINDS } from '../support/app.js';
import { uniqueEmail } from './helpers.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(DATABASE_KINDS)('session store on %s', (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(async () => database?.close());

  let clock = Date.parse('2030-01-01T00:00:00Z');
  const store = () => sessionStore(database.db, () => clock);
  const newUserId = async () =>
    (
      await usersRepository(database.db).insert({
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: uniqueEmail(),
        passwordHash: null,
        emailVerified: false,
        googleId: null,
      })
    ).id;
  const storedExpiry = async (id: string) =>
    (await database.db.select().from(sessions).where(eq(sessions.id, id)))[0]?.expires_at.getTime();

  it('stores only the hash of the token, with 30 days to live', async () => {
    const userId = await newUserId();
    const { token, session } = await store().create(userId);
    expect(session.id).toBe(hashToken(token));
    expect(session.expiresAt.getTime()).toBe(clock + SESSION_TTL_MS);
    expect(await storedExpiry(session.id)).toBe(clock + 30 * DAY);
    const validated = await store().validate(token);
    expect(validated?.user.id).toBe(userId);
    expect(validated?.refreshed).toBe(false);
  });

  it('writes the sliding expiry at most once an hour', async () => {
    const { token, session } = await store().create(await newUserId());
    const created = clock;

    clock = created + 59 * MINUTE;
    expect((await store().validate(token))?.refreshed).toBe(false);
    expect(await storedExpiry(session.id)).toBe(created + 30 * DAY);

    clock = created + 61 * MINUTE;
    const refreshed = await store().validate(token);
    expect(refreshed?.refreshed).toBe(true);
    expect(refreshed?.session.expiresAt.getTime()).toBe(clock + 30 * DAY);
    expect(await storedExpiry(session.id)).toBe(clock + 30 * DAY);

    // and again only an hour after that refresh
    const refreshedAt = clock;
    clock = refreshedAt + 30 * MINUTE;
    expect((await store().validate(token))?.refreshed).toBe(false);
  });

  it('keeps a session used every few days alive past 30 days, and ends one idle for 30', async () => {
    const { token: active } = await store().create(await newUserId());
    const { token: idle, session: idleSession } = await store().create(await newUserId());
    const start = clock;
    for (let day = 5; day <= 60; day += 5) {
      clock = start + day * DAY;
      expect(await store().validate(active), `day ${day}`).not.toBeNull();
    }
    // the idle one was last refreshed at `start`
    expect(await store().validate(idle)).toBeNull();
    expect(await storedExpiry(idleSession.id)).toBeUndefined();
  });

  it('expires exactly at expires_at', async () => {
    const { token, session } = await store().create(await newUserId());
    clock = session.expiresAt.getTime() - 1;
    expect(await store().validate(token)).not.toBeNull();
    clock = (await storedExpiry(session.id)) as number;
    expect(await store().validate(token)).toBeNull();
  });

  it('refuses malformed and unknown tokens without touching other sessions', async () => {
    const { token } = await store().create(await newUserId());
    for (const bad of ['', 'short', token.toUpperCase(), `${token} `, 'z'.repeat(40), hashToken(token)]) {
      expect(await store().validate(bad), bad).toBeNull();
    }
    expect(await store().validate(token)).not.toBeNull();
  });

  it('ends one session, or all of a user’s, and tidies expired ones on the next sign-in', async () => {
    const userId = await newUserId();
    const other = await store().create(await newUserId());
    const a = await store().create(userId);
    const b = await store().create(userId);
    await store().invalidate(a.session.id);
    expect(await store().validate(a.token)).toBeNull();
    expect(await store().validate(b.token)).not.toBeNull();

    await store().invalidateAllForUser(userId);
    expect(await store().validate(b.token)).toBeNull();
    expect(await store().validate(other.token)).not.toBeNull();

    const old = await store().create(userId);
    clock += 31 * DAY;
    await store().create(userId);
    expect(await storedExpiry(old.session.id)).toBeUndefined();
  });
});
