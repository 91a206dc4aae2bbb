/**
 * Sending email. Every message is recorded in `email_outbox` first (tests and operators read links
 * there); with SMTP configured it is then handed to the SMTP server and `sent_at` is set, and
 * without SMTP (development only: production refuses to start without it) a log line carries the
 * link so a developer can click it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { emailOutbox } from '../db/schema.js';
import { smtpTransport } from './smtp.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about; logged when there is no SMTP server to deliver it. */
  link?: string;
}

export interface Mailer {
  /** Records the mail and delivers it if a transport is configured; rejects if delivery fails. */
  send(mail: Mail): Promise<void>;
  /** false without a transport (development): mail is only recorded, its link logged */
  readonly delivers: boolean;
}

/** Whatever actually delivers a message (SMTP through nodemailer in production). */
export interface MailTransport {
  deliver(mail: Mail): Promise<void>;
}

/** The subset of a pino / Fastify logger the mailer writes to. */
export interface MailLog {
  info(obj: object, msg: string): void;
}

export interface MailerOptions {
  db: Database;
  /** Absent: outbox and log only. */
  transport?: MailTransport | undefined;
  log: MailLog;
  /**
   * Whether a message that was not delivered has its link logged (development without SMTP). Never
   * in production: a reset link in a log is a way into the account for anyone who reads the log.
   */
  logLinks: boolean;
}

export function createMailer({ db, transport, log, logLinks }: MailerOptions): Mailer {
  return {
    delivers: transport !== undefined,
    async send(mail) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text })
        .returning({ id: emailOutbox.id });
      if (!row) throw new Error('insert into email_outbox returned no row');
      if (!transport) {
        // development without SMTP: the link is how the developer gets the message
        log.info(
          { outboxId: row.id, to: mail.to, subject: mail.subject, ...(logLinks ? { link: mail.link } : {}) },
          'email not sent (no SMTP_URL); recorded in email_outbox',
        );
        return;
      }
      await transport.deliver(mail);
      await db.update(emailOutbox).set({ sent_at: sql`now()` }).where(eq(emailOutbox.id, row.id));
      log.info({ outboxId: row.id, subject: mail.subject }, 'email sent');
    },
  };
}

/**
 * The mailer the configuration asks for: SMTP_URL's server, else the outbox only; links are logged
 * outside production, where no mail may arrive.
 */
export function mailerFromConfig(config: Config, db: Database, log: MailerOptions['log']): Mailer {
  return createMailer({
    db,
    transport: config.SMTP_URL ? smtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM }) : undefined,
    log,
    logLinks: config.NODE_ENV !== 'production',
  });
}
