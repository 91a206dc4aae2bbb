import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { VerifyEmailPage } from '../features/account/VerifyEmailPage';

/** The verification email links here with its one-time token. */
const tokenSearchSchema = z.object({
  token: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))), undefined),
});

export const Route = createFileRoute('/verify-email')({
  validateSearch: tokenSearchSchema,
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token} />;
}
