import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { ResetPasswordPage } from '../features/account/ResetPasswordPage';

/** The password reset email links here with its one-time token. */
const tokenSearchSchema = z.object({
  token: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))), undefined),
});

export const Route = createFileRoute('/reset-password')({
  validateSearch: tokenSearchSchema,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
