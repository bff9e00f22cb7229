/** Helpers for billing's integration tests: the service on real PostgreSQL and NATS, auth played over NATS, users. */
import { randomUUID } from 'node:crypto';
import {
  SUBJECTS,
  type SubscriptionChangedEvent,
  type SubscriptionLookupReply,
  type UserLookupReply,
  type UserLookupRequest,
} from '@pid/contracts';
import { createLogger, decodeJson, encodeJson, JwtService } from '@pid/platform';
import { answerRequests, closeInOrder, startServiceHarness, type ServiceHarness } from '@pid/platform/test-kit';
import { connect, type NatsConnection } from 'nats';
import request from 'supertest';
import { billingServiceDefinition } from '../billing.service-definition';
import type { BillingEnv } from '../env';

export const PUBLIC_URL = 'http://web.test:8080';

/** The billing service on the test file's own PostgreSQL and NATS. Test mode unless `env` names Stripe. */
export function startBillingService(env: Record<string, string> = {}): Promise<ServiceHarness<BillingEnv>> {
  return startServiceHarness(billingServiceDefinition, { PUBLIC_URL, USER_LOOKUP_TIMEOUT_MS: '500', ...env });
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  isEmailVerified: boolean;
  /** A login token for this user, as auth would sign it. */
  token: string;
}

/**
 * Plays auth's side of `SUBJECTS.userLookup` on its own NATS connection: the users it was given,
 * verified or not; null for anyone else. `silent` makes it stop answering (auth down).
 */
export interface FakeAuth {
  nats: NatsConnection;
  addUser(fields?: Partial<Pick<TestUser, 'isEmailVerified' | 'username' | 'email'>>): TestUser;
  /** A valid login token for an id auth does not know. */
  tokenFor(userId: string): string;
  silent: boolean;
  close(): Promise<void>;
}

let users = 0;

export async function startFakeAuth(service: ServiceHarness<BillingEnv>): Promise<FakeAuth> {
  const nats = await connect({ servers: service.context.env.NATS_URL, name: 'fake-auth' });
  const jwt = new JwtService(service.context.env.JWT_SECRET);
  const known = new Map<string, TestUser>();
  const fake: FakeAuth = {
    nats,
    silent: false,
    addUser(fields = {}) {
      users += 1;
      const id = randomUUID();
      const user: TestUser = {
        id,
        username: `buyer${users}`,
        email: `buyer${users}-${process.pid}@example.com`,
        isEmailVerified: true,
        ...fields,
        token: jwt.sign(id),
      };
      known.set(id, user);
      return user;
    },
    tokenFor: (userId) => jwt.sign(userId),
    close: async () => {
      await stop();
      await nats.drain();
    },
  };
  const stop = answerRequests<UserLookupRequest, UserLookupReply>(nats, {
    subject: SUBJECTS.userLookup,
    queue: 'auth',
    logger: createLogger('fake-auth', 'silent'),
    handler: async ({ userId }) => {
      if (fake.silent) await new Promise((resolve) => setTimeout(resolve, 2_000));
      const user = userId ? known.get(userId) : undefined;
      return { user: user ? { _id: user.id, username: user.username, email: user.email, isEmailVerified: user.isEmailVerified } : null };
    },
  });
  await nats.flush();
  return fake;
}

export const bearer = (user: Pick<TestUser, 'token'>) => ({ Authorization: `Bearer ${user.token}` });

export interface BillingWithAuth {
  service: ServiceHarness<BillingEnv>;
  auth: FakeAuth;
  close(): Promise<void>;
}

/** The billing service with auth played over NATS; `close()` stops both. */
export async function startBillingWithAuth(env: Record<string, string> = {}): Promise<BillingWithAuth> {
  const service = await startBillingService(env);
  const auth = await startFakeAuth(service);
  return {
    service,
    auth,
    close: closeInOrder(auth, service),
  };
}

/** `GET /api/payments/subscription-status` as `user`: the body of the 200 answer. */
export async function subscriptionStatus(service: ServiceHarness<BillingEnv>, user: Pick<TestUser, 'token'>) {
  return (await request(service.http).get('/api/payments/subscription-status').set(bearer(user)).expect(200)).body;
}

/** Asks billing over NATS, as auth and the platform's subscriber guard do. */
export async function lookUpSubscription(nats: NatsConnection, userId: unknown): Promise<SubscriptionLookupReply> {
  const reply = await nats.request(SUBJECTS.subscriptionLookup, encodeJson({ userId }), { timeout: 5_000 });
  return decodeJson<SubscriptionLookupReply>(reply.data);
}

/** Collects every `SubscriptionChangedEvent` billing publishes from now on. */
export async function collectSubscriptionChanges(nats: NatsConnection): Promise<{ events: SubscriptionChangedEvent[]; stop(): void }> {
  const events: SubscriptionChangedEvent[] = [];
  const subscription = nats.subscribe(SUBJECTS.subscriptionChanged, {
    callback: (_error, msg) => void events.push(decodeJson<SubscriptionChangedEvent>(msg.data)),
  });
  await nats.flush();
  return { events, stop: () => subscription.unsubscribe() };
}

/** Starts a checkout for `user` and answers the session id and URL the provider gave. */
export async function startCheckout(service: ServiceHarness<BillingEnv>, user: TestUser, priceId = service.context.env.BILLING_PRICE_ID) {
  const response = await request(service.http)
    .post('/api/payments/create-checkout-session')
    .set(bearer(user))
    .send({ priceId })
    .expect(200);
  const url: string = response.body.url;
  return { url, sessionId: decodeURIComponent(new URL(url).pathname.split('/').pop()!) };
}
