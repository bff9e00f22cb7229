/** Injection tokens that the platform module provides to every service. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
export const SERVICE_ENV = Symbol('SERVICE_ENV');
export const LOGGER = Symbol('LOGGER');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
/** The Nest NATS `ClientProxy` for look-ups (`lookup`) and events (`emit`). */
export const NATS_CLIENT = Symbol('NATS_CLIENT');
export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

export type HealthChecks = Record<string, () => Promise<boolean>>;
