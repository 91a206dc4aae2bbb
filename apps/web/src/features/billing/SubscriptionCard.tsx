/**
 * The subscription part of /profile: status (N/A without one) and details, then 'Manage
 * Subscription' for subscribers or 'Pricing Options' (monthly / yearly checkout) for everyone else.
 */
import {
  isActiveSubscriptionStatus,
  MESSAGES,
  PLANS,
  type Plan,
  type SubscriptionResponse,
} from '@sfr/contracts';
import { useMutation } from '@tanstack/react-query';
import { UI_TEXT } from '../../ui/text';
import { toast } from '../../ui/toast';
import {
  checkoutFailureMessage,
  planPriceLabel,
  subscriptionDetails,
  subscriptionStatusText,
} from './billing-text';
import { requestBillingPortalUrl, requestCheckoutUrl } from './queries';

interface SubscriptionCardProps {
  subscription: SubscriptionResponse | undefined;
  loadFailed: boolean;
  /** billing runs in the offline test mode: say so, nothing is charged */
  testMode: boolean;
  /** back from checkout, waiting for the payment to reach the API: no plans to buy twice meanwhile */
  confirmingPayment?: boolean;
  /** back from checkout, and the payment has still not reached the API */
  paymentUnconfirmed?: boolean;
}

const CONFIRMING = 'Confirming your payment…';
const UNCONFIRMED =
  'Your payment has not been confirmed yet. If you were charged, your subscription will show here shortly: reload this page in a minute before paying again.';

export function SubscriptionCard({
  subscription,
  loadFailed,
  testMode,
  confirmingPayment = false,
  paymentUnconfirmed = false,
}: SubscriptionCardProps) {
  const subscribed = isActiveSubscriptionStatus(subscription?.status);
  const status = loadFailed && !subscription ? 'Could not be loaded. Please reload the page.' : null;
  return (
    <section className="card" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">Subscription</h2>
      {testMode ? (
        <p className="notice test-mode">
          <strong>TEST MODE:</strong> payments are simulated. Checkout does not ask for a real card and no
          card is charged.
        </p>
      ) : null}
      <dl className="details-list">
        <div>
          <dt>Subscription Status</dt>
          <dd>{status ?? (subscription ? subscriptionStatusText(subscription) : UI_TEXT.loading)}</dd>
        </div>
        {subscriptionDetails(subscription).map((detail) => (
          <div key={detail.term}>
            <dt>{detail.term}</dt>
            <dd>{detail.value}</dd>
          </div>
        ))}
      </dl>
      {paymentUnconfirmed ? (
        <p className="notice" role="status">
          {UNCONFIRMED}
        </p>
      ) : null}
      {confirmingPayment ? (
        <p className="notice" role="status" aria-busy="true">
          {CONFIRMING}
        </p>
      ) : subscription === undefined ? null : subscribed ? (
        <ManageSubscription />
      ) : (
        <PricingOptions />
      )}
    </section>
  );
}

/** Opens the billing portal, which comes back to /profile. Failures are only logged (spec §8). */
function ManageSubscription() {
  const portal = useMutation({
    mutationFn: () => requestBillingPortalUrl(`${window.location.origin}/profile`),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => console.warn('billing portal link failed', error),
  });
  // after success the browser is leaving: keep the button disabled until it has
  const busy = portal.isPending || portal.isSuccess;
  return (
    <div className="card-actions">
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => portal.mutate()}
      >
        {UI_TEXT.manageSubscription}
      </button>
    </div>
  );
}

/** The two plans; a click asks for a checkout link and goes there (spec §8 toasts on the way). */
function PricingOptions() {
  const checkout = useMutation({
    mutationFn: (plan: Plan) => requestCheckoutUrl(plan),
    onMutate: () => {
      toast.info(MESSAGES.generatingCheckout, { short: true });
    },
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => {
      console.warn('checkout link failed', error);
      toast.error(checkoutFailureMessage(error));
    },
  });
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <section className="pricing" aria-labelledby="pricing-heading">
      <h3 id="pricing-heading">{UI_TEXT.pricingOptions}</h3>
      <p className="field-hint">Unlimited property analyses. Cancel any time from this page.</p>
      <div className="pricing-buttons">
        {PLANS.map((plan) => (
          <button
            key={plan}
            type="button"
            className={plan === 'yearly' ? 'button button-primary' : 'button button-outline'}
            disabled={busy}
            aria-busy={busy && checkout.variables === plan}
            onClick={() => checkout.mutate(plan)}
          >
            {planPriceLabel(plan)}
          </button>
        ))}
      </div>
    </section>
  );
}
