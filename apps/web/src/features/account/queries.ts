/**
 * Account actions (sign-up, login, password reset, email verification, feedback) and what they do
 * to the query cache. Keys stay in the features' queries.ts files: components call these, never build keys themselves.
 */
import {
  type FeedbackBody,
  feedbackResponseSchema,
  okResponseSchema,
  type SessionUser,
  type signUpBodySchema,
  userResponseSchema,
} from '@sfr/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { apiPost } from '../../lib/api';
import { billingKeys } from '../billing/queries';
import { savedPropertyKeys } from '../saved/queries';
import { currentUserQuery } from './session';

export type SignUpBody = z.input<typeof signUpBodySchema>;

export const accountKeys = {
  /** one verification attempt per emailed token: tokens are single-use, so the answer is cached */
  verifyEmail: (token: string) => ['account', 'verify-email', token] as const,
};

export async function signUp(body: SignUpBody): Promise<SessionUser> {
  return (await apiPost('/api/auth/signup', userResponseSchema, body)).user;
}

export async function logIn(body: { email: string; password: string }): Promise<SessionUser> {
  return (await apiPost('/api/auth/login', userResponseSchema, body)).user;
}

export function requestPasswordReset(email: string) {
  return apiPost('/api/auth/password-reset/request', okResponseSchema, { email });
}

/** Sets the new password; the API also ends the user's other sessions and signs this browser in. */
export async function confirmPasswordReset(token: string, password: string): Promise<SessionUser> {
  return (await apiPost('/api/auth/password-reset/confirm', userResponseSchema, { token, password })).user;
}

export function resendVerificationEmail() {
  return apiPost('/api/auth/verify-email/resend', okResponseSchema);
}

/**
 * Posts the token from the verification email. As a query (not a mutation) so that the page's
 * double mount in development, or a re-render, never spends the single-use token twice.
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: accountKeys.verifyEmail(token),
    queryFn: () => apiPost('/api/auth/verify-email', okResponseSchema, { token }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function submitFeedback(body: FeedbackBody) {
  return apiPost('/api/feedback', feedbackResponseSchema, body);
}

/**
 * A user just signed in (login, sign-up, password reset): they become the current user, and
 * whatever was cached for the previous visitor (their saved list, their subscription) is dropped.
 */
export function rememberSignedInUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.removeQueries({ queryKey: savedPropertyKeys.all });
  queryClient.removeQueries({ queryKey: billingKeys.all });
  queryClient.setQueryData(currentUserQuery().queryKey, user);
}
