import { Controller, Get } from '@nestjs/common';
import { SUBJECTS, type SubscriptionLookupReply, type UserLookupReply } from '@pid/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { JwtService } from '../auth/jwt';
import { CurrentUser, type AuthenticatedUser } from '../auth/jwt.guard';
import { answerRequests } from '../test-kit/nats-stand-in';
import { startServiceHarness, testServiceDefinition, type ServiceHarness, type TestServiceEnv, HOOK_TIMEOUT_MS } from '../test-kit';
import { SubscriberOnly } from './subscriber.guard';

@Controller('paid')
class PaidController {
  @Get()
  @SubscriberOnly()
  read(@CurrentUser() user: AuthenticatedUser) {
    return { owner: user.id };
  }
}

const definition = testServiceDefinition({
  name: 'paid',
  description: 'A service with subscriber-only routes.',
  controllers: [PaidController],
});

/** What the stand-ins for auth and billing answer, per user id. */
const users: Record<string, UserLookupReply['user']> = {
  subscriber: { _id: 'subscriber', username: 's', email: 's@x.io', isEmailVerified: true },
  unverified: { _id: 'unverified', username: 'u', email: 'u@x.io', isEmailVerified: false },
  lapsed: { _id: 'lapsed', username: 'l', email: 'l@x.io', isEmailVerified: true },
  expired: { _id: 'expired', username: 'e', email: 'e@x.io', isEmailVerified: true },
};
const subscriptions: Record<string, SubscriptionLookupReply> = {
  subscriber: { isActive: true, subscriptionId: 'sub_1', status: 'active', currentPeriodEnd: '2999-01-01T00:00:00Z' },
  expired: { isActive: true, subscriptionId: 'sub_2', status: 'active', currentPeriodEnd: '2001-01-01T00:00:00Z' },
};

let service: ServiceHarness<TestServiceEnv>;
const stopResponders: Array<() => Promise<void>> = [];
let token: (userId: string) => string;

beforeAll(async () => {
  service = await startServiceHarness(definition);
  token = (userId) => new JwtService(service.context.env.JWT_SECRET).sign(userId);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  for (const stop of stopResponders) await stop();
  await service?.close();
}, HOOK_TIMEOUT_MS);

function startAuthStandIn() {
  stopResponders.push(
    answerRequests<{ userId: string }, UserLookupReply>(service.context.nats, {
      subject: SUBJECTS.userLookup,
      queue: 'auth',
      logger: service.context.logger,
      handler: async ({ userId }) => ({ user: users[userId ?? ''] ?? null }),
    }),
  );
}

describe('SubscriberOnly routes', () => {
  it('answer 503 while auth does not answer, and then recover', async () => {
    await request(service.http).get('/api/paid').set('x-auth-token', token('subscriber')).expect(503);
    startAuthStandIn();
    stopResponders.push(
      answerRequests<{ userId: string }, SubscriptionLookupReply>(service.context.nats, {
        subject: SUBJECTS.subscriptionLookup,
        queue: 'billing',
        logger: service.context.logger,
        handler: async ({ userId }) =>
          subscriptions[userId ?? ''] ?? { isActive: false, subscriptionId: null, status: null, currentPeriodEnd: null },
      }),
    );
    // The stand-ins' subscriptions reach the server before the request does (on a busy machine they may not yet).
    await service.context.nats.flush();
    await request(service.http).get('/api/paid').set('x-auth-token', token('subscriber')).expect(200, { owner: 'subscriber' });
  });

  it('refuse an unverified e-mail, no subscription, an expired period and an unknown user', async () => {
    await request(service.http)
      .get('/api/paid')
      .set('x-auth-token', token('unverified'))
      .expect(403, { msg: 'Please verify your email address to access this feature' });
    await request(service.http)
      .get('/api/paid')
      .set('x-auth-token', token('lapsed'))
      .expect(403, { msg: 'Subscription required to access this feature' });
    await request(service.http)
      .get('/api/paid')
      .set('x-auth-token', token('expired'))
      .expect(403, { msg: 'Subscription required to access this feature' });
    await request(service.http).get('/api/paid').set('x-auth-token', token('ghost')).expect(401, { msg: 'User not found' });
    await request(service.http).get('/api/paid').expect(401, { msg: 'No token, authorization denied' });
  });

  it('count billing not answering as no subscription', async () => {
    const stopBilling = stopResponders.pop()!;
    await stopBilling();
    await request(service.http).get('/api/paid').set('x-auth-token', token('lapsed')).expect(403);
    // A fresh user (no cached decision) whose subscription cannot be checked is refused.
    users.fresh = { _id: 'fresh', username: 'f', email: 'f@x.io', isEmailVerified: true };
    await request(service.http)
      .get('/api/paid')
      .set('x-auth-token', token('fresh'))
      .expect(403, { msg: 'Subscription required to access this feature' });
  });
});
