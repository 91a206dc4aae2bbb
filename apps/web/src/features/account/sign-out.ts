/**
 * Signing out: this browser's session (the navbar's Sign Out) or every session of the account, on
 * every device (the profile's, for a lost phone or a shared computer). Either way nothing a signed-in
 * user loaded outlives the session, and the user lands on the analyzer.
 */
import { MESSAGES, okResponseSchema } from '@sfr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { apiPost } from '../../lib/api';
import { toast } from '../../ui/toast';
import { forgetSignedInUser } from './session';

/** What follows a session the user ended (signed out, or the account deleted): a guest on the analyzer, told so. */
export function useSessionEnded() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (message: string) => {
    forgetSignedInUser(queryClient);
    toast.success(message);
    await navigate({ to: '/' });
  };
}

export function useSignOut(scope: 'this-browser' | 'everywhere') {
  const sessionEnded = useSessionEnded();
  return useMutation({
    mutationFn: () =>
      apiPost(scope === 'everywhere' ? '/api/auth/logout-all' : '/api/auth/logout', okResponseSchema),
    onSuccess: () => sessionEnded(MESSAGES.signOutSuccess),
    onError: (error) =>
      scope === 'everywhere'
        ? toast.error(error.message || 'Signing out everywhere failed. Please try again.')
        : console.warn('sign-out failed', error),
  });
}
