import {
  applyDecorators,
  ForbiddenException,
  Inject,
  Injectable,
  ServiceUnavailableException,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import {
  isSubscriptionLookupReply,
  isUserLookupReply,
  SUBJECTS,
  type SubscriptionLookupRequest,
  type UserLookupRequest,
} from '@pid/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { JwtAuthGuard, type AuthenticatedRequest } from '../auth/jwt.guard';
import { LOGGER, NATS_CLIENT } from '../bootstrap/tokens';
import type { Logger } from '../logging/logger';
import { lookup } from '../nats/nest-transport';

export const SUBSCRIPTION_REQUIRED = 'Subscription required to access this feature';
export const EMAIL_VERIFICATION_REQUIRED = 'Please verify your email address to access this feature';

const LOOKUP_TIMEOUT_MS = 2_000;
/** A decision is reused this long, so that a busy editor does not ask auth and billing per request. */
const CACHE_MS = 5_000;

type Decision = { allowed: true } | { allowed: false; error: Error };

/**
 * Lets through verified users with an active subscription (spec §6), asking auth and billing over
 * NATS. A failed subscription check counts as inactive; auth not answering is 503.
 */
@Injectable()
export class ActiveSubscriberGuard implements CanActivate {
  private readonly decisions = new Map<string, { decision: Decision; until: number }>();

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const userId = context.switchToHttp().getRequest<AuthenticatedRequest>().user.id;
    const cached = this.decisions.get(userId);
    const decision = cached && cached.until > Date.now() ? cached.decision : await this.decide(userId);
    if (!decision.allowed) throw decision.error;
    return true;
  }

  private async decide(userId: string): Promise<Decision> {
    const userRequest: UserLookupRequest = { userId };
    const subscriptionRequest: SubscriptionLookupRequest = { userId };
    const options = { timeoutMs: LOOKUP_TIMEOUT_MS, logger: this.logger };
    const [userReply, subscription] = await Promise.all([
      lookup(this.nats, SUBJECTS.userLookup, userRequest, { ...options, isValid: isUserLookupReply }),
      lookup(this.nats, SUBJECTS.subscriptionLookup, subscriptionRequest, { ...options, isValid: isSubscriptionLookupReply }),
    ]);
    // Not cached: the next request should try again.
    if (!userReply) return { allowed: false, error: new ServiceUnavailableException('Service temporarily unavailable. Please try again.') };
    let decision: Decision = { allowed: true };
    if (!userReply.user) decision = { allowed: false, error: new UnauthorizedException('User not found') };
    else if (!userReply.user.isEmailVerified) decision = { allowed: false, error: new ForbiddenException(EMAIL_VERIFICATION_REQUIRED) };
    else if (!isCurrent(subscription)) decision = { allowed: false, error: new ForbiddenException(SUBSCRIPTION_REQUIRED) };
    this.decisions.set(userId, { decision, until: Date.now() + CACHE_MS });
    return decision;
  }
}

function isCurrent(subscription: { isActive: boolean; currentPeriodEnd: string | null } | undefined): boolean {
  if (!subscription?.isActive) return false;
  return !subscription.currentPeriodEnd || Date.parse(subscription.currentPeriodEnd) > Date.now();
}

/** For routes of the paid product: a valid login token, a verified e-mail and an active subscription. */
export function SubscriberOnly() {
  return applyDecorators(
    UseGuards(JwtAuthGuard, ActiveSubscriberGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' }),
    ApiForbiddenResponse({ description: `${EMAIL_VERIFICATION_REQUIRED}, or ${SUBSCRIPTION_REQUIRED}` }),
  );
}
