/** Pathless layout: the pages under it need a signed-in user; guests go to /login. */
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { currentUserQuery } from '../features/account/session';

export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery());
    if (!user) throw redirect({ to: '/login' });
    return { user };
  },
  component: Outlet,
});
