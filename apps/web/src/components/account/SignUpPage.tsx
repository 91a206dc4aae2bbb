/**
 * Sign-up (product spec §2, §4, §5, §8): first name, last name, email and password, checked with the
 * API's schema. On success the new user is signed in, told to verify the email, and taken to /
 * after SIGNUP_REDIRECT_MS.
 */
import { MESSAGES, SIGNUP_REDIRECT_MS, UI_TEXT } from '@sfr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { rememberSignedInUser, signUp } from '../../queries/account';
import { TextField } from '../pages/FormField';
import { useDocumentTitle } from '../pages/useDocumentTitle';
import { useFieldErrors } from '../pages/useFieldErrors';
import { apiFieldErrors, type SignUpValues, signUpFailureMessage, validateSignUp } from './auth-form';
import '../pages/pages.css';
import { SubmitButton } from '../pages/SubmitButton';

const EMPTY: SignUpValues = { firstname: '', lastname: '', email: '', password: '' };

export function SignUpPage() {
  useDocumentTitle(UI_TEXT.signUp);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const doneRef = useRef<HTMLParagraphElement>(null);
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const { formRef, errors, showErrors, submitChecked } = useFieldErrors();

  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      toast.success(MESSAGES.signUpSuccess);
    },
    onError: (error) => {
      toast.error(signUpFailureMessage(error));
      showErrors(apiFieldErrors(error));
    },
  });
  const created = mutation.isSuccess;

  // the spec keeps the new user on this page for 3 seconds, then goes to the analyzer
  useEffect(() => {
    if (!created) return;
    doneRef.current?.focus();
    const timer = setTimeout(() => void navigate({ to: '/' }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const change = (field: keyof SignUpValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = submitChecked(
    () => {
      const checked = validateSignUp(values);
      // the spec's error toast for a short password, besides the message under the field
      if (!checked.ok && checked.errors.password === MESSAGES.weakPassword)
        toast.error(MESSAGES.weakPassword);
      return checked;
    },
    (body) => mutation.mutate(body),
  );

  const busy = mutation.isPending || created;
  return (
    <section className="page">
      <div className="card auth-card">
        <h1>{UI_TEXT.signUp}</h1>
        <p className="page-lead">Create a free account: it comes with 5 free property analyses.</p>
        {created ? (
          <p ref={doneRef} className="success-note" role="status" tabIndex={-1}>
            {MESSAGES.signUpSuccess} Taking you to the analyzer…
          </p>
        ) : null}
        <form ref={formRef} noValidate onSubmit={submit} aria-busy={mutation.isPending}>
          <TextField
            label="First Name"
            name="firstname"
            autoComplete="given-name"
            required
            value={values.firstname}
            onChange={change('firstname')}
            error={errors.firstname}
            disabled={busy}
          />
          <TextField
            label="Last Name"
            name="lastname"
            autoComplete="family-name"
            required
            value={values.lastname}
            onChange={change('lastname')}
            error={errors.lastname}
            disabled={busy}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={change('email')}
            error={errors.email}
            disabled={busy}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters."
            value={values.password}
            onChange={change('password')}
            error={errors.password}
            disabled={busy}
          />
          <div className="form-actions">
            <SubmitButton busy={busy}>{UI_TEXT.signUp}</SubmitButton>
          </div>
        </form>
        <p className="form-footer">
          Already have an account? <Link to="/login">{UI_TEXT.login}</Link>
        </p>
      </div>
    </section>
  );
}
