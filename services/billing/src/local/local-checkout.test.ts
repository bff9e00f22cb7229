import { eventually, stackForTestFile } from '@pid/platform/test-kit/samples';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  bearer,
  collectSubscriptionChanges,
  lookUpSubscription,
  PUBLIC_URL,
  startBillingWithAuth,
  startCheckout,
  subscriptionStatus,
} from '../testing/billing-test-kit';

const billing = stackForTestFile({ beforeAll, afterAll }, startBillingWithAuth);

const YEAR_MS = 365 * 24 * 3600 * 1000;
const page = (sessionId: string) => `/api/payments/test-checkout/${encodeURIComponent(sessionId)}`;

describe('the offline test mode, end to end', () => {
  it('checkout → test page → Pay → verify-session → active, in billing and over NATS', async () => {
    const changes = await collectSubscriptionChanges(billing.auth.nats);
    const user = billing.auth.addUser();
    expect(await subscriptionStatus(billing.service, user)).toEqual({ isActive: false, subscriptionId: null, status: null, history: [] });

    const { url, sessionId } = await startCheckout(billing.service, user);
    expect(url).toBe(`${PUBLIC_URL}${page(sessionId)}`);
    // Stripe-like id with 256 random bits (43 base64url characters).
    expect(sessionId).toMatch(/^cs_test_[A-Za-z0-9_-]{43}$/);

    const shown = await request(billing.service.http).get(page(sessionId)).expect(200);
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.text).toContain('TEST MODE');
    expect(shown.text).toContain('$100.00');
    expect(shown.text).toContain('/year');
    expect(shown.text).not.toMatch(/<script/i);
    expect(shown.text).toContain(`<form method="post" action="${page(sessionId)}/pay">`);
    expect(shown.text).toContain(`<form method="post" action="${page(sessionId)}/cancel">`);

    const paid = await request(billing.service.http)
      .post(`${page(sessionId)}/pay`)
      .expect(303);
    expect(paid.headers.location).toBe(`${PUBLIC_URL}/payment-success?session_id=${sessionId}`);

    const verified = await request(billing.service.http).get(`/api/payments/verify-session/${sessionId}`).set(bearer(user)).expect(200);
    expect(verified.body).toEqual({
      success: true,
      message: 'Payment successful! Your subscription is now active.',
      subscription: { status: 'active', plan: 'Annual Subscription', currentPeriodEnd: expect.any(String) },
    });
    const periodEnd = Date.parse(verified.body.subscription.currentPeriodEnd);
    expect(Math.abs(periodEnd - (Date.now() + YEAR_MS))).toBeLessThan(2 * 24 * 3600 * 1000);

    const now = await subscriptionStatus(billing.service, user);
    expect(now).toMatchObject({ isActive: true, subscriptionId: expect.stringMatching(/^sub_test_/), status: 'active' });
    expect(now.subscription).toEqual({
      subscriptionId: now.subscriptionId,
      status: 'active',
      plan: { nickname: 'Annual Subscription', amount: 10000, currency: 'usd', interval: 'year' },
      product: { name: 'Annual Subscription', description: expect.any(String) },
      payment_method: { brand: 'visa', last4: '4242' },
      current_period_start: expect.any(String),
      current_period_end: verified.body.subscription.currentPeriodEnd,
      created: expect.any(String),
      cancel_at_period_end: false,
      canceled_at: null,
    });
    expect(now.history).toEqual([now.subscription]);

    expect(await lookUpSubscription(billing.auth.nats, user.id)).toEqual({
      isActive: true,
      subscriptionId: now.subscriptionId,
      status: 'active',
      currentPeriodEnd: verified.body.subscription.currentPeriodEnd,
    });
    const event = await eventually(() => changes.events.find((candidate) => candidate.userId === user.id), 'a subscription change');
    expect(event).toEqual({
      userId: user.id,
      isActive: true,
      subscriptionId: now.subscriptionId,
      status: 'active',
      currentPeriodEnd: expect.any(String),
    });
    changes.stop();
  });

  it('pays a session once: Pay again (a resubmitted form) gives no second subscription', async () => {
    const user = billing.auth.addUser();
    const { sessionId } = await startCheckout(billing.service, user);
    await request(billing.service.http)
      .post(`${page(sessionId)}/pay`)
      .expect(303);
    const again = await request(billing.service.http)
      .post(`${page(sessionId)}/pay`)
      .expect(303);
    expect(again.headers.location).toBe(`${PUBLIC_URL}/payment-success?session_id=${sessionId}`);
    // After paying, the page itself only points on to the success page; Cancel can no longer undo it.
    expect((await request(billing.service.http).get(page(sessionId)).expect(303)).headers.location).toContain('/payment-success?');
    expect(
      (
        await request(billing.service.http)
          .post(`${page(sessionId)}/cancel`)
          .expect(303)
      ).headers.location,
    ).toContain('/payment-success?');
    const after = await subscriptionStatus(billing.service, user);
    expect(after.isActive).toBe(true);
    expect(after.history).toHaveLength(1);
  });

  it('Cancel returns to /checkout and leaves the user inactive; the session can no longer be paid', async () => {
    const changes = await collectSubscriptionChanges(billing.auth.nats);
    const user = billing.auth.addUser();
    const { sessionId } = await startCheckout(billing.service, user);
    const canceled = await request(billing.service.http)
      .post(`${page(sessionId)}/cancel`)
      .expect(303);
    expect(canceled.headers.location).toBe(`${PUBLIC_URL}/checkout`);

    expect(await subscriptionStatus(billing.service, user)).toEqual({ isActive: false, subscriptionId: null, status: null, history: [] });
    expect((await lookUpSubscription(billing.auth.nats, user.id)).isActive).toBe(false);
    const verified = await request(billing.service.http).get(`/api/payments/verify-session/${sessionId}`).set(bearer(user)).expect(200);
    expect(verified.body).toEqual({ success: false, message: 'This checkout was canceled. No payment was taken.' });

    const late = await request(billing.service.http)
      .post(`${page(sessionId)}/pay`)
      .expect(410);
    expect(late.text).toContain('expired or was canceled');
    await request(billing.service.http).get(page(sessionId)).expect(410);
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(false);
    await billing.auth.nats.flush();
    expect(changes.events.filter((event) => event.userId === user.id)).toEqual([]);
    changes.stop();
  });

  it('says a session that was opened but not paid is not completed yet', async () => {
    const user = billing.auth.addUser();
    const { sessionId } = await startCheckout(billing.service, user);
    const verified = await request(billing.service.http).get(`/api/payments/verify-session/${sessionId}`).set(bearer(user)).expect(200);
    expect(verified.body).toEqual({ success: false, message: 'Your payment has not been completed yet.' });
  });

  it('expires an unpaid session after its lifetime: the page is gone and Pay gives nothing', async () => {
    const user = billing.auth.addUser();
    const { sessionId } = await startCheckout(billing.service, user);
    await billing.service.context.dataSource.query(
      `UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE provider_session_id = $1`,
      [sessionId],
    );
    await request(billing.service.http).get(page(sessionId)).expect(410);
    await request(billing.service.http)
      .post(`${page(sessionId)}/pay`)
      .expect(410);
    const verified = await request(billing.service.http).get(`/api/payments/verify-session/${sessionId}`).set(bearer(user)).expect(200);
    expect(verified.body).toEqual({ success: false, message: 'This checkout session has expired. Please start a new checkout.' });
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(false);
  });

  it('answers unknown or malformed session ids with an HTML 404 that does not echo them', async () => {
    for (const sessionId of ['cs_test_unknown', '<script>alert(1)</script>', 'x'.repeat(300)]) {
      const shown = await request(billing.service.http).get(page(sessionId)).expect(404);
      expect(shown.headers['content-type']).toMatch(/^text\/html/);
      expect(shown.text).not.toContain('<script>');
      expect(shown.text).not.toContain('cs_test_unknown');
      await request(billing.service.http)
        .post(`${page(sessionId)}/pay`)
        .expect(404);
      await request(billing.service.http)
        .post(`${page(sessionId)}/cancel`)
        .expect(404);
    }
  });
});

describe('who may check out', () => {
  it('refuses a user who already has an active subscription with 409', async () => {
    const user = billing.auth.addUser();
    const first = await startCheckout(billing.service, user);
    // A second tab opened before paying.
    const second = await startCheckout(billing.service, user);
    await request(billing.service.http)
      .post(`${page(first.sessionId)}/pay`)
      .expect(303);
    await request(billing.service.http)
      .post('/api/payments/create-checkout-session')
      .set(bearer(user))
      .send({ priceId: billing.service.context.env.BILLING_PRICE_ID })
      .expect(409, { msg: 'You already have an active subscription.' });
    // Paying the second tab does not give a second subscription.
    const late = await request(billing.service.http)
      .post(`${page(second.sessionId)}/pay`)
      .expect(409);
    expect(late.text).toContain('You already have an active subscription.');
    expect((await subscriptionStatus(billing.service, user)).history).toHaveLength(1);
  });

  it.each([
    ['no body', undefined],
    ['no price id', {}],
    ['an empty price id', { priceId: '' }],
    ['a price id that is not a string', { priceId: 42 }],
    ['an unknown price id', { priceId: 'price_unknown' }],
    ['the product id instead of the price id', { priceId: 'prod_pid_annual' }],
    ['an array', [{ priceId: 'price_pid_annual' }]],
  ])('answers 400 Invalid product information for %s', async (_case, body) => {
    const user = billing.auth.addUser();
    const call = request(billing.service.http).post('/api/payments/create-checkout-session').set(bearer(user));
    await (body === undefined ? call : call.send(body)).expect(400, { msg: 'Invalid product information' });
  });

  it('refuses an unverified e-mail address with 403', async () => {
    const user = billing.auth.addUser({ isEmailVerified: false });
    await request(billing.service.http)
      .post('/api/payments/create-checkout-session')
      .set(bearer(user))
      .send({ priceId: 'price_pid_annual' })
      .expect(403, { msg: 'Please verify your email address to access this feature' });
  });

  it('refuses a token of a user auth does not know with 401', async () => {
    await request(billing.service.http)
      .post('/api/payments/create-checkout-session')
      .set(bearer({ token: billing.auth.tokenFor('5b1f1f5e-8a3c-4c55-9d40-2f4a3f0c9e11') }))
      .send({ priceId: 'price_pid_annual' })
      .expect(401, { msg: 'User not found' });
  });

  it('answers 503 when auth does not answer', async () => {
    const user = billing.auth.addUser();
    billing.auth.silent = true;
    try {
      await request(billing.service.http)
        .post('/api/payments/create-checkout-session')
        .set(bearer(user))
        .send({ priceId: 'price_pid_annual' })
        .expect(503, { msg: 'Service temporarily unavailable. Please try again.' });
    } finally {
      billing.auth.silent = false;
    }
  });

  it('requires a login token for checkout, verification and status', async () => {
    await request(billing.service.http).post('/api/payments/create-checkout-session').send({ priceId: 'price_pid_annual' }).expect(401);
    await request(billing.service.http).get('/api/payments/verify-session/cs_test_x').expect(401);
    await request(billing.service.http).get('/api/payments/subscription-status').expect(401);
    await request(billing.service.http)
      .get('/api/payments/subscription-status')
      .set(bearer({ token: billing.auth.tokenFor('not-a-uuid') }))
      .expect(401, { msg: 'Token is not valid' });
  });
});

describe('sessions belong to their user', () => {
  it('lets nobody else see or verify a session, paid or not: 404 as for an unknown one', async () => {
    const owner = billing.auth.addUser();
    const other = billing.auth.addUser();
    const open = await startCheckout(billing.service, owner);
    await request(billing.service.http)
      .get(`/api/payments/verify-session/${open.sessionId}`)
      .set(bearer(other))
      .expect(404, { msg: 'Checkout session not found' });
    await request(billing.service.http)
      .post(`${page(open.sessionId)}/pay`)
      .expect(303);
    await request(billing.service.http)
      .get(`/api/payments/verify-session/${open.sessionId}`)
      .set(bearer(other))
      .expect(404, { msg: 'Checkout session not found' });
    await request(billing.service.http).get('/api/payments/verify-session/cs_test_unknown').set(bearer(other)).expect(404);
    // The other user's status shows nothing of the owner's subscription.
    expect(await subscriptionStatus(billing.service, other)).toEqual({ isActive: false, subscriptionId: null, status: null, history: [] });
    expect((await subscriptionStatus(billing.service, owner)).isActive).toBe(true);
  });
});

describe('the webhook in test mode', () => {
  it('is not there: 404 { msg }', async () => {
    await request(billing.service.http)
      .post('/api/payments/webhook')
      .set('stripe-signature', 't=1,v1=x')
      .send({ id: 'evt_1' })
      .expect(404, {
        msg: 'Stripe webhooks are not enabled',
      });
  });
});
