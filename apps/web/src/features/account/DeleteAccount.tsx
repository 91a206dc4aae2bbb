/**
 * Deleting the account from /profile: everything saved in it goes (analyses, saved properties,
 * scenarios, share links), confirmed in a dialog by typing the account's email and its password
 * (an account without one, Google only, must have signed in within minutes: the API says when to
 * sign in again, and Google's sign-in comes back here). The API refuses while a subscription still
 * renews and says how to cancel it first; the dialog shows that answer.
 */
import { okResponseSchema } from '@sfr/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiPost } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { formatLongDate } from '../../ui/format-date';
import { TextField } from '../../ui/forms/FormField';
import { confirmedEmail, DELETE_ACCOUNT_TEXT, type Refusal, refusalOf } from './delete-account';
import { useSessionEnded } from './sign-out';

/** `paidUntil`: the end of a subscription's paid period (ISO), null without one running. */
export function DeleteAccount({
  email,
  hasPassword,
  paidUntil,
}: {
  email: string;
  hasPassword: boolean;
  paidUntil: string | null;
}) {
  const paidUntilText = paidUntil ? formatLongDate(paidUntil) : null;
  const formId = useId();
  const sessionEnded = useSessionEnded();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<Refusal>({});
  const remove = useMutation({
    mutationFn: (body: { email: string; password?: string }) =>
      apiPost('/api/auth/delete-account', okResponseSchema, body),
    onSuccess: (answer) => sessionEnded(answer.message ?? 'Your account has been deleted.'),
    onError: (failure) => {
      const next = refusalOf(failure);
      setRefusal(next);
      if (next.password) focusField('password');
    },
  });

  const focusField = (field: 'email' | 'password') => document.getElementById(`${formId}-${field}`)?.focus();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (remove.isPending) return;
    const confirmed = confirmedEmail(typed, email);
    if (confirmed === null) {
      setRefusal({ email: DELETE_ACCOUNT_TEXT.mismatch });
      // from the Delete button (an empty submit) too: the field says what is wrong (QA)
      focusField('email');
      return;
    }
    if (hasPassword && password === '') {
      setRefusal({ password: DELETE_ACCOUNT_TEXT.passwordMissing });
      focusField('password');
      return;
    }
    setRefusal({});
    remove.mutate(hasPassword ? { email: confirmed, password } : { email: confirmed });
  }

  function close() {
    setOpen(false);
    setTyped('');
    setPassword('');
    setRefusal({});
  }

  return (
    <div className="card-actions">
      <p className="field-hint" id={`${formId}-hint`}>
        {DELETE_ACCOUNT_TEXT.hint}
      </p>
      <button
        type="button"
        className="button button-danger"
        aria-describedby={`${formId}-hint`}
        onClick={() => setOpen(true)}
      >
        {DELETE_ACCOUNT_TEXT.button}
      </button>
      <Dialog
        open={open}
        title={DELETE_ACCOUNT_TEXT.title}
        onClose={close}
        actions={
          <>
            <button type="button" className="button button-outline" onClick={close}>
              {DELETE_ACCOUNT_TEXT.cancel}
            </button>
            <button
              type="submit"
              form={formId}
              className="button button-danger"
              aria-disabled={remove.isPending || undefined}
            >
              {DELETE_ACCOUNT_TEXT.confirm}
            </button>
          </>
        }
      >
        <p>{DELETE_ACCOUNT_TEXT.body}</p>
        {paidUntilText ? <p>{DELETE_ACCOUNT_TEXT.paidTime(paidUntilText)}</p> : null}
        <p>{hasPassword ? DELETE_ACCOUNT_TEXT.confirmWithPassword : DELETE_ACCOUNT_TEXT.confirmWithGoogle}</p>
        {refusal.signInAgain ? (
          <p role="alert">
            {DELETE_ACCOUNT_TEXT.reauthRequired}{' '}
            <a href={DELETE_ACCOUNT_TEXT.signInAgainHref}>{DELETE_ACCOUNT_TEXT.signInAgain}</a>
          </p>
        ) : null}
        <form id={formId} noValidate onSubmit={submit}>
          <TextField
            id={`${formId}-email`}
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            value={typed}
            error={refusal.email}
            onChange={(event) => setTyped(event.target.value)}
          />
          {hasPassword ? (
            <TextField
              id={`${formId}-password`}
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={refusal.password}
              onChange={(event) => setPassword(event.target.value)}
            />
          ) : null}
        </form>
      </Dialog>
    </div>
  );
}
