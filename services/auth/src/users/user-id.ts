const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Account ids are UUIDs. Ids arrive from tokens and NATS requests; anything else names nobody, and
 * must not reach a uuid column, where PostgreSQL would refuse it with an error.
 */
export function isUserId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
