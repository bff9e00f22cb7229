const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * User, drawing, element, connection and job ids are UUIDs. Ids arrive in URLs, tokens and NATS
 * messages; anything else names nothing, and must not reach a uuid column, where PostgreSQL would
 * refuse it with an error.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
