import { eventually } from '@pid/platform/test-kit/samples';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { bearer, collectSubscriptionChanges, lookUpSubscription, startCheckout, subscriptionStatus } from '../testing/billing-test-kit';
import { signatureFor, stripeBillingForTestFile, stripeEvent, stripeSubscription } from '../testing/stripe-stand-in';

const billing = stripeBillingForTestFile({ beforeAll, afterAll, beforeEach });

type Json = Record<string, unknown>;

/** Posts `payload` as Stripe does: raw JSON bytes and a Stripe-Signature header (none when null). */
function deliver(payload: string, signature: string | null = signatureFor(payload)) {
  const call = request(billing.service.http).post('/api/payments/webhook').set('Content-Type', 'application/json; charset=utf-8');
  return (signature === null ? call : call.set('Stripe-Signature', signature)).send(payload);
}
const deliverEvent = (event: Json) => deliver(JSON.stringify(event));

const processedEvents = async (eventId: string) =>
  billing.service.context.dataSource.query('SELECT event_id, type FROM processed_webhook_events WHERE event_id = $1', [eventId]);
const subscriptionCalls = (subscriptionId: string) => billing.stripe.requestsTo('GET', new RegExp(`^/v1/subscriptions/${subscriptionId}$`));

/** A user with a Stripe customer (made by a first checkout) and a subscription at Stripe, not yet known to billing. */
async function customerWithSubscription(fixture: Partial<Parameters<typeof stripeSubscription>[0]> = {}) {
  const user = billing.auth.addUser();
  const { sessionId } = await startCheckout(billing.service, user);
  const customer = billing.stripe.checkoutSessions.get(sessionId)!.customer as string;
  const subscription = stripeSubscription({ customer, ...fixture });
  billing.stripe.subscriptions.set(subscription.id as string, subscription);
  billing.stripe.requests.length = 0;
  return { user, sessionId, customer, subscription, subscriptionId: subscription.id as string };
}

/** A customer's new subscription at Stripe, and its `customer.subscription.created` event delivered and accepted. */
async function deliveredCreation() {
  const setup = await customerWithSubscription();
  const event = stripeEvent('customer.subscription.created', setup.subscription);
  await deliverEvent(event).expect(200, { received: true });
  return { ...setup, event };
}

/** Changes the subscription at Stripe, as a later API read would see it. */
function atStripe(subscription: Json, changes: Json) {
  Object.assign(subscription, changes);
}

describe('webhook signatures', () => {
  it('accepts a valid signature and applies the event', async () => {
    const changes = await collectSubscriptionChanges(billing.auth.nats);
    const { user, subscriptionId, event } = await deliveredCreation();

    expect(await subscriptionStatus(billing.service, user)).toMatchObject({ isActive: true, subscriptionId, status: 'active' });
    expect(await lookUpSubscription(billing.auth.nats, user.id)).toMatchObject({ isActive: true, subscriptionId });
    await eventually(() => changes.events.find((change) => change.userId === user.id && change.isActive), 'a subscription change');
    expect(await processedEvents(event.id as string)).toEqual([{ event_id: event.id, type: 'customer.subscription.created' }]);
    changes.stop();
  });

  it('refuses a tampered payload: 400, nothing applied, nothing recorded', async () => {
    const { user, subscription, subscriptionId } = await customerWithSubscription();
    const event = stripeEvent('customer.subscription.created', subscription);
    const signed = JSON.stringify(event);
    const tampered = JSON.stringify({ ...event, id: 'evt_tampered', type: 'customer.subscription.created' });
    await deliver(tampered, signatureFor(signed)).expect(400, { msg: 'Invalid webhook signature' });
    // Same bytes but one: the signature covers the exact body.
    await deliver(`${signed} `, signatureFor(signed)).expect(400, { msg: 'Invalid webhook signature' });

    expect(subscriptionCalls(subscriptionId)).toEqual([]);
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(false);
    expect(await processedEvents('evt_tampered')).toEqual([]);
    expect(await processedEvents(event.id as string)).toEqual([]);
  });

  it('refuses a stale signature (older than 5 minutes): 400', async () => {
    const { user, subscription } = await customerWithSubscription();
    const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription));
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    await deliver(payload, signatureFor(payload, { timestamp: tenMinutesAgo })).expect(400, { msg: 'Invalid webhook signature' });
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(false);
    // The same payload signed now goes through: only the age was wrong.
    await deliver(payload).expect(200);
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(true);
  });

  it('refuses a signature made with another secret, a missing header, and a body that is not JSON', async () => {
    const { user, subscription } = await customerWithSubscription();
    const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription));
    await deliver(payload, signatureFor(payload, { secret: 'whsec_someone_else' })).expect(400, { msg: 'Invalid webhook signature' });
    await deliver(payload, null).expect(400, { msg: 'Invalid webhook signature' });
    await request(billing.service.http)
      .post('/api/payments/webhook')
      .set('Content-Type', 'text/plain')
      .set('Stripe-Signature', signatureFor(payload))
      .send(payload)
      .expect(400, { msg: 'Invalid webhook signature' });
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(false);
  });
});

describe('idempotency', () => {
  it('processes a duplicate delivery once', async () => {
    const changes = await collectSubscriptionChanges(billing.auth.nats);
    const { user, subscriptionId, event } = await deliveredCreation();
    await deliverEvent(event).expect(200, { received: true, duplicate: true });

    expect(subscriptionCalls(subscriptionId)).toHaveLength(1);
    expect(await processedEvents(event.id as string)).toHaveLength(1);
    await eventually(() => changes.events.find((change) => change.userId === user.id), 'a subscription change');
    await billing.auth.nats.flush();
    expect(changes.events.filter((change) => change.userId === user.id)).toHaveLength(1);
    changes.stop();
  });

  it('processes two deliveries of one event that arrive at once exactly once', async () => {
    const changes = await collectSubscriptionChanges(billing.auth.nats);
    const { user, subscription } = await customerWithSubscription();
    const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription));
    const responses = await Promise.all([deliver(payload), deliver(payload)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(responses.filter((response) => response.body.duplicate === true)).toHaveLength(1);
    await eventually(() => changes.events.find((change) => change.userId === user.id), 'a subscription change');
    await billing.auth.nats.flush();
    expect(changes.events.filter((change) => change.userId === user.id)).toHaveLength(1);
    changes.stop();
  });

  it('records nothing when Stripe cannot be read (500, so that Stripe retries), and applies the retry', async () => {
    const { user, subscription, subscriptionId } = await customerWithSubscription();
    const event = stripeEvent('customer.subscription.created', subscription);
    billing.stripe.failNext(new RegExp(`^/v1/subscriptions/${subscriptionId}$`), 400, 'Stripe had a bad moment');
    await deliverEvent(event).expect(500, { msg: 'Internal server error' });
    expect(await processedEvents(event.id as string)).toEqual([]);
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(false);

    await deliverEvent(event).expect(200, { received: true });
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(true);
  });
});

describe('the events billing acts on', () => {
  async function subscribed(): Promise<Awaited<ReturnType<typeof customerWithSubscription>>> {
    const setup = await customerWithSubscription();
    await deliverEvent(stripeEvent('customer.subscription.created', setup.subscription)).expect(200);
    expect((await subscriptionStatus(billing.service, setup.user)).isActive).toBe(true);
    billing.stripe.requests.length = 0;
    return setup;
  }

  it('checkout.session.completed saves the subscription and completes the checkout, so verify asks Stripe nothing', async () => {
    const { user, sessionId, customer } = await customerWithSubscription();
    const subscription = stripeSubscription({ customer, card: { brand: 'amex', last4: '0005' } });
    billing.stripe.subscriptions.set(subscription.id as string, subscription);
    const session = { ...billing.stripe.checkoutSessions.get(sessionId)!, status: 'complete', subscription: subscription.id };
    await deliverEvent(stripeEvent('checkout.session.completed', session)).expect(200, { received: true });

    billing.stripe.requests.length = 0;
    const verified = await request(billing.service.http).get(`/api/payments/verify-session/${sessionId}`).set(bearer(user)).expect(200);
    expect(verified.body).toMatchObject({ success: true, subscription: { status: 'active', plan: 'Annual' } });
    expect(billing.stripe.requests).toEqual([]);
    expect((await subscriptionStatus(billing.service, user)).subscription.payment_method).toEqual({ brand: 'amex', last4: '0005' });
  });

  it('finds the user by the checkout’s client_reference_id when the customer is new to billing', async () => {
    const user = billing.auth.addUser();
    const subscription = stripeSubscription({ customer: 'cus_made_elsewhere' });
    billing.stripe.subscriptions.set(subscription.id as string, subscription);
    const session = { id: 'cs_test_elsewhere', object: 'checkout.session', client_reference_id: user.id, subscription: subscription.id };
    await deliverEvent(stripeEvent('checkout.session.completed', session)).expect(200);
    expect(await subscriptionStatus(billing.service, user)).toMatchObject({ isActive: true, subscriptionId: subscription.id });
  });

  it('customer.subscription.updated records a cancellation at period end; .deleted ends access', async () => {
    const changes = await collectSubscriptionChanges(billing.auth.nats);
    const { user, subscription, subscriptionId } = await subscribed();
    atStripe(subscription, { cancel_at_period_end: true });
    await deliverEvent(stripeEvent('customer.subscription.updated', subscription)).expect(200);
    expect((await subscriptionStatus(billing.service, user)).subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });

    atStripe(subscription, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000), ended_at: Math.floor(Date.now() / 1000) });
    await deliverEvent(stripeEvent('customer.subscription.deleted', subscription)).expect(200);
    expect(await subscriptionStatus(billing.service, user)).toMatchObject({ isActive: false, subscriptionId, status: 'canceled' });
    expect(await lookUpSubscription(billing.auth.nats, user.id)).toMatchObject({ isActive: false, status: 'canceled' });
    await eventually(() => changes.events.find((change) => change.userId === user.id && change.status === 'canceled'), 'the cancellation');
    changes.stop();
  });

  it('reads the subscription from Stripe, so that an older event arriving late cannot bring a canceled one back', async () => {
    const { user, subscription } = await subscribed();
    const stale = stripeEvent('customer.subscription.updated', { ...subscription });
    atStripe(subscription, { status: 'canceled' });
    await deliverEvent(stripeEvent('customer.subscription.deleted', subscription)).expect(200);
    await deliverEvent(stale).expect(200);
    expect(await subscriptionStatus(billing.service, user)).toMatchObject({ isActive: false, status: 'canceled' });
  });

  it('invoice.payment_failed makes the subscription past_due (inactive); invoice.paid renews the period', async () => {
    const { user, subscription, subscriptionId } = await subscribed();
    atStripe(subscription, { status: 'past_due' });
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    };
    await deliverEvent(stripeEvent('invoice.payment_failed', invoice)).expect(200);
    expect(await subscriptionStatus(billing.service, user)).toMatchObject({ isActive: false, status: 'past_due' });

    const nextStart = Math.floor(Date.now() / 1000);
    const nextEnd = nextStart + 2 * 365 * 24 * 3600;
    const renewed = stripeSubscription({
      id: subscriptionId,
      customer: subscription.customer as string,
      periodStart: nextStart,
      periodEnd: nextEnd,
    });
    atStripe(subscription, renewed);
    // Older API versions name the subscription at the top level of the invoice.
    await deliverEvent(stripeEvent('invoice.paid', { id: 'in_2', object: 'invoice', subscription: subscriptionId })).expect(200);
    const after = await subscriptionStatus(billing.service, user);
    expect(after).toMatchObject({ isActive: true, status: 'active' });
    expect(after.subscription.current_period_end).toBe(new Date(nextEnd * 1000).toISOString());
    expect(subscriptionCalls(subscriptionId)).toHaveLength(2);
  });

  it('ignores other event types, and invoices of no subscription, without asking Stripe', async () => {
    await deliverEvent(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' })).expect(200, { received: true, ignored: true });
    await deliverEvent(stripeEvent('invoice.paid', { id: 'in_one_off', object: 'invoice', parent: null })).expect(200, { received: true });
    expect(billing.stripe.requests).toEqual([]);
  });

  it('records but does not apply a subscription of nobody billing knows', async () => {
    const subscription = stripeSubscription({ customer: 'cus_stranger' });
    billing.stripe.subscriptions.set(subscription.id as string, subscription);
    const event = stripeEvent('customer.subscription.created', subscription);
    await deliverEvent(event).expect(200, { received: true });
    expect(await processedEvents(event.id as string)).toHaveLength(1);
    expect(
      await billing.service.context.dataSource.query('SELECT id FROM subscriptions WHERE provider_subscription_id = $1', [subscription.id]),
    ).toEqual([]);
  });
});
