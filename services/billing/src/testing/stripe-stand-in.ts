/**
 * A tiny stand-in for the few Stripe API endpoints billing calls (the real API is unreachable in
 * tests): create a customer, create and retrieve a Checkout session, retrieve a subscription. It keeps
 * every request it received, parsed, so that tests can check what billing asked for.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeInOrder, stackForTestFile, type TestFileHooks } from '@pid/platform/test-kit/samples';
import Stripe from 'stripe';
import type { beforeEach } from '@jest/globals';
import { startBillingWithAuth, type BillingWithAuth } from './billing-test-kit';

export const STRIPE_SECRET_KEY = 'sk_test_billing_stand_in';
export const STRIPE_WEBHOOK_SECRET = 'whsec_billing_stand_in_secret';

export interface StandInRequest {
  method: string;
  path: string;
  /** Form fields of a POST, or the query of a GET, with Stripe's bracket names (`line_items[0][price]`). */
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
}

type Json = Record<string, unknown>;

export interface StripeStandIn {
  url: string;
  requests: StandInRequest[];
  customers: Map<string, Json>;
  checkoutSessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** The next request to a path matching `pattern` is answered with this Stripe error instead. */
  failNext(pattern: RegExp, status: number, message: string): void;
  requestsTo(method: string, pattern: RegExp): StandInRequest[];
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const customers = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const failures: Array<{ pattern: RegExp; status: number; message: string }> = [];

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, message: string) =>
    send(response, status, { error: { type: status === 401 ? 'authentication_error' : 'invalid_request_error', message } });

  const handle = (request: IncomingMessage, body: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : body));
    requests.push({ method: request.method ?? '', path: url.pathname, params, headers: request.headers });
    if (request.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) return error(response, 401, 'Invalid API Key provided');
    const failure = failures.findIndex((candidate) => candidate.pattern.test(url.pathname));
    if (failure >= 0) {
      const { status, message } = failures.splice(failure, 1)[0]!;
      return error(response, status, message);
    }
    const route = `${request.method} ${url.pathname}`;
    let match: RegExpExecArray | null;
    if (route === 'POST /v1/customers') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const known = key ? byIdempotencyKey.get(key) : undefined;
      if (known) return send(response, 200, known);
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: { userId: params['metadata[userId]'] },
      };
      customers.set(customer.id, customer);
      if (key) byIdempotencyKey.set(key, customer);
      return send(response, 200, customer);
    }
    if (route === 'POST /v1/checkout/sessions') {
      const sessionId = `cs_test_${randomBytes(24).toString('base64url')}`;
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        subscription: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        metadata: { userId: params['metadata[userId]'] },
        expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      };
      checkoutSessions.set(sessionId, session);
      return send(response, 200, session);
    }
    if ((match = /^GET \/v1\/checkout\/sessions\/([^/]+)$/.exec(route))) {
      const session = checkoutSessions.get(decodeURIComponent(match[1]!));
      return session ? send(response, 200, session) : error(response, 404, 'No such checkout.session');
    }
    if ((match = /^GET \/v1\/subscriptions\/([^/]+)$/.exec(route))) {
      const subscription = subscriptions.get(decodeURIComponent(match[1]!));
      return subscription ? send(response, 200, subscription) : error(response, 404, 'No such subscription');
    }
    error(response, 404, `Unrecognized request URL (${route})`);
  };

  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => handle(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    checkoutSessions,
    subscriptions,
    failNext: (pattern, status, message) => void failures.push({ pattern, status, message }),
    requestsTo: (method, pattern) => requests.filter((request) => request.method === method && pattern.test(request.path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SubscriptionFixture {
  id?: string;
  customer: string;
  status?: string;
  userId?: string;
  priceId?: string;
  /** Seconds since the epoch. */
  periodStart?: number;
  periodEnd?: number;
  card?: { brand: string; last4: string } | null;
  cancelAtPeriodEnd?: boolean;
}

/** A subscription as API 2025-03-31 and later shape it (period on the item), with card and product expanded. */
export function stripeSubscription(fixture: SubscriptionFixture): Json {
  const now = Math.floor(Date.now() / 1000);
  const start = fixture.periodStart ?? now;
  const end = fixture.periodEnd ?? start + 365 * 24 * 3600;
  const card = fixture.card === undefined ? { brand: 'mastercard', last4: '4444' } : fixture.card;
  return {
    id: fixture.id ?? id('sub'),
    object: 'subscription',
    customer: fixture.customer,
    status: fixture.status ?? 'active',
    created: start,
    cancel_at_period_end: fixture.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    canceled_at: fixture.status === 'canceled' ? now : null,
    ended_at: fixture.status === 'canceled' ? now : null,
    metadata: fixture.userId ? { userId: fixture.userId } : {},
    default_payment_method: card ? { id: id('pm'), object: 'payment_method', type: 'card', card: { ...card } } : null,
    items: {
      object: 'list',
      data: [
        {
          id: id('si'),
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: end,
          price: {
            id: fixture.priceId ?? 'price_pid_annual',
            object: 'price',
            nickname: 'Annual',
            unit_amount: 10_000,
            currency: 'usd',
            recurring: { interval: 'year', interval_count: 1 },
            product: { id: 'prod_pid_annual', object: 'product', name: 'P&ID Digitizer', description: 'Unlimited analyses for a year' },
          },
        },
      ],
    },
  };
}

/** A Stripe event around `object`, as Stripe posts it. */
export function stripeEvent(type: string, object: Json, eventId = id('evt')): Json {
  return {
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object },
  };
}

/** The `Stripe-Signature` header for a payload, made by the Stripe SDK's own test helper. */
export function signatureFor(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

export interface StripeBilling extends BillingWithAuth {
  stripe: StripeStandIn;
}

/** Billing in Stripe mode against a fresh stand-in, with auth played over NATS; `close()` stops all three. */
export async function startStripeBilling(): Promise<StripeBilling> {
  const stripe = await startStripeStandIn();
  const billing = await startBillingWithAuth({ STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url });
  return {
    stripe,
    ...billing,
    close: closeInOrder(billing, stripe),
  };
}

/** `startStripeBilling` for the test file, whose tests each see only the Stripe requests they made. */
export function stripeBillingForTestFile(hooks: TestFileHooks & { beforeEach: typeof beforeEach }): StripeBilling {
  const billing = stackForTestFile(hooks, startStripeBilling);
  hooks.beforeEach(() => void (billing.stripe.requests.length = 0));
  return billing;
}
