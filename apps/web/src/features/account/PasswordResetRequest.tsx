/**
 * 'Forgot password?': asks the API to email a reset link. The API answers the same whether or not
 * the account exists, so the page only says what the API said: the email was sent (product spec
 * §8), or, on a development server without email, where the link went.
 */
import { MESSAGES } from '@sfr/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { TextField } from '../../ui/forms/FormField';
import { apiFieldErrors } from '../../ui/forms/form-check';
import { SubmitButton } from '../../ui/forms/SubmitButton';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { toast } from '../../ui/toast';
import { passwordResetFailureMessage, validateResetRequest } from './auth-form';
import { requestPasswordReset } from './queries';

interface PasswordResetRequestProps {
  /** what the user already typed into the login form */
  initialEmail: string;
  onBack: () => void;
}

export function PasswordResetRequest({ initialEmail, onBack }: PasswordResetRequestProps) {
  const sentRef = useRef<HTMLParagraphElement>(null);
  const form = useSchemaForm({ initialValues: { email: initialEmail }, validate: validateResetRequest });

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    // the API says where the link went: an inbox, or a development server's log
    onSuccess: (answer) => {
      toast.success(answer.message ?? MESSAGES.passwordResetSent);
    },
    onError: (error) => {
      toast.error(passwordResetFailureMessage(error));
      form.showErrors(apiFieldErrors(error));
    },
  });

  // the confirmation appears above the form: take the user to it
  useEffect(() => {
    if (mutation.isSuccess) sentRef.current?.focus();
  }, [mutation.isSuccess]);

  const submit = form.handleSubmit((address) => mutation.mutate(address));

  return (
    <>
      <p className="page-lead">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      {mutation.isSuccess ? (
        <p ref={sentRef} className="success-note" role="status" tabIndex={-1}>
          {mutation.data?.message ?? MESSAGES.passwordResetSent} The link works for one hour.
        </p>
      ) : null}
      <form ref={form.formRef} noValidate onSubmit={submit} aria-busy={mutation.isPending}>
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <div className="form-actions">
          <SubmitButton busy={mutation.isPending}>Send reset link</SubmitButton>
          <button type="button" className="link-button" onClick={onBack}>
            Back to login
          </button>
        </div>
      </form>
    </>
  );
}
