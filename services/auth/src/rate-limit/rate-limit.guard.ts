import {
  applyDecorators,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ErrorBodyDto, SERVICE_ENV, type AuthenticatedRequest } from '@pid/platform';
import type { Request, Response } from 'express';
import type { AuthEnv } from '../env';
import { MESSAGES } from '../messages';
import { EMAIL_MAX_LENGTH, normalizeEmail } from '../validation/account-fields';
import { FixedWindowLimiter } from './fixed-window-limiter';

export type RateLimitedAction = 'login' | 'register' | 'forgot-password' | 'resend-verification';

const ACTION = Symbol('rate-limited action');

/**
 * A rate-limited route: `RateLimitGuard` counts its attempts under `action` (each action has its own counts)
 * and answers 429 once they are used up. On a route that needs a login, put it above `@UseGuards(JwtAuthGuard)`:
 * the guard then runs after the login check and counts per account.
 */
export const RateLimited = (action: RateLimitedAction) =>
  applyDecorators(SetMetadata(ACTION, action), UseGuards(RateLimitGuard), ApiTooManyRequestsResponse({ type: ErrorBodyDto }));

/** The counts of every rate-limited action, one limiter for the whole service. */
@Injectable()
export class RateLimits {
  readonly limiter: FixedWindowLimiter;

  constructor(@Inject(SERVICE_ENV) readonly env: AuthEnv) {
    this.limiter = new FixedWindowLimiter(env.RATE_LIMIT_WINDOW_SECONDS * 1000);
  }
}

/**
 * Refuses an action with 429 once its client address, or the account it is aimed at, has used up the
 * window's attempts. The account is the signed-in user, else the body's e-mail. Behind the gateway the
 * address comes from `x-forwarded-for`, as far as TRUST_PROXY allows (see trust-proxy.setting.ts).
 * `@RateLimited(action)` puts it on a route.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const action = this.reflector.get<RateLimitedAction | undefined>(ACTION, context.getHandler());
    if (!action) throw new Error('RateLimitGuard needs @RateLimited(action) on the route');
    const http = context.switchToHttp();
    const request = http.getRequest<Request & Partial<AuthenticatedRequest>>();
    const { env, limiter } = this.limits;

    const verdicts = [limiter.hit(`${action}|ip|${request.ip ?? 'unknown'}`, env.RATE_LIMIT_MAX_PER_IP)];
    const account = accountOf(request);
    if (account) verdicts.push(limiter.hit(`${action}|account|${account}`, env.RATE_LIMIT_MAX_PER_EMAIL));

    const refused = verdicts.filter((verdict) => !verdict.allowed);
    if (refused.length === 0) return true;
    const retryAfterSeconds = Math.ceil(Math.max(...refused.map((verdict) => verdict.retryAfterMs)) / 1000);
    http.getResponse<Response>().setHeader('Retry-After', String(retryAfterSeconds));
    throw new HttpException({ msg: MESSAGES.tooManyRequests }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

function accountOf(request: Request & Partial<AuthenticatedRequest>): string | undefined {
  if (request.user) return `user:${request.user.id}`;
  const email: unknown = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string') return undefined;
  const normalized = normalizeEmail(email);
  // Longer strings are no address; they must not grow the table of counts either.
  return normalized && normalized.length <= EMAIL_MAX_LENGTH ? `email:${normalized}` : undefined;
}
