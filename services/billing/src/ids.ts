import { UnauthorizedException } from '@nestjs/common';
import { isUuid } from '@pid/platform';

/** Checkout session ids: ours (`cs_test_…`) and Stripe's (`cs_live_…`, `cs_test_…`) alike. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,255}$/;

/** A string that can be a checkout session id; anything else is not looked up at all. */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

/** The caller's id from the login token; a token that names no account id is not valid here. */
export function callerId(user: { id: string }): string {
  if (!isUuid(user.id)) throw new UnauthorizedException('Token is not valid');
  return user.id;
}
