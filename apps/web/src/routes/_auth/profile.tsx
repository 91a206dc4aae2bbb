import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { ProfilePage } from '../../features/account/ProfilePage';
import { currentUserQuery, publicConfigQuery } from '../../features/account/session';
import { subscriptionQuery } from '../../features/billing/queries';

/** The checkout returns to `/profile?checkout=success` after a payment. */
const profileSearchSchema = z.object({
  checkout: z.catch(z.optional(z.literal('success')), undefined),
});

export const Route = createFileRoute('/_auth/profile')({
  validateSearch: profileSearchSchema,
  loaderDeps: ({ search }) => ({ checkout: search.checkout }),
  // prefetch, never throw: a failed read shows in its card ('Could not be loaded'), not as a broken page
  loader: async ({ context: { queryClient }, deps }) => {
    const config = queryClient.prefetchQuery(publicConfigQuery());
    if (deps.checkout === 'success') {
      // just paid: whatever is cached predates the subscription
      await Promise.all([
        queryClient.prefetchQuery({ ...subscriptionQuery(), staleTime: 0 }),
        queryClient.prefetchQuery({ ...currentUserQuery(), staleTime: 0 }),
        config,
      ]);
      return;
    }
    await Promise.all([queryClient.prefetchQuery(subscriptionQuery()), config]);
  },
  component: ProfileRoute,
});

function ProfileRoute() {
  const { checkout } = Route.useSearch();
  return <ProfilePage returnedFromCheckout={checkout === 'success'} />;
}
