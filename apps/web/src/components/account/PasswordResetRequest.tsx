/**
 * 'Forgot password?': asks the API to email a reset link. The API answers the same whether or not
 * the account exists, so the page only ever says the email was sent (product spec §8).
 */
import { MESSAGES } from '@sfr/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { requestPasswordReset } from '../../queries/account';
import { TextField } from '../pages/FormField';
import { SubmitButton } from '../pages/SubmitButton';
import { useFieldErrors } from '../pages/useFieldErrors';
import { apiFieldErrors, passwordResetFailureMessage, validateResetRequest } from './auth-form';

interface PasswordResetRequestProps {
  /** what the user already typed into the login form */
  initialEmail: string;
  onBack: () => void;
}

export function PasswordResetRequest({ initialEmail, onBack }: PasswordResetRequestProps) {
  const sentRef = useRef<HTMLParagraphElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const { formRef, errors, showErrors, submitChecked } = useFieldErrors();

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => {
      toast.success(MESSAGES.passwordResetSent);
    },
    onError: (error) => {
      toast.error(passwordResetFailureMessage(error));
      showErrors(apiFieldErrors(error));
    },
  });

  // the confirmation appears above the form: take the user to it
  useEffect(() => {
    if (mutation.isSuccess) sentRef.current?.focus();
  }, [mutation.isSuccess]);

  const submit = submitChecked(
    () => validateResetRequest(email),
    (address) => mutation.mutate(address),
  );

  return (
    <>
      <p className="page-lead">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      {mutation.isSuccess ? (
        <p ref={sentRef} className="success-note" role="status" tabIndex={-1}>
          {MESSAGES.passwordResetSent} The link works for one hour.
        </p>
      ) : null}
      <form ref={formRef} noValidate onSubmit={submit} aria-busy={mutation.isPending}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
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
