import { Inject, Injectable } from '@nestjs/common';
import { SUBJECTS, isSubscriptionLookupReply, type SubscriptionLookupReply, type SubscriptionLookupRequest } from '@pid/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { LOGGER, lookup, NATS_CLIENT, SERVICE_ENV, type Logger } from '@pid/platform';
import type { AuthEnv } from '../env';

/** Asks billing, over NATS request/reply, for a user's subscription. */
@Injectable()
export class SubscriptionLookupClient {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(SERVICE_ENV) private readonly env: AuthEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Billing's answer, or undefined when billing is down, slow or answers nonsense: callers treat that as no subscription. */
  lookup(userId: string): Promise<SubscriptionLookupReply | undefined> {
    const request: SubscriptionLookupRequest = { userId };
    return lookup(this.nats, SUBJECTS.subscriptionLookup, request, {
      timeoutMs: this.env.SUBSCRIPTION_LOOKUP_TIMEOUT_MS,
      isValid: isSubscriptionLookupReply,
      logger: this.logger,
    });
  }
}
