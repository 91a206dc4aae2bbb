import { redirect } from '@tanstack/react-router';
import { currentUserQuery } from '../../queries/session';
import type { RouterContext } from '../../router';

/** For /signup and /login: someone already signed in has nothing to do there and goes to the analyzer. */
export async function redirectSignedInUser({ context }: { context: RouterContext }): Promise<void> {
  const user = await context.queryClient.ensureQueryData(currentUserQuery());
  if (user) throw redirect({ to: '/' });
}
