/**
 * A stand-in for api.stripe.com on a local port, for the real `stripe` SDK (STRIPE_API_BASE). It
 * answers the calls billing makes (customers, checkout sessions and their list, portal sessions,
 * subscription cancel) with the JSON Stripe documents for them, records each request's form-encoded
 * (or query) parameters for the tests to check, and can be told to fail the next call the way Stripe
 * does (an `error` object with type and message), or to stop answering altogether.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** the form-encoded body, e.g. params.get('line_items[0][price]') */
  params: URLSearchParams;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port> */
  url: string;
  calls: StripeCall[];
  /** calls to one path, e.g. '/v1/customers' */
  callsTo(path: string): StripeCall[];
  /** The next call answers `status` with a Stripe error body. */
  failNext(status: number, error: { type: string; message: string; code?: string }): void;
  /** From now on, accept requests and never answer them (a Stripe that hangs). */
  hang(): void;
  /** Marks a checkout session complete, as paying would: it no longer lists as open. */
  completeSession(id: string): void;
  close(): Promise<void>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const now = () => Math.floor(Date.now() / 1_000);

/** Stripe's metadata[key]=value parameters as an object. */
function metadataOf(params: URLSearchParams, prefix: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = key.startsWith(`${prefix}[`) ? /\[([^\]]+)\]$/.exec(key) : null;
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

function customer(params: URLSearchParams) {
  return {
    id: `cus_${hex(7)}`,
    object: 'customer',
    address: null,
    balance: 0,
    created: now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: params.get('email'),
    invoice_prefix: hex(4).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: metadataOf(params, 'metadata'),
    name: params.get('name'),
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

function checkoutSession(params: URLSearchParams) {
  const id = `cs_test_${hex(16)}`;
  return {
    id,
    object: 'checkout.session',
    allow_promotion_codes: params.get('allow_promotion_codes') === 'true',
    amount_subtotal: null,
    amount_total: null,
    cancel_url: params.get('cancel_url'),
    client_reference_id: params.get('client_reference_id'),
    created: now(),
    currency: null,
    customer: params.get('customer'),
    customer_email: null,
    expires_at: now() + 24 * 60 * 60,
    livemode: false,
    metadata: metadataOf(params, 'metadata'),
    mode: params.get('mode'),
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: params.get('success_url'),
    ui_mode: 'hosted',
    url: `https://checkout.stripe.com/c/pay/${id}`,
  };
}

function portalSession(params: URLSearchParams) {
  return {
    id: `bps_${hex(12)}`,
    object: 'billing_portal.session',
    configuration: `bpc_${hex(12)}`,
    created: now(),
    customer: params.get('customer'),
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: params.get('return_url'),
    url: `https://billing.stripe.com/p/session/test_${hex(16)}`,
  };
}

/** A subscription as `DELETE /v1/subscriptions/:id` answers it: canceled now. */
function canceledSubscription(id: string) {
  return { id, object: 'subscription', status: 'canceled', canceled_at: now(), ended_at: now() };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: StripeCall[] = [];
  let failure: { status: number; error: object } | null = null;
  let hanging = false;
  const sessions = new Map<string, ReturnType<typeof checkoutSession>>();

  const ROUTES: Record<string, (params: URLSearchParams) => object> = {
    'POST /v1/customers': customer,
    'POST /v1/checkout/sessions': (params) => {
      const session = checkoutSession(params);
      sessions.set(session.id, session);
      return session;
    },
    // the list endpoint, filtered as Stripe filters it by customer and status
    'GET /v1/checkout/sessions': (params) => {
      const data = [...sessions.values()].filter(
        (s) =>
          (!params.get('customer') || s.customer === params.get('customer')) &&
          (!params.get('status') || s.status === params.get('status')),
      );
      const limit = Number(params.get('limit') ?? 10);
      return {
        object: 'list',
        url: '/v1/checkout/sessions',
        has_more: data.length > limit,
        data: data.slice(0, limit),
      };
    },
    'POST /v1/billing_portal/sessions': portalSession,
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [path = '/', query = ''] = (req.url ?? '/').split('?');
      const params = new URLSearchParams(
        req.method === 'GET' ? query : Buffer.concat(chunks).toString('utf8'),
      );
      calls.push({ method: req.method ?? 'GET', path, headers: req.headers, params });
      if (hanging) return; // never answered
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${hex(7)}` });
        res.end(JSON.stringify(body));
      };
      if (failure) {
        const { status, error } = failure;
        failure = null;
        return send(status, { error });
      }
      const cancel = req.method === 'DELETE' ? /^\/v1\/subscriptions\/([^/]+)$/.exec(path) : null;
      if (cancel?.[1]) return send(200, canceledSubscription(cancel[1]));
      // POST /v1/checkout/sessions/:id/expire: only an open session can be expired
      const expire = req.method === 'POST' ? /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path) : null;
      if (expire?.[1]) {
        const session = sessions.get(expire[1]);
        if (session?.status !== 'open') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status of open can be expired.',
            },
          });
        }
        session.status = 'expired';
        return send(200, { ...session, url: null });
      }
      const route = ROUTES[`${req.method} ${path}`];
      if (!route) {
        return send(404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${req.method}: ${path}).`,
          },
        });
      }
      return send(200, route(params));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsTo: (path) => calls.filter((c) => c.path === path),
    failNext(status, error) {
      failure = { status, error };
    },
    hang() {
      hanging = true;
    },
    completeSession(id) {
      const session = sessions.get(id);
      if (session) sessions.set(id, { ...session, status: 'complete', payment_status: 'paid' });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
