export const SERVICE_TARGETS = Symbol('SERVICE_TARGETS');
export const GATEWAY_LOGGER = Symbol('GATEWAY_LOGGER');
