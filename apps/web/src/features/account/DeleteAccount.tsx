/**
 * Deleting the account from /profile: everything saved in it goes (analyses, saved properties,
 * scenarios, share links), confirmed by typing the account's email in a dialog. The API refuses
 * while a subscription still renews and says how to cancel it first; the dialog shows that answer.
 */
import { okResponseSchema } from '@sfr/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiRequestError, apiPost } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { formatLongDate } from '../../ui/format-date';
import { TextField } from '../../ui/forms/FormField';
import { confirmedEmail, DELETE_ACCOUNT_TEXT } from './delete-account';
import { useSessionEnded } from './sign-out';

/** `paidUntil`: the end of a subscription's paid period (ISO), null without one running. */
export function DeleteAccount({ email, paidUntil }: { email: string; paidUntil: string | null }) {
  const paidUntilText = paidUntil ? formatLongDate(paidUntil) : null;
  const formId = useId();
  const sessionEnded = useSessionEnded();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useMutation({
    mutationFn: (body: { email: string }) => apiPost('/api/auth/delete-account', okResponseSchema, body),
    onSuccess: (answer) => sessionEnded(answer.message ?? 'Your account has been deleted.'),
    onError: (failure) =>
      setError(
        failure instanceof ApiRequestError ? (failure.fields.email ?? failure.message) : failure.message,
      ),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (remove.isPending) return;
    const confirmed = confirmedEmail(typed, email);
    if (confirmed === null) {
      setError(DELETE_ACCOUNT_TEXT.mismatch);
      // from the Delete button (an empty submit) too: the field says what is wrong (QA)
      document.getElementById(`${formId}-email`)?.focus();
      return;
    }
    setError(undefined);
    remove.mutate({ email: confirmed });
  }

  function close() {
    setOpen(false);
    setTyped('');
    setError(undefined);
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
        <form id={formId} noValidate onSubmit={submit}>
          <TextField
            id={`${formId}-email`}
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            value={typed}
            error={error}
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
      </Dialog>
    </div>
  );
}
