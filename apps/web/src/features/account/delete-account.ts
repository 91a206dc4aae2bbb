/**
 * Deleting the account (the profile's DeleteAccount): its words, and the check made before asking
 * the API, which makes the same one.
 */
import { DELETE_EMAIL_MISMATCH, deleteAccountBodySchema } from '@sfr/contracts';

export const DELETE_ACCOUNT_TEXT = {
  button: 'Delete account',
  hint: 'Deletes your account with every analysis, saved property, scenario and share link in it. It cannot be undone.',
  title: 'Delete your account?',
  body: 'Everything saved in it goes and every share link stops working; feedback you sent stays, without your name. Type your email address to confirm.',
  confirm: 'Delete my account',
  cancel: 'Keep my account',
  mismatch: DELETE_EMAIL_MISMATCH,
  /** a subscription running: the time already paid for goes with the account */
  paidTime: (until: string) => `Your subscription runs until ${until}; that time ends with the account.`,
} as const;

/** The typed email when it is the account's own (trimmed, in any case); null when not. */
export function confirmedEmail(typed: string, accountEmail: string): string | null {
  const parsed = deleteAccountBodySchema.safeParse({ email: typed });
  if (!parsed.success || parsed.data.email.toLowerCase() !== accountEmail.toLowerCase()) return null;
  return parsed.data.email;
}
