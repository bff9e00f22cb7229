export * from './api';
export * from './billing';
export * from './element-types';
export * from './limits';
export * from './nats-subjects';
export * from './services';
export * from './socket-events';
