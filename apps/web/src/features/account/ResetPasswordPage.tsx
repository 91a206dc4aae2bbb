/**
 * /reset-password?token=…: where the password reset email links. The new password is checked like
 * sign-up's; the API then ends the user's other sessions and signs this browser in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ApiRequestError } from '../../lib/api';
import { TextField } from '../../ui/forms/FormField';
import { apiFieldErrors } from '../../ui/forms/form-check';
import { SubmitButton } from '../../ui/forms/SubmitButton';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { toast } from '../../ui/toast';
import { useDocumentTitle } from '../../ui/use-document-title';
import { validateNewPassword } from './auth-form';
import { confirmPasswordReset, rememberSignedInUser } from './queries';
import '../../ui/page.css';

const PASSWORD_CHANGED = 'Your password has been changed and you are now logged in.';
const RESET_FAILED = 'Your password could not be changed. Please try again.';
const MISSING_TOKEN = 'This password reset link is incomplete. Please request a new one.';

/** The API's own words for a 4xx (an expired link, a weak password); a generic sentence otherwise. */
function resetFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500
    ? error.message
    : RESET_FAILED;
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
  const form = useSchemaForm({
    initialValues: { password: '', confirmation: '' },
    validate: validateNewPassword,
  });

  const mutation = useMutation({
    mutationFn: (newPassword: string) => confirmPasswordReset(token, newPassword),
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      toast.success(PASSWORD_CHANGED);
    },
    onError: (error) => {
      toast.error(resetFailureMessage(error));
      form.showErrors(apiFieldErrors(error));
    },
  });

  useEffect(() => {
    if (mutation.isSuccess || mutation.isError) resultRef.current?.focus();
  }, [mutation.isSuccess, mutation.isError]);

  const submit = form.handleSubmit((newPassword) => mutation.mutate(newPassword));

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
      <form ref={form.formRef} noValidate onSubmit={submit} aria-busy={mutation.isPending}>
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          {...form.field('password')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirmation')}
        />
        <div className="form-actions">
          <SubmitButton busy={mutation.isPending}>Set new password</SubmitButton>
        </div>
      </form>
    </>
  );
}
