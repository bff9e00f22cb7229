import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The lowest port the kernel hands out to outgoing connections (Linux's setting; its default elsewhere). */
function ephemeralPortsFrom(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (low > 11_000) return low;
  } catch {
    // Not Linux: the usual ranges start at 32768 or 49152.
  }
  return 32_768;
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, below the ephemeral range: a port the kernel picked
 * (`listen(0)`) may be given to some process's outgoing connection before the server that was meant to take it
 * starts (seen: the local stack's gateway failing with EADDRINUSE while its services connected to PostgreSQL).
 */
export async function findFreePort({ from = 10_000, below = ephemeralPortsFrom() } = {}): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = randomInt(from, below);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port found from ${from} to ${below - 1}`);
}

async function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Resolves once something accepts TCP connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 30_000, host = '127.0.0.1'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
