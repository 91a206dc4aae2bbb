/**
 * The mailer against a real database and a local SMTP server: every message lands in the outbox;
 * with SMTP it is delivered and marked sent; a refused delivery is an error and stays unsent.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.js';
import { emailOutbox } from '../../src/db/schema.js';
import { createTestDatabase } from '../../src/db/testing.js';
import { createMailer } from '../../src/email/mailer.js';
import { smtpTransport } from '../../src/email/smtp.js';
import { verificationEmail } from '../../src/email/templates.js';
import { DATABASE_KINDS } from '../support/app.js';
import { uniqueEmail } from './helpers.js';
import { startSmtp } from './smtp-server.js';

describe.each(DATABASE_KINDS)('mailer on %s', (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(async () => database?.close());

  const outbox = async (to: string) =>
    database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));

  it('without SMTP: records the mail and logs one line with the link', async () => {
    const lines: Array<{ obj: object; msg: string }> = [];
    const mailer = createMailer({
      db: database.db,
      log: { info: (obj, msg) => lines.push({ obj, msg }) },
      logLinks: true,
    });
    const to = uniqueEmail();
    await mailer.send(verificationEmail(to, 'Ada', 'http://localhost:3000/verify-email?token=abc'));

    const [row] = await outbox(to);
    expect(row).toMatchObject({ to, subject: 'Verify your email for SFR Analyst', sent_at: null });
    expect(row?.text).toContain('http://localhost:3000/verify-email?token=abc');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj).toMatchObject({ to, link: 'http://localhost:3000/verify-email?token=abc' });
  });

  it('without SMTP and logLinks off (production): records the mail, and the log line has no link', async () => {
    const lines: Array<{ obj: object; msg: string }> = [];
    const mailer = createMailer({
      db: database.db,
      log: { info: (obj, msg) => lines.push({ obj, msg }) },
      logLinks: false,
    });
    const to = uniqueEmail();
    await mailer.send(verificationEmail(to, 'Ada', 'http://localhost:3000/verify-email?token=secret123'));
    const [row] = await outbox(to);
    expect(row?.text).toContain('token=secret123');
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('secret123');
  });

  it('with SMTP: delivers the mail and marks it sent', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({
        db: database.db,
        transport: smtpTransport({
          url: smtp.url,
          from: 'SFR Analyst <no-reply@sfr.test>',
          timeoutMs: 5_000,
        }),
        log: { info() {} },
        logLinks: true,
      });
      const to = uniqueEmail();
      await mailer.send(verificationEmail(to, 'Ada', 'https://app.example/verify-email?token=xyz'));

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0];
      expect(mail?.from).toBe('<no-reply@sfr.test>');
      expect(mail?.to).toEqual([`<${to}>`]);
      expect(mail?.data).toMatch(/^Subject: Verify your email for SFR Analyst$/m);
      expect(decodeQuotedPrintable(mail?.data ?? '')).toContain('https://app.example/verify-email?token=xyz');
      const [row] = await outbox(to);
      expect(row?.sent_at).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('with SMTP refusing: rejects, and the outbox row stays unsent', async () => {
    const smtp = await startSmtp({ refuse: true });
    try {
      const mailer = createMailer({
        db: database.db,
        transport: smtpTransport({ url: smtp.url, from: 'no-reply@sfr.test', timeoutMs: 5_000 }),
        log: { info() {} },
        logLinks: true,
      });
      const to = uniqueEmail();
      await expect(mailer.send({ to, subject: 'Hello', text: 'Hi' })).rejects.toThrow(/554/);
      const [row] = await outbox(to);
      expect(row?.sent_at).toBeNull();
    } finally {
      await smtp.close();
    }
  });
});

/** The body as written, from nodemailer's quoted-printable (`=3D` is '=', `=` at a line end joins). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
