/**
 * A browser stand-in for the auth tests: it keeps the cookies the API sets (dropping cleared ones),
 * sends them back, and comes from its own IP so the per-IP rate limits of one test do not spill into
 * another. Plus readers for the email outbox.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { emailOutbox } from '../../src/db/schema.js';

let lastIp = 0;
/** 10.0.x.y, a new one per call */
export const nextIp = (): string => {
  lastIp += 1;
  return `10.0.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

let lastEmail = 0;
/** A unique address per call, so tests never meet each other's accounts or rate-limit budgets. */
export const uniqueEmail = (name = 'investor'): string => {
  lastEmail += 1;
  return `${name}.${lastEmail}.${Date.now().toString(36)}@example.com`;
};

type Method = 'GET' | 'POST';

export interface RequestOptions {
  headers?: Record<string, string>;
}

export class Browser {
  readonly cookies = new Map<string, string>();
  readonly ip = nextIp();

  constructor(private readonly app: FastifyInstance) {}

  async request(method: Method, url: string, payload?: object, options: RequestOptions = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
      remoteAddress: this.ip,
    });
    for (const c of res.cookies as SetCookie[]) {
      const expired =
        c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires <= new Date());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }

  post(url: string, payload: object = {}, options?: RequestOptions) {
    return this.request('POST', url, payload, options);
  }

  get sessionToken(): string | undefined {
    return this.cookies.get('sfr_session');
  }
}

export interface SetCookie {
  name: string;
  value: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

/** The Set-Cookie the response carried for `name` (fails the test if there is none). */
export function setCookie(res: LightMyRequestResponse, name: string): SetCookie {
  const found = (res.cookies as SetCookie[]).find((c) => c.name === name);
  expect(found, `a Set-Cookie for ${name}`).toBeDefined();
  return found as SetCookie;
}

export const newUser = (
  overrides: Partial<Record<'firstname' | 'lastname' | 'email' | 'password', string>> = {},
) => ({
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: uniqueEmail(),
  password: 'correct horse battery',
  ...overrides,
});

/** The newest email to `to`. */
export async function lastEmailTo(db: Database, to: string) {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  expect(row, `an email to ${to}`).toBeDefined();
  return row as typeof emailOutbox.$inferSelect;
}

/** The token of the newest email link of that kind sent to `to`. */
export async function tokenFromEmail(db: Database, to: string, path: '/verify-email' | '/reset-password') {
  const mail = await lastEmailTo(db, to);
  const match = new RegExp(`${path}\\?token=([a-z2-7]+)`).exec(mail.text);
  expect(match, `a ${path} link in "${mail.text}"`).not.toBeNull();
  return (match as RegExpExecArray)[1] as string;
}

export const countEmailsTo = async (db: Database, to: string) =>
  (await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.to, to))).length;
