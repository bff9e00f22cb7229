import type { Msg, NatsConnection } from 'nats';
import type { Logger } from '../logging/logger';
import { decodeJson, encodeJson } from '../nats/json-codec';

/**
 * For tests: a stand-in for another service, on plain NATS (the wire format the services speak through
 * Nest's transport). Answers requests on `subject` with `handler`'s result. Replicas share one queue group, so each
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
