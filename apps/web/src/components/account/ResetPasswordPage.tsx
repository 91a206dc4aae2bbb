/**
 * /reset-password?token=…: where the password reset email links. The new password is checked like
 * sign-up's; the API then ends the user's other sessions and signs this browser in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { confirmPasswordReset, rememberSignedInUser } from '../../queries/account';
import { TextField } from '../pages/FormField';
import { useDocumentTitle } from '../pages/useDocumentTitle';
import { useFieldErrors } from '../pages/useFieldErrors';
import { apiFieldErrors, passwordProblem, type Validated } from './auth-form';
import '../pages/pages.css';
import { SubmitButton } from '../pages/SubmitButton';

const PASSWORD_CHANGED = 'Your password has been changed and you are now logged in.';
const RESET_FAILED = 'Your password could not be changed. Please try again.';
const MISMATCH = 'The passwords do not match.';
const MISSING_TOKEN = 'This password reset link is incomplete. Please request a new one.';

/** The API's own words for a 4xx (an expired link, a weak password); a generic sentence otherwise. */
function resetFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500
    ? error.message
    : RESET_FAILED;
}

function checkNewPassword(password: string, confirmation: string): Validated<string> {
  const problem = passwordProblem(password);
  if (problem) return { ok: false, errors: { password: problem } };
  if (confirmation !== password) return { ok: false, errors: { confirmation: MISMATCH } };
  return { ok: true, value: password };
}

export function ResetPasswordPage({ token }: { token: string | undefined }) {
  useDocumentTitle('Reset Password');
  return (
    <section className="page">
      <div className="card auth-card">
        <h1>Choose a new password</h1>
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <p className="alert" role="alert">
            {MISSING_TOKEN} <Link to="/login">Go to the login page</Link> and choose 'Forgot password?'.
          </p>
        )}
      </div>
    </section>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const resultRef = useRef<HTMLParagraphElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { formRef, errors, showErrors, submitChecked } = useFieldErrors();

  const mutation = useMutation({
    mutationFn: (newPassword: string) => confirmPasswordReset(token, newPassword),
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      toast.success(PASSWORD_CHANGED);
    },
    onError: (error) => {
      toast.error(resetFailureMessage(error));
      showErrors(apiFieldErrors(error));
    },
  });

  useEffect(() => {
    if (mutation.isSuccess || mutation.isError) resultRef.current?.focus();
  }, [mutation.isSuccess, mutation.isError]);

  const submit = submitChecked(
    () => checkNewPassword(password, confirmation),
    (newPassword) => mutation.mutate(newPassword),
  );

  if (mutation.isSuccess) {
    return (
      <p ref={resultRef} className="success-note" role="status" tabIndex={-1}>
        {PASSWORD_CHANGED} <Link to="/">Go to the analyzer</Link>
      </p>
    );
  }

  const failure = mutation.error;
  const linkRejected = failure instanceof ApiRequestError && failure.code === 'INVALID_TOKEN';
  return (
    <>
      {linkRejected ? (
        <p ref={resultRef} className="alert" role="alert" tabIndex={-1}>
          {failure.message} <Link to="/login">Go to the login page</Link> and choose 'Forgot password?'.
        </p>
      ) : null}
      <form ref={formRef} noValidate onSubmit={submit} aria-busy={mutation.isPending}>
        <TextField
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <TextField
          label="Confirm New Password"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation}
        />
        <div className="form-actions">
          <SubmitButton busy={mutation.isPending}>Set new password</SubmitButton>
        </div>
      </form>
    </>
  );
}
