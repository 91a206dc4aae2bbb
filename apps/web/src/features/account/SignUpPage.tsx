/**
 * Sign-up (product spec §2, §4, §5, §8): first name, last name, email and password, checked with the
 * API's schema. On success the new user is signed in, told to verify the email, and taken to /
 * after SIGNUP_REDIRECT_MS.
 */
import { FREE_SEARCHES_AT_SIGNUP, MESSAGES, SIGNUP_REDIRECT_MS } from '@sfr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { TextField } from '../../ui/forms/FormField';
import { SubmitButton } from '../../ui/forms/SubmitButton';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { UI_TEXT } from '../../ui/text';
import { toast } from '../../ui/toast';
import { useDocumentTitle } from '../../ui/use-document-title';
import { type SignUpValues, signUpFailure, signUpInvalidToast, validateSignUp } from './auth-form';
import { rememberSignedInUser, signUp } from './queries';
import '../../ui/page.css';

const EMPTY: SignUpValues = { firstname: '', lastname: '', email: '', password: '' };

export function SignUpPage() {
  useDocumentTitle(UI_TEXT.signUp);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const doneRef = useRef<HTMLParagraphElement>(null);
  const form = useSchemaForm({ initialValues: EMPTY, validate: validateSignUp });

  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      // the earlier attempts' errors are answered: only the success stays on screen
      toast.dismiss();
      toast.success(MESSAGES.signUpSuccess);
    },
    onError: (error) => {
      const failure = signUpFailure(error);
      toast.error(failure.message);
      form.showErrors(failure.fields);
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

  const submit = form.handleSubmit((body) => mutation.mutate(body), {
    // besides the messages under the fields: the spec's toast for a short password, when that is all
    onInvalid: (errors) => toast.error(signUpInvalidToast(errors)),
  });

  const busy = mutation.isPending || created;
  return (
    <section className="page">
      <div className="card auth-card">
        <h1>{UI_TEXT.signUp}</h1>
        <p className="page-lead">
          Create a free account: it comes with {FREE_SEARCHES_AT_SIGNUP} free property analyses.
        </p>
        {created ? (
          <p ref={doneRef} className="success-note" role="status" tabIndex={-1}>
            {MESSAGES.signUpSuccess} Taking you to the analyzer…
          </p>
        ) : null}
        <form ref={form.formRef} noValidate onSubmit={submit} aria-busy={mutation.isPending}>
          <TextField
            label="First Name"
            autoComplete="given-name"
            required
            {...form.field('firstname')}
            disabled={busy}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            required
            {...form.field('lastname')}
            disabled={busy}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
            disabled={busy}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters."
            {...form.field('password')}
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
