/** Asks the API to send the signed-in user a new verification email (used on /verify-email and /profile). */
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../ui/toast';
import { resendVerificationEmail } from './queries';

const SENT = 'Verification email sent. Check your inbox.';
const NOT_SENT = 'The verification email could not be sent. Please try again later.';

export function ResendVerification() {
  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: (answer) => toast.success(answer.message ?? SENT),
    onError: (error) =>
      toast.error(
        error instanceof ApiRequestError && error.status >= 400 && error.status < 500
          ? error.message
          : NOT_SENT,
      ),
  });
  return (
    <button
      type="button"
      className="button button-outline"
      disabled={resend.isPending || resend.isSuccess}
      onClick={() => resend.mutate()}
    >
      {resend.isSuccess ? 'Verification email sent' : 'Send a new verification email'}
    </button>
  );
}
