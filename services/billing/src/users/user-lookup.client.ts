import { ForbiddenException, Inject, Injectable, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { SUBJECTS, isUserLookupReply, type UserLookupReply, type UserLookupRequest } from '@pid/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { EMAIL_VERIFICATION_REQUIRED, LOGGER, lookup, NATS_CLIENT, SERVICE_ENV, type Logger } from '@pid/platform';
import type { BillingEnv } from '../env';
import { MESSAGES } from '../messages';

export type BillingUser = NonNullable<UserLookupReply['user']>;

/** Asks auth, over NATS request/reply, who a user is and whether the e-mail address is verified. */
@Injectable()
export class UserLookupClient {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(SERVICE_ENV) private readonly env: BillingEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The user, when known and verified (spec §2: checkout is for verified users). Auth not answering
   * is 503, an unknown user 401, an unverified address 403.
   */
  async verifiedUser(userId: string): Promise<BillingUser> {
    const request: UserLookupRequest = { userId };
    const reply = await lookup(this.nats, SUBJECTS.userLookup, request, {
      timeoutMs: this.env.USER_LOOKUP_TIMEOUT_MS,
      isValid: isUserLookupReply,
      logger: this.logger,
    });
    if (!reply) throw new ServiceUnavailableException(MESSAGES.serviceUnavailable);
    if (!reply.user) throw new UnauthorizedException(MESSAGES.userNotFound);
    if (!reply.user.isEmailVerified) throw new ForbiddenException(EMAIL_VERIFICATION_REQUIRED);
    return reply.user;
  }
}
