import { SUBJECTS, type SubscriptionLookupReply, type SubscriptionLookupRequest } from '@pid/contracts';
import { decodeJson, encodeJson } from '@pid/platform';
import type { ServiceHarness } from '@pid/platform/test-kit';
import { connect, type NatsConnection, type Subscription } from 'nats';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthEnv } from '../env';
import { registerAccount, startAuthService, type TestAccount } from '../testing/auth-test-kit';
import { HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

let service: ServiceHarness<AuthEnv>;
/** Plays billing. */
let billing: NatsConnection;
let responder: Subscription | undefined;
let account: TestAccount;

beforeAll(async () => {
  service = await startAuthService({ SUBSCRIPTION_LOOKUP_TIMEOUT_MS: '300' });
  billing = await connect({ servers: service.context.env.NATS_URL });
  account = await registerAccount(service);
}, HOOK_TIMEOUT_MS);
afterEach(() => {
  responder?.unsubscribe();
  responder = undefined;
});
afterAll(async () => {
  await billing?.drain();
  await service?.close();
}, HOOK_TIMEOUT_MS);

/** Billing answers each look-up with `answer(request)`, or not at all when it returns undefined. */
async function billingAnswers(answer: (request: SubscriptionLookupRequest) => unknown) {
  const requests: SubscriptionLookupRequest[] = [];
  responder = billing.subscribe(SUBJECTS.subscriptionLookup, {
    callback: (_error, msg) => {
      const lookup = decodeJson<SubscriptionLookupRequest>(msg.data);
      requests.push(lookup);
      const reply = answer(lookup);
      if (reply !== undefined) msg.respond(encodeJson(reply));
    },
  });
  await billing.flush();
  return requests;
}

const me = async () => (await request(service.http).get('/api/auth/me').set('Authorization', `Bearer ${account.token}`).expect(200)).body;

describe('hasActiveSubscription', () => {
  it('is true, with the subscription id and status, when billing says the subscription is active', async () => {
    const active: SubscriptionLookupReply = {
      isActive: true,
      subscriptionId: 'sub_123',
      status: 'active',
      currentPeriodEnd: '2030-01-01T00:00:00.000Z',
    };
    const requests = await billingAnswers(() => active);
    expect(await me()).toMatchObject({ hasActiveSubscription: true, subscriptionId: 'sub_123', subscriptionStatus: 'active' });
    expect(requests).toEqual([{ userId: account.userId }]);
  });

  it('is false when billing says the subscription is not active', async () => {
    await billingAnswers(() => ({ isActive: false, subscriptionId: 'sub_9', status: 'canceled', currentPeriodEnd: null }));
    expect(await me()).toMatchObject({ hasActiveSubscription: false, subscriptionId: 'sub_9', subscriptionStatus: 'canceled' });
  });

  it('is false, without subscription fields, when nobody answers', async () => {
    const body = await me();
    expect(body.hasActiveSubscription).toBe(false);
    expect(body).not.toHaveProperty('subscriptionId');
    expect(body).not.toHaveProperty('subscriptionStatus');
  });

  it('is false when billing is too slow', async () => {
    const requests = await billingAnswers(() => undefined);
    expect((await me()).hasActiveSubscription).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('is false when billing answers something else', async () => {
    await billingAnswers(() => ({ active: 'yes' }));
    expect((await me()).hasActiveSubscription).toBe(false);
  });
});
