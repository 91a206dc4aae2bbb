import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { VerifyEmailPage } from '../features/account/VerifyEmailPage';

/** The verification email links here with its one-time token. */
const tokenSearchSchema = z.object({ token: z.string().trim().min(1).max(128).optional().catch(undefined) });

export const Route = createFileRoute('/verify-email')({
  validateSearch: tokenSearchSchema,
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token} />;
}
