import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServices, type TestServices, HOOK_TIMEOUT_MS } from '../test-kit';
import { consumeJson, ensureConsumer, ensureStream, PermanentJobError, publishJson } from './jetstream';

let services: TestServices;
let nc: NatsConnection;

beforeAll(async () => {
  services = await startTestServices();
  nc = await connect({ servers: services.natsUrl });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await nc?.drain();
  await services?.stop();
}, HOOK_TIMEOUT_MS);

async function workQueue(name: string, maxDeliver = 3) {
  await ensureStream(nc, { name, subjects: [`${name}.>`], retention: 'workqueue' });
  await ensureConsumer(nc, name, { durable: `${name}-workers`, maxDeliver, ackWaitMs: 2000 });
  return { stream: name, durable: `${name}-workers`, subject: `${name}.run` };
}

function until(predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (predicate()) return (clearInterval(timer), resolve());
      if (Date.now() > deadline) return (clearInterval(timer), reject(new Error('condition not met in time')));
    }, 20);
  });
}

describe('JetStream helpers', () => {
  it('ensureStream and ensureConsumer are idempotent', async () => {
    await workQueue('IDEMPOTENT');
    await workQueue('IDEMPOTENT');
    const jsm = await nc.jetstreamManager();
    expect((await jsm.consumers.info('IDEMPOTENT', 'IDEMPOTENT-workers')).config.max_deliver).toBe(3);
  });

  it('ensureStream sets replicas, max age and max bytes from the environment, and updates them', async () => {
    const jsm = await nc.jetstreamManager();
    await ensureStream(nc, { name: 'LIMITS', subjects: ['LIMITS.>'] }, {});
    expect((await jsm.streams.info('LIMITS')).config).toMatchObject({ num_replicas: 1, max_age: 0, max_bytes: -1 });
    await ensureStream(
      nc,
      { name: 'LIMITS', subjects: ['LIMITS.>'] },
      { JETSTREAM_MAX_AGE_SECONDS: '3600', JETSTREAM_MAX_BYTES: '1048576' },
    );
    expect((await jsm.streams.info('LIMITS')).config).toMatchObject({ num_replicas: 1, max_age: 3600 * 1e9, max_bytes: 1048576 });
    // One test server is no cluster: asking for 3 replicas reaches it and is refused.
    await expect(ensureStream(nc, { name: 'LIMITS_R3', subjects: ['LIMITS_R3.>'] }, { JETSTREAM_REPLICAS: '3' })).rejects.toThrow(
      /replicas/i,
    );
    await expect(ensureStream(nc, { name: 'LIMITS', subjects: ['LIMITS.>'] }, { JETSTREAM_REPLICAS: '9' })).rejects.toThrow(
      /^Invalid environment: JETSTREAM_REPLICAS: /,
    );
  });

  it('deduplicates publishes by message id', async () => {
    const { subject } = await workQueue('DEDUP');
    const first = await publishJson(nc, subject, { n: 1 }, 'job-1');
    const again = await publishJson(nc, subject, { n: 1 }, 'job-1');
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    const jsm = await nc.jetstreamManager();
    expect((await jsm.streams.info('DEDUP')).state.messages).toBe(1);
  });

  it('redelivers after a nak and acks on success', async () => {
    const queue = await workQueue('RETRY');
    const deliveries: number[] = [];
    const consumer = await consumeJson<{ id: string }>(nc, {
      ...queue,
      backoffMs: () => 100,
      handler: async (_payload, context) => {
        deliveries.push(context.deliveryCount);
        if (context.deliveryCount < 2) throw new Error('transient');
      },
    });
    await publishJson(nc, queue.subject, { id: 'a' }, 'retry-a');
    await until(() => deliveries.length === 2);
    await consumer.stop();
    expect(deliveries).toEqual([1, 2]);
    const jsm = await nc.jetstreamManager();
    await until(() => false, 300).catch(() => undefined);
    expect((await jsm.streams.info('RETRY')).state.messages).toBe(0);
  });

  it('terminates after the last delivery and reports it once', async () => {
    const queue = await workQueue('GIVEUP', 2);
    const terminated: unknown[] = [];
    let attempts = 0;
    const consumer = await consumeJson<{ id: string }>(nc, {
      ...queue,
      maxDeliver: 2,
      backoffMs: () => 50,
      handler: async () => {
        attempts += 1;
        throw new Error('always fails');
      },
      onTerminated: async (payload, error) => void terminated.push([payload, (error as Error).message]),
    });
    await publishJson(nc, queue.subject, { id: 'b' }, 'giveup-b');
    await until(() => terminated.length === 1);
    await consumer.stop();
    expect(attempts).toBe(2);
    expect(terminated).toEqual([[{ id: 'b' }, 'always fails']]);
  });

  it('terminates a permanent error without retrying', async () => {
    const queue = await workQueue('PERMANENT');
    let attempts = 0;
    const terminated: string[] = [];
    const consumer = await consumeJson<{ id: string }>(nc, {
      ...queue,
      handler: async () => {
        attempts += 1;
        throw new PermanentJobError('PDF is password-protected');
      },
      onTerminated: async (_payload, error) => void terminated.push((error as Error).message),
    });
    await publishJson(nc, queue.subject, { id: 'c' }, 'permanent-c');
    await until(() => terminated.length === 1);
    // Longer than the ack wait (2 s): a term the server ignored would have been redelivered by now.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await consumer.stop();
    expect(attempts).toBe(1);
    expect(terminated).toEqual(['PDF is password-protected']);
  });

  it('carries messages of several megabytes (analysis results of big sheets)', async () => {
    const { subject } = await workQueue('BIG');
    const ack = await publishJson(nc, subject, { blob: 'x'.repeat(3 * 1024 * 1024) }, 'big-1');
    expect(ack.seq).toBe(1);
  });
});
