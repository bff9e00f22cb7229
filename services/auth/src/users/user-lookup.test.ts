import { SUBJECTS, type UserLookupReply } from '@pid/contracts';
import { decodeJson, encodeJson } from '@pid/platform';
import { startServiceForTest, startTestServices, type ServiceHarness, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthEnv } from '../env';
import { registerAccount, startAuthService } from '../testing/auth-test-kit';
import { authServiceDefinition } from '../auth.service-definition';

let service: ServiceHarness<AuthEnv>;
/** Another service's connection. */
let nc: NatsConnection;
beforeAll(async () => {
  service = await startAuthService();
  nc = await connect({ servers: service.context.env.NATS_URL });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await nc?.drain();
  await service?.close();
}, HOOK_TIMEOUT_MS);

async function lookUp(request: unknown): Promise<UserLookupReply> {
  const reply = await nc.request(SUBJECTS.userLookup, encodeJson(request), { timeout: 5000 });
  return decodeJson<UserLookupReply>(reply.data);
}

describe('user look-ups over NATS', () => {
  it('answer a known user without secrets', async () => {
    const account = await registerAccount(service);
    expect(await lookUp({ userId: account.userId })).toEqual({
      user: { _id: account.userId, username: account.username, email: account.email, isEmailVerified: false },
    });
  });

  it.each([
    ['an unknown id', { userId: '5b1f1f5e-8a3c-4c55-9d40-2f4a3f0c9e11' }],
    ['an id that is no UUID', { userId: 'abc' }],
    ['no id', {}],
    ['a body that is not JSON', 'not json'],
  ])('answer null for %s', async (_case, request) => {
    const reply = await nc.request(
      SUBJECTS.userLookup,
      typeof request === 'string' ? new TextEncoder().encode(request) : encodeJson(request),
      { timeout: 5000 },
    );
    expect(decodeJson(reply.data)).toEqual({ user: null });
  });

  it('stop when the service closes: the subject then has no responders', async () => {
    // Servers of its own, where the running service's subscription cannot answer instead.
    const elsewhere = await startTestServices();
    const own = await connect({ servers: elsewhere.natsUrl });
    try {
      const other = await startServiceForTest(authServiceDefinition, elsewhere, { MAILBOX_DIR: `${elsewhere.tempDir}/mail` });
      const answered = await own.request(SUBJECTS.userLookup, encodeJson({ userId: 'abc' }), { timeout: 5000 });
      expect(decodeJson(answered.data)).toEqual({ user: null });
      await other.close();
      await expect(own.request(SUBJECTS.userLookup, encodeJson({ userId: 'abc' }), { timeout: 5000 })).rejects.toMatchObject({
        code: '503',
      });
    } finally {
      await own.close();
      await elsewhere.stop();
    }
  });
});
