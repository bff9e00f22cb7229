import { SUBJECTS } from '@pid/contracts';
import { decodeJson, encodeJson } from '@pid/platform';
import { stackForTestFile } from '@pid/platform/test-kit/samples';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  bearer,
  lookUpSubscription,
  startBillingWithAuth,
  startCheckout,
  subscriptionStatus,
  type TestUser,
} from '../testing/billing-test-kit';

const billing = stackForTestFile({ beforeAll, afterAll }, startBillingWithAuth);

/** A paid subscription through the test-mode checkout; answers its provider id. */
async function subscribe(user: TestUser): Promise<string> {
  const { sessionId } = await startCheckout(billing.service, user);
  await request(billing.service.http).post(`/api/payments/test-checkout/${sessionId}/pay`).expect(303);
  return (await subscriptionStatus(billing.service, user)).subscriptionId;
}

async function setPeriodEnd(subscriptionId: string, sql: string) {
  await billing.service.context.dataSource.query(
    `UPDATE subscriptions SET current_period_end = ${sql} WHERE provider_subscription_id = $1`,
    [subscriptionId],
  );
}

describe('expiry at current_period_end', () => {
  it('makes a subscription inactive once its period has ended, although its status still says active', async () => {
    const user = billing.auth.addUser();
    const subscriptionId = await subscribe(user);
    expect((await subscriptionStatus(billing.service, user)).isActive).toBe(true);
    expect((await lookUpSubscription(billing.auth.nats, user.id)).isActive).toBe(true);

    await setPeriodEnd(subscriptionId, `now() - interval '1 minute'`);
    const after = await subscriptionStatus(billing.service, user);
    expect(after).toMatchObject({ isActive: false, subscriptionId, status: 'active' });
    expect(Date.parse(after.subscription.current_period_end)).toBeLessThan(Date.now());
    expect(await lookUpSubscription(billing.auth.nats, user.id)).toMatchObject({ isActive: false, subscriptionId, status: 'active' });
  });

  it('lets a user whose subscription expired check out again, and then shows the new one first', async () => {
    const user = billing.auth.addUser();
    const first = await subscribe(user);
    await request(billing.service.http)
      .post('/api/payments/create-checkout-session')
      .set(bearer(user))
      .send({ priceId: 'price_pid_annual' })
      .expect(409);
    await setPeriodEnd(first, `now() - interval '1 day'`);

    const second = await subscribe(user);
    expect(second).not.toBe(first);
    const after = await subscriptionStatus(billing.service, user);
    expect(after).toMatchObject({ isActive: true, subscriptionId: second, status: 'active' });
    expect(after.history.map((row: { subscriptionId: string }) => row.subscriptionId)).toEqual([second, first]);
  });
});

describe('subscription-status history', () => {
  it('lists every subscription of the user, newest first, and describes the active one even when it is older', async () => {
    const user = billing.auth.addUser();
    const active = await subscribe(user);
    // A newer subscription that did not go through (e.g. a failed card at Stripe).
    await billing.service.context.dataSource.query(
      `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, status, plan_name, amount, created_at)
       VALUES ($1, 'stripe', 'sub_incomplete_1', 'incomplete_expired', 'Annual Subscription', 10000, now() + interval '1 minute')`,
      [user.id],
    );
    const body = await subscriptionStatus(billing.service, user);
    expect(body).toMatchObject({ isActive: true, subscriptionId: active, status: 'active' });
    expect(body.subscription.subscriptionId).toBe(active);
    expect(body.history.map((row: { subscriptionId: string; status: string }) => [row.subscriptionId, row.status])).toEqual([
      ['sub_incomplete_1', 'incomplete_expired'],
      [active, 'active'],
    ]);
    // A row without a card on file says so with null, as the profile table expects.
    expect(body.history[0].payment_method).toBeNull();
  });

  it('describes the newest subscription when none is active', async () => {
    const user = billing.auth.addUser();
    const ended = await subscribe(user);
    await billing.service.context.dataSource.query(`UPDATE subscriptions SET status = 'canceled' WHERE provider_subscription_id = $1`, [
      ended,
    ]);
    expect(await subscriptionStatus(billing.service, user)).toMatchObject({ isActive: false, subscriptionId: ended, status: 'canceled' });
  });
});

describe('subscription look-ups over NATS', () => {
  it('answer "no subscription" for unknown, malformed and missing user ids, and for unreadable requests', async () => {
    const none = { isActive: false, subscriptionId: null, status: null, currentPeriodEnd: null };
    expect(await lookUpSubscription(billing.auth.nats, '5b1f1f5e-8a3c-4c55-9d40-2f4a3f0c9e11')).toEqual(none);
    expect(await lookUpSubscription(billing.auth.nats, 'abc')).toEqual(none);
    expect(await lookUpSubscription(billing.auth.nats, undefined)).toEqual(none);
    const raw = await billing.auth.nats.request(SUBJECTS.subscriptionLookup, new TextEncoder().encode('not json'), { timeout: 5000 });
    expect(decodeJson(raw.data)).toEqual(none);
    const array = await billing.auth.nats.request(SUBJECTS.subscriptionLookup, encodeJson([1]), { timeout: 5000 });
    expect(decodeJson(array.data)).toEqual(none);
  });
});
