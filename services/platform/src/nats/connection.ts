import { connect, type NatsConnection } from 'nats';
import type { Logger } from '../logging/logger';

const connected = new WeakMap<NatsConnection, boolean>();

/** Connects with unlimited reconnects, so that a NATS restart never takes a service down. */
export async function connectNats(url: string, name: string, logger?: Logger): Promise<NatsConnection> {
  const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
  connected.set(nc, true);
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') connected.set(nc, false);
      if (status.type === 'reconnect') connected.set(nc, true);
      const expected = nc.isDraining() || nc.isClosed();
      if (!expected && (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'error')) {
        logger?.warn({ nats: status.type, data: String(status.data) }, 'NATS connection status changed');
      }
    }
  })();
  return nc;
}

/** True while the connection is open and not waiting to reconnect. */
export function isNatsUp(nc: NatsConnection | undefined): boolean {
  return !!nc && !nc.isClosed() && !nc.isDraining() && connected.get(nc) !== false;
}
