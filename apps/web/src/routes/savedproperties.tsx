import { createFileRoute } from '@tanstack/react-router';
import { currentUserQuery } from '../features/account/session';
import { savedPropertiesQuery } from '../features/saved/queries';
import { SavedPropertiesPage } from '../features/saved/SavedPropertiesPage';

/** No guard (product spec §6): a guest sees a prompt to log in, a user their list. */
export const Route = createFileRoute('/savedproperties')({
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (!user) return;
    try {
      await queryClient.ensureInfiniteQueryData(savedPropertiesQuery());
    } catch (error) {
      // product spec §8: a failed load is only logged; the page offers to try again
      console.warn('saved properties could not be loaded', error);
    }
  },
  component: SavedPropertiesPage,
});
