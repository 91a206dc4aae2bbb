/** The texts of the emails the API sends. Plain text: every client shows it, and links stay visible. */
import type { Mail } from './mailer.js';

export function verificationEmail(to: string, firstname: string, link: string): Mail {
  return {
    to,
    subject: 'Verify your email for SFR Analyst',
    text: [
      `Hi ${firstname},`,
      '',
      'Please confirm your email address by opening this link:',
      link,
      '',
      'The link works for 48 hours. If you did not sign up for SFR Analyst, you can ignore this email.',
    ].join('\n'),
    link,
  };
}

export function passwordResetEmail(to: string, firstname: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your SFR Analyst password',
    text: [
      `Hi ${firstname},`,
      '',
      'Someone (hopefully you) asked to reset the password of your SFR Analyst account.',
      'Choose a new password by opening this link:',
      link,
      '',
      'The link works for one hour and only once. If you did not ask for it, ignore this email;',
      'your password stays as it is.',
    ].join('\n'),
    link,
  };
}
