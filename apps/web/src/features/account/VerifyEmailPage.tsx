/**
 * /verify-email?token=…: where the verification email links. Posts the token once on arrival and
 * says how it went; a signed-in user whose link failed can ask for a new one.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ApiRequestError } from '../../lib/api';
import { useDocumentTitle } from '../../ui/use-document-title';
import { verifyEmailQuery } from './queries';
import { ResendVerification } from './ResendVerification';
import { currentUserQuery, refreshCurrentUser } from './session';
import '../../ui/page.css';

const VERIFIED = 'Your email address is verified.';
const VERIFY_FAILED = 'Your email address could not be verified. Please try again later.';
const MISSING_TOKEN = 'This verification link is incomplete. Please open the link from the email again.';

/** The API's own words for a 4xx (an expired or used link); a generic sentence otherwise. */
function verifyFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500
    ? error.message
    : VERIFY_FAILED;
}

export function VerifyEmailPage({ token }: { token: string | undefined }) {
  useDocumentTitle('Verify Email');
  return (
    <section className="page">
      <div className="card auth-card">
        <h1>Verify your email</h1>
        {token ? (
          <VerificationResult token={token} />
        ) : (
          <p className="alert" role="alert">
            {MISSING_TOKEN}
          </p>
        )}
      </div>
    </section>
  );
}

function VerificationResult({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const verification = useQuery(verifyEmailQuery(token));
  const { data: user } = useQuery(currentUserQuery());
  const resultRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (verification.isSuccess) void refreshCurrentUser(queryClient);
    if (!verification.isPending) resultRef.current?.focus();
  }, [verification.isSuccess, verification.isPending, queryClient]);

  if (verification.isPending) {
    return (
      <p role="status" aria-live="polite">
        Verifying your email address…
      </p>
    );
  }
  if (verification.isSuccess) {
    return (
      <p ref={resultRef} className="success-note" role="status" tabIndex={-1}>
        {verification.data.message ?? VERIFIED} <Link to="/">Go to the analyzer</Link>
      </p>
    );
  }
  return (
    <>
      <p ref={resultRef} className="alert" role="alert" tabIndex={-1}>
        {verifyFailureMessage(verification.error)}
      </p>
      {user && !user.emailVerified ? <ResendVerification /> : null}
      {user?.emailVerified ? (
        <p>
          Your email address is already verified. <Link to="/">Go to the analyzer</Link>
        </p>
      ) : null}
    </>
  );
}
