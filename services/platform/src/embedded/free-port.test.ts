import net from 'node:net';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { findFreePort } from './free-port';

const ephemeralFrom = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('findFreePort', () => {
  it('gives ports below the range the kernel hands to outgoing connections, that a server can then take', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => findFreePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralFrom);
    }
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    expect((server.address() as net.AddressInfo).port).toBe(ports[0]);
    await new Promise((resolve) => server.close(resolve));
  });

  it('does not give a port that a server already listens on, and says so when every port is taken', async () => {
    const taken = await findFreePort();
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(taken, '127.0.0.1', resolve));
    try {
      // Of two ports, one taken: always the other.
      const ports = await Promise.all(Array.from({ length: 20 }, () => findFreePort({ from: taken, below: taken + 2 })));
      expect(new Set(ports)).toEqual(new Set([taken + 1]));
      await expect(findFreePort({ from: taken, below: taken + 1 })).rejects.toThrow(`No free port found from ${taken} to ${taken}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
