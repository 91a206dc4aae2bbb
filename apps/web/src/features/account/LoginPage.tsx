/**
 * Login (product spec §2, §5, §8): email and password (no `required` attribute, as the spec says),
 * Google sign-in when the server offers it, and 'Forgot password?', which swaps the card for the
 * password reset request so only one 'Email' field is on screen at a time.
 */
import { MESSAGES } from '@sfr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../ui/forms/FormField';
import type { Validated } from '../../ui/forms/form-check';
import { SubmitButton } from '../../ui/forms/SubmitButton';
import { type SchemaForm, useSchemaForm } from '../../ui/forms/use-schema-form';
import { UI_TEXT } from '../../ui/text';
import { toast } from '../../ui/toast';
import { useDocumentTitle } from '../../ui/use-document-title';
import { GOOGLE_START_URL, logInFailure } from './auth-form';
import { PasswordResetRequest } from './PasswordResetRequest';
import { logIn, rememberSignedInUser } from './queries';
import '../../ui/page.css';

interface LoginPageProps {
  /** the server has Google sign-in configured */
  googleEnabled: boolean;
  /** Google sent the user back without signing them in (`/login?error=google`) */
  googleFailed: boolean;
}

export function LoginPage({ googleEnabled, googleFailed }: LoginPageProps) {
  useDocumentTitle(UI_TEXT.login);
  const [view, setView] = useState<'login' | 'reset'>('login');
  // here, not in the login form: what was typed survives a look at 'Forgot password?' and back
  const login = useSchemaForm({ initialValues: { email: '', password: '' }, validate: acceptAsTyped });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  // after switching views, focus the new heading so keyboard and screen-reader users know where they are
  useEffect(() => {
    if (switched.current) headingRef.current?.focus();
  }, [view]);

  const show = (next: 'login' | 'reset') => {
    switched.current = true;
    setView(next);
  };

  return (
    <section className="page">
      <div className="card auth-card">
        {view === 'login' ? (
          <>
            <h1 ref={headingRef} tabIndex={-1}>
              {UI_TEXT.login}
            </h1>
            {googleFailed ? (
              <p className="alert" role="alert">
                Google sign-in did not complete. Please try again, or log in with your email and password.
              </p>
            ) : null}
            <LoginForm form={login} onForgotPassword={() => show('reset')} />
            {googleEnabled ? (
              <>
                <p className="divider">or</p>
                <a className="button button-outline full-width" href={GOOGLE_START_URL}>
                  Sign in with Google
                </a>
              </>
            ) : null}
            <p className="form-footer">
              New to SFR Analyst? <Link to="/signup">{UI_TEXT.signUp}</Link>
            </p>
          </>
        ) : (
          <>
            <h1 ref={headingRef} tabIndex={-1}>
              Reset your password
            </h1>
            <PasswordResetRequest initialEmail={login.values.email} onBack={() => show('login')} />
          </>
        )}
      </div>
    </section>
  );
}

type Credentials = { email: string; password: string };

/** No client-side checks (spec §5: login fields are not required); the API's answer decides. */
function acceptAsTyped(values: Credentials): Validated<Credentials> {
  return { ok: true, value: values };
}

interface LoginFormProps {
  form: SchemaForm<Credentials, Credentials>;
  onForgotPassword: () => void;
}

function LoginForm({ form, onForgotPassword }: LoginFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const mutation = useMutation({
    mutationFn: logIn,
    onSuccess: async (user) => {
      rememberSignedInUser(queryClient, user);
      // the failed tries' errors are answered: only the success stays on screen
      toast.dismiss();
      toast.success(MESSAGES.loginSuccess, { short: true });
      await navigate({ to: '/' });
    },
    onError: (error) => {
      const failure = logInFailure(error);
      toast.error(failure.message);
      form.showErrors(failure.fields);
    },
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit((credentials) => mutation.mutate(credentials))}
      aria-busy={mutation.isPending}
    >
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <div className="form-actions">
        <SubmitButton busy={mutation.isPending}>{UI_TEXT.login}</SubmitButton>
        <button type="button" className="link-button" onClick={onForgotPassword}>
          Forgot password?
        </button>
      </div>
    </form>
  );
}
