import { Inject, Injectable } from '@nestjs/common';
import { SUBJECTS, type SubscriptionLookupReply, type SubscriptionLookupRequest } from '@pid/contracts';
import { decodeJson, encodeJson, LOGGER, NATS_CONNECTION, SERVICE_ENV, type Logger } from '@pid/platform';
import type { NatsConnection } from 'nats';
import type { AuthEnv } from '../env';

function isSubscriptionReply(value: unknown): value is SubscriptionLookupReply {
  return typeof value === 'object' && value !== null && typeof (value as SubscriptionLookupReply).isActive === 'boolean';
}

/** Asks billing, over NATS request/reply, for a user's subscription. */
@Injectable()
export class SubscriptionLookupClient {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(SERVICE_ENV) private readonly env: AuthEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Billing's answer, or undefined when billing is down, slow or answers nonsense: callers treat that as no subscription. */
  async lookup(userId: string): Promise<SubscriptionLookupReply | undefined> {
    const request: SubscriptionLookupRequest = { userId };
    try {
      const reply = await this.nats.request(SUBJECTS.subscriptionLookup, encodeJson(request), {
        timeout: this.env.SUBSCRIPTION_LOOKUP_TIMEOUT_MS,
      });
      const body = decodeJson<unknown>(reply.data);
      if (isSubscriptionReply(body)) return body;
      this.logger.warn({ subject: SUBJECTS.subscriptionLookup }, 'billing answered a subscription look-up with an unexpected body');
    } catch (error) {
      // No responders (503) or a timeout: billing is down or slow, which needs no stack trace per request.
      const reason = (error as { code?: string }).code ?? String(error);
      this.logger.warn({ reason, subject: SUBJECTS.subscriptionLookup }, 'billing did not answer a subscription look-up');
    }
    return undefined;
  }
}
