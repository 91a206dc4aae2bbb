/**
 * Login (product spec §2, §5, §8): email and password (no `required` attribute, as the spec says),
 * Google sign-in when the server offers it, and 'Forgot password?', which swaps the card for the
 * password reset request so only one 'Email' field is on screen at a time.
 */
import { MESSAGES, UI_TEXT } from '@sfr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { logIn, rememberSignedInUser } from '../../queries/account';
import { TextField } from '../pages/FormField';
import { useDocumentTitle } from '../pages/useDocumentTitle';
import { useFieldErrors } from '../pages/useFieldErrors';
import { apiFieldErrors, logInFailureMessage } from './auth-form';
import { PasswordResetRequest } from './PasswordResetRequest';
import '../pages/pages.css';
import { SubmitButton } from '../pages/SubmitButton';

export const GOOGLE_START_URL = '/api/auth/google/start';

interface LoginPageProps {
  /** the server has Google sign-in configured */
  googleEnabled: boolean;
  /** Google sent the user back without signing them in (`/login?error=google`) */
  googleFailed: boolean;
}

export function LoginPage({ googleEnabled, googleFailed }: LoginPageProps) {
  useDocumentTitle(UI_TEXT.login);
  const [view, setView] = useState<'login' | 'reset'>('login');
  const [email, setEmail] = useState('');
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
            <LoginForm email={email} onEmailChange={setEmail} onForgotPassword={() => show('reset')} />
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
            <PasswordResetRequest initialEmail={email} onBack={() => show('login')} />
          </>
        )}
      </div>
    </section>
  );
}

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}

function LoginForm({ email, onEmailChange, onForgotPassword }: LoginFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const { formRef, errors, showErrors, submitChecked } = useFieldErrors();

  const mutation = useMutation({
    mutationFn: logIn,
    onSuccess: async (user) => {
      rememberSignedInUser(queryClient, user);
      toast.success(MESSAGES.loginSuccess, { short: true });
      await navigate({ to: '/' });
    },
    onError: (error) => {
      toast.error(logInFailureMessage(error));
      showErrors(apiFieldErrors(error));
    },
  });

  // no client-side checks (spec §5: login fields are not required); the API's answer decides
  const submit = submitChecked(
    () => ({ ok: true, value: { email, password } }),
    (credentials) => mutation.mutate(credentials),
  );

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-busy={mutation.isPending}>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
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
