export * from './embedded-postgres';
export * from './free-port';
export * from './nats-server';
export * from './s3-server';
