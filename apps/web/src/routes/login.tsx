import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { LoginPage } from '../features/account/LoginPage';
import { redirectSignedInUser } from '../features/account/redirect-signed-in';
import { publicConfigQuery } from '../features/account/session';

/** `?error=google`: the API sends the browser here when Google sign-in did not complete. */
const loginSearchSchema = z.object({
  error: z.catch(z.optional(z.literal('google')), undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  beforeLoad: redirectSignedInUser,
  loader: ({ context }) => context.queryClient.ensureQueryData(publicConfigQuery()),
  component: LoginRoute,
});

function LoginRoute() {
  const { error } = Route.useSearch();
  const { data: config } = useQuery(publicConfigQuery());
  return <LoginPage googleEnabled={config?.google === true} googleFailed={error === 'google'} />;
}
