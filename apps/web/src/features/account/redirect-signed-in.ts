import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../router';
import { currentUserQuery } from './session';

/** For /signup and /login: someone already signed in has nothing to do there and goes to the analyzer. */
export async function redirectSignedInUser({ context }: { context: RouterContext }): Promise<void> {
  // if the API cannot say who is signed in, the form is still the right page to show
  const user = await context.queryClient.ensureQueryData(currentUserQuery()).catch(() => null);
  if (user) throw redirect({ to: '/' });
}
