import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort, waitForPort } from './free-port';

const CANDIDATES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

function locateNatsServer(): string | undefined {
  const fromEnv = process.env.NATS_SERVER_BIN;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const onPath = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
  return onPath || CANDIDATES.find((candidate) => existsSync(candidate));
}

/**
 * The `nats-server` binary. When it is missing and we are root on Debian, installs Debian's
 * `nats-server` package; otherwise explains how to get it.
 */
export function ensureNatsServerBinary(log: (line: string) => void = console.error): string {
  const found = locateNatsServer();
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    log('nats-server is missing: installing the Debian package nats-server…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'nats-server'], { stdio: 'inherit', env });
    const installed = locateNatsServer();
    if (installed) return installed;
  }
  throw new Error('nats-server is not installed. Install it (Debian: apt-get install nats-server), or set NATS_URL.');
}

/** The largest message the platform's NATS accepts (the chart sets the same). */
export const MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;

export interface EmbeddedNats {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A NATS server with JetStream on loopback, storing streams under `storeDir`. */
export async function startEmbeddedNats(options: { storeDir: string; port?: number; log?: (line: string) => void }): Promise<EmbeddedNats> {
  const binary = ensureNatsServerBinary(options.log);
  const port = options.port ?? (await findFreePort());
  await mkdir(options.storeDir, { recursive: true });
  // The command line cannot raise max_payload; analysis results of big sheets need more than 1 MB.
  const config = path.join(options.storeDir, 'nats-server.conf');
  await writeFile(config, `max_payload: ${MAX_PAYLOAD_BYTES}\n`);
  const child: ChildProcess = spawn(binary, ['-c', config, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', options.storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${stderr}`))),
  );
  await Promise.race([waitForPort(port, 20_000), exited]);
  exited.catch(() => undefined);
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
