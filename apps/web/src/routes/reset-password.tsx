import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordPage } from '../features/account/ResetPasswordPage';

/** The password reset email links here with its one-time token. */
const tokenSearchSchema = z.object({ token: z.string().trim().min(1).max(128).optional().catch(undefined) });

export const Route = createFileRoute('/reset-password')({
  validateSearch: tokenSearchSchema,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
