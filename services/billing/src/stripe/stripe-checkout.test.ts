import { eventually } from '@pid/platform/test-kit/samples';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  bearer,
  collectSubscriptionChanges,
  lookUpSubscription,
  PUBLIC_URL,
  startCheckout,
  subscriptionStatus,
} from '../testing/billing-test-kit';
import { STRIPE_SECRET_KEY, stripeBillingForTestFile, stripeSubscription } from '../testing/stripe-stand-in';

const billing = stripeBillingForTestFile({ beforeAll, afterAll, beforeEach });

const verify = (user: { token: string }, sessionId: string) =>
  request(billing.service.http).get(`/api/payments/verify-session/${sessionId}`).set(bearer(user));

/** Plays the customer paying on Stripe's hosted page: the session completes with a new subscription. */
function payAtStripe(sessionId: string, fixture: Partial<Parameters<typeof stripeSubscription>[0]> = {}) {
  const session = billing.stripe.checkoutSessions.get(sessionId)!;
  const subscription = stripeSubscription({
    customer: session.customer as string,
    userId: session.client_reference_id as string,
    ...fixture,
  });
  billing.stripe.subscriptions.set(subscription.id as string, subscription);
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
  return subscription;
}

describe('checkout with Stripe', () => {
  it('opens Stripe Checkout in subscription mode, for one Stripe customer per user', async () => {
    const user = billing.auth.addUser();
    const { url, sessionId } = await startCheckout(billing.service, user);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

    const [customer, ...moreCustomers] = billing.stripe.requestsTo('POST', /^\/v1\/customers$/);
    expect(moreCustomers).toEqual([]);
    expect(customer!.headers.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
    expect(customer!.headers['idempotency-key']).toBe(`pid-billing-customer-${user.id}`);
    expect(customer!.params).toEqual({ email: user.email, name: user.username, 'metadata[userId]': user.id });

    const [created] = billing.stripe.requestsTo('POST', /^\/v1\/checkout\/sessions$/);
    const customerId = billing.stripe.checkoutSessions.get(sessionId)!.customer;
    expect(customerId).toMatch(/^cus_/);
    expect(created!.params).toEqual({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: user.id,
      'line_items[0][price]': 'price_pid_annual',
      'line_items[0][quantity]': '1',
      success_url: `${PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/checkout`,
      'metadata[userId]': user.id,
      'subscription_data[metadata][userId]': user.id,
    });

    // A second checkout of the same user reuses the customer.
    billing.stripe.requests.length = 0;
    const again = await startCheckout(billing.service, user);
    expect(billing.stripe.requestsTo('POST', /^\/v1\/customers$/)).toEqual([]);
    expect(billing.stripe.checkoutSessions.get(again.sessionId)!.customer).toBe(customerId);
    const rows = await billing.service.context.dataSource.query('SELECT provider_customer_id FROM customers WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ provider_customer_id: customerId }]);
  });

  it('verifies a paid session with Stripe when the browser is back before the webhook', async () => {
    const changes = await collectSubscriptionChanges(billing.auth.nats);
    const user = billing.auth.addUser();
    const { sessionId } = await startCheckout(billing.service, user);
    const subscription = payAtStripe(sessionId);
    billing.stripe.requests.length = 0;

    const verified = await verify(user, sessionId).expect(200);
    const periodEnd = new Date((subscription.items as { data: Array<{ current_period_end: number }> }).data[0]!.current_period_end * 1000);
    expect(verified.body).toEqual({
      success: true,
      message: 'Payment successful! Your subscription is now active.',
      subscription: { status: 'active', plan: 'Annual', currentPeriodEnd: periodEnd.toISOString() },
    });
    expect(billing.stripe.requests.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /v1/checkout/sessions/${sessionId}`,
      `GET /v1/subscriptions/${subscription.id}`,
    ]);
    expect(billing.stripe.requests[1]!.params).toEqual({ 'expand[0]': 'default_payment_method', 'expand[1]': 'items.data.price.product' });

    const body = await subscriptionStatus(billing.service, user);
    expect(body).toMatchObject({ isActive: true, subscriptionId: subscription.id, status: 'active' });
    expect(body.subscription).toMatchObject({
      plan: { nickname: 'Annual', amount: 10000, currency: 'usd', interval: 'year' },
      product: { name: 'P&ID Digitizer', description: 'Unlimited analyses for a year' },
      payment_method: { brand: 'mastercard', last4: '4444' },
      current_period_end: periodEnd.toISOString(),
    });
    expect(await lookUpSubscription(billing.auth.nats, user.id)).toMatchObject({ isActive: true, subscriptionId: subscription.id });
    await eventually(() => changes.events.find((event) => event.userId === user.id && event.isActive), 'a subscription change');
    changes.stop();

    // Known to be paid now: verifying again needs no call to Stripe.
    billing.stripe.requests.length = 0;
    expect((await verify(user, sessionId).expect(200)).body.success).toBe(true);
    expect(billing.stripe.requests).toEqual([]);
  });

  it('reports a session that is still open, or that expired, at Stripe', async () => {
    const user = billing.auth.addUser();
    const open = await startCheckout(billing.service, user);
    expect((await verify(user, open.sessionId).expect(200)).body).toEqual({
      success: false,
      message: 'Your payment has not been completed yet.',
    });

    billing.stripe.checkoutSessions.get(open.sessionId)!.status = 'expired';
    expect((await verify(user, open.sessionId).expect(200)).body).toEqual({
      success: false,
      message: 'This checkout session has expired. Please start a new checkout.',
    });
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(false);
  });

  it('does not let another user verify the session, and asks Stripe nothing for them', async () => {
    const owner = billing.auth.addUser();
    const other = billing.auth.addUser();
    const { sessionId } = await startCheckout(billing.service, owner);
    payAtStripe(sessionId);
    billing.stripe.requests.length = 0;
    await verify(other, sessionId).expect(404, { msg: 'Checkout session not found' });
    expect(billing.stripe.requests).toEqual([]);
    expect((await subscriptionStatus(billing.service, other)).isActive).toBe(false);
  });

  it('answers 502 with the spec’s message when Stripe refuses to open a session, and keeps no session', async () => {
    const user = billing.auth.addUser();
    billing.stripe.failNext(/^\/v1\/checkout\/sessions$/, 400, 'No such price: price_pid_annual');
    await request(billing.service.http)
      .post('/api/payments/create-checkout-session')
      .set(bearer(user))
      .send({ priceId: 'price_pid_annual' })
      .expect(502, { msg: 'Failed to create checkout session. Please try again.' });
    expect(await billing.service.context.dataSource.query('SELECT id FROM checkout_sessions WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it('answers 502 when Stripe cannot say how a session went', async () => {
    const user = billing.auth.addUser();
    const { sessionId } = await startCheckout(billing.service, user);
    billing.stripe.failNext(/^\/v1\/checkout\/sessions\//, 400, 'Something went wrong');
    await verify(user, sessionId).expect(502, { msg: 'An error occurred while verifying your payment. Please try refreshing the page.' });
  });

  it('refuses a subscriber a second checkout, without asking Stripe', async () => {
    const user = billing.auth.addUser();
    const { sessionId } = await startCheckout(billing.service, user);
    payAtStripe(sessionId);
    await verify(user, sessionId).expect(200);
    billing.stripe.requests.length = 0;
    await request(billing.service.http)
      .post('/api/payments/create-checkout-session')
      .set(bearer(user))
      .send({ priceId: 'price_pid_annual' })
      .expect(409, { msg: 'You already have an active subscription.' });
    expect(billing.stripe.requests).toEqual([]);
  });

  it('serves no test-mode checkout page when Stripe is configured', async () => {
    const user = billing.auth.addUser();
    const { sessionId } = await startCheckout(billing.service, user);
    await request(billing.service.http).get(`/api/payments/test-checkout/${sessionId}`).expect(404);
    await request(billing.service.http).post(`/api/payments/test-checkout/${sessionId}/pay`).expect(404);
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(false);
  });
});
