export const SERVICE_TARGETS = Symbol('SERVICE_TARGETS');
export const GATEWAY_NATS = Symbol('GATEWAY_NATS');
