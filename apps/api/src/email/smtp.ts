/** The SMTP transport: nodemailer with an SMTP_URL, with time-outs short enough for a request. */
import { createTransport } from 'nodemailer';
import type { Mail, MailTransport } from './mailer.js';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://…:465 */
  url: string;
  /** 'SFR Analyst <no-reply@example.com>' */
  from: string;
  /** Whole-connection budget in milliseconds (nodemailer's defaults are minutes). */
  timeoutMs?: number;
}

export function smtpTransport({ url, from, timeoutMs = 10_000 }: SmtpOptions): MailTransport {
  const transporter = createTransport(
    { url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs },
    { from },
  );
  return {
    async deliver(mail: Mail) {
      await transporter.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
