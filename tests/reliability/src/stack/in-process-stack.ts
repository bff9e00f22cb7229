import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { analysisServiceDefinition } from '@pid/analysis/dist/analysis.service-definition';
import { authServiceDefinition } from '@pid/auth/dist/auth.service-definition';
import { billingServiceDefinition } from '@pid/billing/dist/billing.service-definition';
import { drawingServiceDefinition } from '@pid/drawing/dist/drawing.service-definition';
import { createGatewayApp, type GatewayApp } from '@pid/gateway/dist/gateway-app';
import { graphServiceDefinition } from '@pid/graph/dist/graph.service-definition';
import { createServiceApp, type BaseEnv, type RunningService } from '@pid/platform';
import { findFreePort } from '@pid/platform/embedded';
import { startTestServices, type TestServices } from '@pid/platform/test-kit';

export type ServiceName = 'auth' | 'billing' | 'drawing' | 'graph' | 'analysis';

type Starter = (env: NodeJS.ProcessEnv) => Promise<RunningService<BaseEnv>>;

/** Each service as its `main` builds it, in start order. */
export const SERVICE_STARTERS: Record<ServiceName, Starter> = {
  auth: (env) => createServiceApp(authServiceDefinition, env),
  billing: (env) => createServiceApp(billingServiceDefinition, env),
  drawing: (env) => createServiceApp(drawingServiceDefinition, env),
  graph: (env) => createServiceApp(graphServiceDefinition, env),
  analysis: (env) => createServiceApp(analysisServiceDefinition, env),
};

export interface StackOptions {
  /** Replaces the test kit's database / NATS (fault tests bring servers they can restart). */
  databaseUrl?: string;
  natsUrl?: string;
  /** Added to every service's environment (storage driver, analysis settings…). */
  serviceEnv?: Record<string, string>;
  /** Added to the gateway's environment (NODE_ENV, CORS_ORIGINS…). */
  gatewayEnv?: Record<string, string>;
  /** Start the analysis worker (taking jobs); off, processing requests are queued and stay queued. */
  analysisWorker?: boolean;
}

export interface Stack {
  /** The gateway, e.g. `http://127.0.0.1:41234`: every request of the suite goes through it. */
  url: string;
  gateway: GatewayApp;
  services: Record<ServiceName, RunningService<BaseEnv>>;
  testServices: TestServices;
  /** Where auth files its mails (no SMTP). */
  mailboxDir: string;
  /** The environment the services got. */
  serviceEnv: NodeJS.ProcessEnv;
  /** Stops one service, as when its process dies; `startService` brings it back on the same port. */
  stopService(name: ServiceName): Promise<void>;
  startService(name: ServiceName): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole product in this process: auth, billing, drawing, graph and analysis on real PostgreSQL,
 * NATS and storage, each listening on loopback, and the gateway in front of them, as the local stack
 * wires them (the gateway only knows their URLs).
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const testServices = await startTestServices();
  const services = {} as Record<ServiceName, RunningService<BaseEnv>>;
  let gateway: GatewayApp | undefined;
  // Closes what `services` holds then, so that a test may replace a service (a restarted worker).
  const close = async () => {
    await gateway?.close().catch(() => undefined);
    for (const name of (Object.keys(SERVICE_STARTERS) as ServiceName[]).reverse()) await services[name]?.close().catch(() => undefined);
    await testServices.stop();
  };
  try {
    const gatewayPort = await findFreePort();
    const url = `http://127.0.0.1:${gatewayPort}`;
    const mailboxDir = path.join(testServices.tempDir, 'mail');
    const serviceEnv = testServices.serviceEnv({
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      MAILBOX_DIR: mailboxDir,
      // Every account of the suite registers and logs in from 127.0.0.1; auth's own tests cover the limits.
      RATE_LIMIT_MAX_PER_IP: '100000',
      RATE_LIMIT_MAX_PER_EMAIL: '100000',
      ANALYSIS_OCR: 'false',
      ANALYSIS_CONCURRENCY: '1',
      ANALYSIS_WORKER_ENABLED: options.analysisWorker ? 'true' : 'false',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.natsUrl ? { NATS_URL: options.natsUrl } : {}),
      ...options.serviceEnv,
    });
    const targets: Record<string, string> = {};
    const ports = {} as Record<ServiceName, number>;
    const startService = async (name: ServiceName) => {
      services[name] = await SERVICE_STARTERS[name](serviceEnv);
      await services[name].app.listen(ports[name] ?? 0, '127.0.0.1');
      ports[name] = Number(new URL(await services[name].app.getUrl()).port);
      targets[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${ports[name]}`;
    };
    // One after the other: each applies its own migrations to the shared database.
    for (const name of Object.keys(SERVICE_STARTERS) as ServiceName[]) await startService(name);
    const staticDir = path.join(testServices.tempDir, 'static');
    await mkdir(staticDir, { recursive: true });
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>P&amp;ID</title><div id="root"></div>');
    gateway = await createGatewayApp({
      LOG_LEVEL: 'silent',
      NATS_URL: serviceEnv.NATS_URL,
      JWT_SECRET: serviceEnv.JWT_SECRET,
      STATIC_DIR: staticDir,
      ...targets,
      ...options.gatewayEnv,
    });
    await gateway.app.listen(gatewayPort, '127.0.0.1');
    const stopService = (name: ServiceName) => services[name].close();
    return { url, gateway, services, testServices, mailboxDir, serviceEnv, stopService, startService, close };
  } catch (error) {
    await close();
    throw error;
  }
}
