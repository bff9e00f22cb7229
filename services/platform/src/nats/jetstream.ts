import { AckPolicy, DeliverPolicy, RetentionPolicy, StorageType, nanos, type JsMsg, type NatsConnection, type PubAck } from 'nats';
import { jetStreamEnvSchema, loadEnv } from '../config/env';
import type { Logger } from '../logging/logger';
import { decodeJson, encodeJson } from './json-codec';

export interface StreamDefinition {
  name: string;
  subjects: readonly string[];
  /** Work queues delete a message once a consumer acks it. */
  retention?: 'workqueue' | 'limits';
  /** How long JetStream remembers message ids for deduplication. */
  duplicateWindowMs?: number;
}

export interface ConsumerDefinition {
  durable: string;
  filterSubject?: string;
  /** How long a delivery may stay unacknowledged before it is redelivered. */
  ackWaitMs?: number;
  maxDeliver?: number;
}

const DEFAULT_ACK_WAIT_MS = 30_000;
const DEFAULT_MAX_DELIVER = 5;

function isNotFound(error: unknown): boolean {
  return error instanceof Error && /not found/i.test(error.message);
}

/**
 * Creates the stream, or brings its subjects, replicas and limits up to date. Safe to call from every
 * replica at start. Replicas and limits come from JETSTREAM_REPLICAS, JETSTREAM_MAX_AGE_SECONDS and
 * JETSTREAM_MAX_BYTES (one replica, no limits when unset); `envSource` replaces process.env.
 */
export async function ensureStream(
  nc: NatsConnection,
  stream: StreamDefinition,
  envSource: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const limits = loadEnv(jetStreamEnvSchema, envSource);
  const jsm = await nc.jetstreamManager();
  const updatable = {
    subjects: [...stream.subjects],
    duplicate_window: nanos(stream.duplicateWindowMs ?? 10 * 60_000),
    num_replicas: limits.JETSTREAM_REPLICAS,
    max_age: nanos(limits.JETSTREAM_MAX_AGE_SECONDS * 1000),
    max_bytes: limits.JETSTREAM_MAX_BYTES,
  };
  const config = {
    name: stream.name,
    retention: stream.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
    storage: StorageType.File,
    ...updatable,
  };
  try {
    await jsm.streams.info(stream.name);
    await jsm.streams.update(stream.name, updatable);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.streams.add(config);
  }
}

/** Creates the durable pull consumer shared by all replicas, or updates its settings. */
export async function ensureConsumer(nc: NatsConnection, streamName: string, consumer: ConsumerDefinition): Promise<void> {
  const jsm = await nc.jetstreamManager();
  const settings = {
    ack_wait: nanos(consumer.ackWaitMs ?? DEFAULT_ACK_WAIT_MS),
    max_deliver: consumer.maxDeliver ?? DEFAULT_MAX_DELIVER,
  };
  try {
    await jsm.consumers.info(streamName, consumer.durable);
    await jsm.consumers.update(streamName, consumer.durable, settings);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.consumers.add(streamName, {
      durable_name: consumer.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: consumer.filterSubject,
      ...settings,
    });
  }
}

/** Publishes JSON to JetStream. The message id makes a repeated publish a no-op (`duplicate: true`). */
export async function publishJson(nc: NatsConnection, subject: string, payload: unknown, messageId: string): Promise<PubAck> {
  return nc.jetstream().publish(subject, encodeJson(payload), { msgID: messageId });
}

/** Throw this from a handler when retrying cannot help: the message is terminated at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobContext {
  /** 1 on the first delivery. */
  deliveryCount: number;
  isLastDelivery: boolean;
  /** Tells JetStream the job is still alive; called automatically too, every ackWait / 3. */
  working(): void;
}

export interface ConsumeOptions<T> {
  stream: string;
  durable: string;
  handler: (payload: T, context: JobContext) => Promise<void>;
  /** Jobs handled at once by this process. */
  concurrency?: number;
  maxDeliver?: number;
  ackWaitMs?: number;
  /** Delay before redelivery after a failure: grows with each attempt. */
  backoffMs?: (deliveryCount: number) => number;
  /** Called once when a job is given up: permanent error or last delivery failed. */
  onTerminated?: (payload: T, error: unknown) => Promise<void>;
  logger?: Logger;
}

export interface RunningConsumer {
  /** Stops taking new jobs and waits for the ones in hand. */
  stop(): Promise<void>;
}

export const defaultBackoffMs = (deliveryCount: number) => Math.min(1000 * 2 ** (deliveryCount - 1), 30_000);

/**
 * Consumes one subject of a stream that several services read (limits retention: each service reads it with a
 * durable consumer of its own): makes sure the stream and the consumer exist with these settings, then runs
 * `consumeJson` on it.
 */
export async function consumeSharedStream<T>(
  nc: NatsConnection,
  options: Omit<ConsumeOptions<T>, 'stream'> & { stream: StreamDefinition; filterSubject: string },
): Promise<RunningConsumer> {
  const { stream, filterSubject, ...consume } = options;
  await ensureStream(nc, { ...stream, retention: 'limits' });
  await ensureConsumer(nc, stream.name, {
    durable: consume.durable,
    filterSubject,
    ackWaitMs: consume.ackWaitMs,
    maxDeliver: consume.maxDeliver,
  });
  return consumeJson(nc, { ...consume, stream: stream.name });
}

/**
 * Runs `handler` for each message of a durable pull consumer, settling each one:
 * ack on success, nak with backoff on failure, term on a permanent error or after the last delivery.
 */
export async function consumeJson<T>(nc: NatsConnection, options: ConsumeOptions<T>): Promise<RunningConsumer> {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
  const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const consumer = await nc.jetstream().consumers.get(options.stream, options.durable);
  const messages = await consumer.consume({ max_messages: concurrency });
  const inFlight = new Set<Promise<void>>();

  const settle = async (msg: JsMsg) => {
    const deliveryCount = msg.info.redeliveryCount;
    const isLastDelivery = deliveryCount >= maxDeliver;
    const heartbeat = setInterval(() => msg.working(), Math.max(1000, ackWaitMs / 3));
    let payload: T | undefined;
    try {
      payload = decodeJson<T>(msg.data);
      await options.handler(payload, { deliveryCount, isLastDelivery, working: () => msg.working() });
      clearInterval(heartbeat);
      await msg.ackAck();
    } catch (error) {
      clearInterval(heartbeat);
      const permanent = error instanceof PermanentJobError || payload === undefined;
      if (permanent || isLastDelivery) {
        options.logger?.error({ err: error, subject: msg.subject, deliveryCount }, 'job terminated');
        // No reason: nats-server before 2.10 (Debian's) ignores a TERM that carries one.
        msg.term();
        if (payload !== undefined) await options.onTerminated?.(payload, error);
      } else {
        options.logger?.warn({ err: error, subject: msg.subject, deliveryCount }, 'job failed; will be redelivered');
        msg.nak(backoffMs(deliveryCount));
      }
    }
  };

  const loop = (async () => {
    for await (const msg of messages) {
      const job = settle(msg).catch((error) => options.logger?.error({ err: error }, 'settling a job failed'));
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
  })();

  return {
    async stop() {
      await messages.close();
      await loop;
      await Promise.all(inFlight);
    },
  };
}
