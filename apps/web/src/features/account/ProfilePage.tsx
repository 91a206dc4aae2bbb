/**
 * /profile (product spec §2, §4, §8): the account (name, email, free searches) and the subscription.
 * A subscriber gets 'Manage Subscription' (the billing portal); anyone else the two plans' checkout.
 * The status is read again on the way back from checkout and whenever the user returns to the tab.
 */
import { isActiveSubscriptionStatus, type SessionUser, type SubscriptionResponse } from '@sfr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../../ui/use-document-title';
import { refreshBillingState, subscriptionQuery } from '../billing/queries';
import { SubscriptionCard } from '../billing/SubscriptionCard';
import { useRefreshOnReturn } from '../billing/use-refresh-on-return';
import { DeleteAccount } from './DeleteAccount';
import { ResendVerification } from './ResendVerification';
import { currentUserQuery, publicConfigQuery } from './session';
import { useSignOut } from './sign-out';
import '../../ui/page.css';
import './account.css';

/**
 * Stripe sends the browser back as soon as the payment goes through, often before its webhook has
 * told the API: after a checkout the subscription is asked for again every 2 s for up to 30 s.
 */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_WINDOW_MS = 30_000;

interface ProfilePageProps {
  /** the checkout sent the user back here after paying (`/profile?checkout=success`) */
  returnedFromCheckout: boolean;
}

export function ProfilePage({ returnedFromCheckout }: ProfilePageProps) {
  useDocumentTitle('Profile');
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery());
  const subscription = useQuery(subscriptionQuery());
  const { data: config } = useQuery(publicConfigQuery());
  // focus and visibilitychange often fire together: refreshBillingState reuses a refresh in flight
  useRefreshOnReturn(() => void refreshBillingState(queryClient));

  const subscribed = isActiveSubscriptionStatus(subscription.data?.status);
  const [confirmWindowOpen, setConfirmWindowOpen] = useState(returnedFromCheckout);
  const confirming = confirmWindowOpen && !subscribed;
  useEffect(() => {
    if (!confirming) return;
    const poll = setInterval(() => void refreshBillingState(queryClient), CONFIRM_POLL_MS);
    const stop = setTimeout(() => setConfirmWindowOpen(false), CONFIRM_WINDOW_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
  }, [confirming, queryClient]);

  return (
    <section className="page profile">
      <h1>Profile</h1>
      {returnedFromCheckout && subscribed ? (
        <p className="success-note" role="status">
          Thank you for subscribing! Your subscription is active.
        </p>
      ) : null}
      <div className="profile-grid">
        {user ? <AccountCard user={user} paidUntil={paidUntilOf(subscription.data)} /> : null}
        <SubscriptionCard
          subscription={subscription.data}
          loadFailed={subscription.isError}
          testMode={config?.billingMode === 'test'}
          confirmingPayment={confirming}
          paymentUnconfirmed={returnedFromCheckout && !confirmWindowOpen && !subscribed}
        />
      </div>
    </section>
  );
}

/** The end of the paid period of a running subscription, null without one. */
function paidUntilOf(subscription: SubscriptionResponse | undefined): string | null {
  return subscription && subscription.status !== 'inactive' ? subscription.current_period_end : null;
}

function AccountCard({ user, paidUntil }: { user: SessionUser; paidUntil: string | null }) {
  const name = user.displayName || `${user.firstname} ${user.lastname}`.trim();
  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      <dl className="details-list">
        <div>
          <dt>Name</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            {user.email}
            {user.emailVerified ? null : <span className="badge">Not verified</span>}
          </dd>
        </div>
        {/* a subscriber's analyses are unlimited: a count of free ones would only confuse */}
        {isActiveSubscriptionStatus(user.subscriptionStatus) ? null : (
          <div>
            <dt>Free Searches</dt>
            <dd>{user.freeSearches}</dd>
          </div>
        )}
      </dl>
      {user.emailVerified ? null : (
        <div className="card-actions">
          <p className="field-hint">Check your inbox for the verification link, or get a new one.</p>
          <ResendVerification />
        </div>
      )}
      <SignOutEverywhere />
      <DeleteAccount email={user.email} hasPassword={user.hasPassword} paidUntil={paidUntil} />
    </section>
  );
}

/** Ends every session of the account: a lost phone, a shared computer (QA: only the API offered it). */
function SignOutEverywhere() {
  const signOut = useSignOut('everywhere');
  return (
    <div className="card-actions">
      <p className="field-hint" id="sign-out-everywhere-hint">
        Signed in on a computer or phone you no longer use? This signs you out there and here.
      </p>
      <button
        type="button"
        className="button button-outline"
        aria-describedby="sign-out-everywhere-hint"
        // not `disabled`: the focus would drop to the page's start; one request at a time holds the click
        aria-disabled={signOut.isPending || undefined}
        onClick={() => {
          if (!signOut.isPending) signOut.mutate();
        }}
      >
        Sign out on every device
      </button>
    </div>
  );
}
