import { UnauthorizedException } from '@nestjs/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Checkout session ids: ours (`cs_test_…`) and Stripe's (`cs_live_…`, `cs_test_…`) alike. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,255}$/;

/**
 * Account ids are UUIDs (auth makes them). Anything else names nobody, and must not reach a uuid
 * column, where PostgreSQL would refuse it with an error.
 */
export function isUserId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A string that can be a checkout session id; anything else is not looked up at all. */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

/** The caller's id from the login token; a token that names no account id is not valid here. */
export function callerId(user: { id: string }): string {
  if (!isUserId(user.id)) throw new UnauthorizedException('Token is not valid');
  return user.id;
}
