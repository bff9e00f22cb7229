import type {
  ClientProxy,
  ConsumerDeserializer,
  ConsumerSerializer,
  IncomingEvent,
  IncomingRequest,
  IncomingResponse,
  NatsOptions,
  OutgoingResponse,
  ProducerDeserializer,
  ProducerSerializer,
  ReadPacket,
} from '@nestjs/microservices';
import { Transport } from '@nestjs/microservices';
import { firstValueFrom, lastValueFrom, timeout } from 'rxjs';
import type { Logger } from '../logging/logger';
import { decodeJson, encodeJson } from './json-codec';

/**
 * Nest's NATS transport with the wire format unchanged: a request or an event is its JSON payload, a
 * reply is the handler's JSON result (Nest's own `{ pattern, data, id }` envelope is not sent). Other
 * services, and plain NATS clients, keep talking to each other as before.
 */
class PlainJsonServerDeserializer implements ConsumerDeserializer {
  deserialize(value: Uint8Array, options?: { channel?: string; replyTo?: string }): IncomingRequest | IncomingEvent {
    let data: unknown = {};
    try {
      data = decodeJson<unknown>(value) ?? {};
    } catch {
      // An unreadable request is handled as an empty one: handlers treat missing fields as unknown.
    }
    const pattern = options?.channel ?? '';
    // Only a request carries a reply subject; Nest tells requests from events by the id.
    return options?.replyTo ? { pattern, data, id: options.replyTo } : { pattern, data };
  }
}

class PlainJsonServerSerializer implements ConsumerSerializer {
  serialize(packet: OutgoingResponse): { data: Uint8Array } {
    // A handler that failed answers null, which no caller takes for a reply.
    return { data: encodeJson(packet.err ? null : (packet.response ?? null)) };
  }
}

class PlainJsonClientSerializer implements ProducerSerializer {
  serialize(packet: ReadPacket): { data: Uint8Array } {
    return { data: encodeJson(packet.data) };
  }
}

class PlainJsonClientDeserializer implements ProducerDeserializer {
  deserialize(value: Uint8Array): IncomingResponse {
    // No id: Nest then takes the reply for the request of this inbox.
    try {
      return { response: decodeJson<unknown>(value), isDisposed: true } as IncomingResponse;
    } catch (error) {
      return { err: error, isDisposed: true } as IncomingResponse;
    }
  }
}

/** Nest's NATS transport on `url`, as `connectNats` with unlimited reconnects: a NATS restart never takes a service's look-ups down. */
function natsOptions(url: string, options: NonNullable<NatsOptions['options']>): NatsOptions {
  return { transport: Transport.NATS, options: { servers: url, maxReconnectAttempts: -1, reconnectTimeWait: 1000, ...options } };
}

/** The NATS microservice of a service: `@MessagePattern` look-ups and `@EventPattern` events on `subject`s. */
export function natsServerOptions(url: string, name: string, queue?: string): NatsOptions {
  return natsOptions(url, {
    name: `${name}-handlers`,
    queue,
    serializer: new PlainJsonServerSerializer(),
    deserializer: new PlainJsonServerDeserializer(),
  });
}

/** The NATS client of a service, for `lookup` and `ClientProxy.emit`. */
export function natsClientOptions(url: string, name: string): NatsOptions {
  return natsOptions(url, {
    name: `${name}-client`,
    serializer: new PlainJsonClientSerializer(),
    deserializer: new PlainJsonClientDeserializer(),
  });
}

/**
 * Publishes an event on core NATS through Nest's client, for `@EventPattern` handlers and plain subscribers alike
 * (the payload's JSON, as `nc.publish` would send it). Resolves once it is handed to NATS; rejects when it could not be
 * (the connection down): events are not kept for later, so callers log the loss.
 */
export function emitEvent(client: ClientProxy, subject: string, payload: unknown): Promise<void> {
  return lastValueFrom(client.emit<void>(subject, payload), { defaultValue: undefined });
}

/**
 * Asks another service over NATS request/reply. Resolves with its answer, or undefined when nobody
 * answers in time or the answer fails `isValid`: callers decide what "no answer" means.
 */
export async function lookup<Reply>(
  client: ClientProxy,
  subject: string,
  payload: unknown,
  options: { timeoutMs: number; isValid: (value: unknown) => value is Reply; logger?: Logger },
): Promise<Reply | undefined> {
  try {
    const body = await firstValueFrom(client.send<unknown>(subject, payload).pipe(timeout(options.timeoutMs)));
    if (options.isValid(body)) return body;
    options.logger?.warn({ subject }, 'a look-up was answered with an unexpected body');
  } catch (error) {
    // No responders or a timeout: the other service is down or slow; no stack trace per request.
    options.logger?.warn({ subject, reason: (error as { name?: string }).name ?? String(error) }, 'a look-up got no answer');
  }
  return undefined;
}
