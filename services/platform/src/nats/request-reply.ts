import type { Msg, NatsConnection } from 'nats';
import type { Logger } from '../logging/logger';
import { decodeJson, encodeJson } from './json-codec';

/**
 * Asks another service over NATS request/reply. Resolves with its answer, or undefined when nobody
 * answers in time or the answer fails `isValid`: callers decide what "no answer" means.
 */
export async function requestJson<Reply>(
  nc: NatsConnection,
  subject: string,
  payload: unknown,
  options: { timeoutMs: number; isValid: (value: unknown) => value is Reply; logger?: Logger },
): Promise<Reply | undefined> {
  try {
    const reply = await nc.request(subject, encodeJson(payload), { timeout: options.timeoutMs });
    const body = decodeJson<unknown>(reply.data);
    if (options.isValid(body)) return body;
    options.logger?.warn({ subject }, 'a look-up was answered with an unexpected body');
  } catch (error) {
    // No responders or a timeout: the other service is down or slow; no stack trace per request.
    options.logger?.warn({ subject, reason: (error as { code?: string }).code ?? String(error) }, 'a look-up got no answer');
  }
  return undefined;
}

/**
 * Answers requests on `subject` with `handler`'s result. Replicas share one queue group, so each
 * request is answered once. Returns the teardown: stop listening, let answers in progress finish.
 */
export function answerRequests<Request, Reply>(
  nc: NatsConnection,
  options: { subject: string; queue: string; handler: (request: Partial<Request>) => Promise<Reply>; logger: Logger },
): () => Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const answer = async (msg: Msg) => {
    let request: Partial<Request> = {};
    try {
      request = decodeJson<Partial<Request>>(msg.data) ?? {};
    } catch {
      // An unreadable request is answered as an empty one: the handler treats missing fields as unknown.
    }
    msg.respond(encodeJson(await options.handler(request)));
  };
  const subscription = nc.subscribe(options.subject, {
    queue: options.queue,
    callback: (error, msg) => {
      if (error) return void options.logger.warn({ err: error, subject: options.subject }, 'request subscription failed');
      const work: Promise<void> = answer(msg)
        .catch((failure) => void options.logger.error({ err: failure, subject: options.subject }, 'answering a request failed'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },
  });
  return async () => {
    if (!subscription.isClosed()) subscription.unsubscribe();
    await Promise.allSettled(inFlight);
  };
}
