import type { NextFunction, Request, Response } from 'express';
import type { NatsConnection } from 'nats';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Where every service and the gateway answer Prometheus (text format 0.0.4). */
export const METRICS_PATH = '/metrics';

/** A process's registry: Node's default metrics, every series labelled with the service's name. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** The matched route pattern (`/api/drawings/:id`), never the raw URL: ids would make a series each. */
function matchedRoute(request: Request): string {
  const route = (request as Request & { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? `${request.baseUrl}${route.path}` : 'unmatched';
}

/**
 * Express middleware timing every request into `http_request_duration_seconds{method,route,status_code}`.
 * `routeOf` names requests no route matches in this process (the gateway's proxied ones).
 */
export function httpMetrics(
  registry: Registry,
  routeOf: (request: Request) => string | undefined = () => undefined,
): (request: Request, response: Response, next: NextFunction) => void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency, from the request to the last byte of the answer',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return (request, response, next) => {
    const end = duration.startTimer();
    response.once('finish', () => {
      if (request.path === METRICS_PATH) return;
      const route = routeOf(request) ?? matchedRoute(request);
      end({ method: request.method, route, status_code: String(response.statusCode) });
    });
    next();
  };
}

/** Answers GET /metrics from the registry. */
export function metricsHandler(registry: Registry): (request: Request, response: Response) => Promise<void> {
  return async (_request, response) => {
    response.setHeader('content-type', registry.contentType);
    response.end(await registry.metrics());
  };
}

/**
 * `pid_queue_depth{stream,consumer}`: jobs of a JetStream work queue not yet finished (waiting plus
 * delivered and unacknowledged), read from the consumer at each scrape.
 */
export function trackQueueDepth(registry: Registry, nats: NatsConnection, queue: { stream: string; durable: string }): void {
  new Gauge({
    name: 'pid_queue_depth',
    help: 'Jobs waiting or in progress in a JetStream work queue (consumer num_pending + num_ack_pending)',
    labelNames: ['stream', 'consumer'],
    registers: [registry],
    async collect() {
      // A scrape while NATS is away reports no sample rather than failing the whole page.
      const info = await nats
        .jetstreamManager()
        .then((jsm) => jsm.consumers.info(queue.stream, queue.durable))
        .catch(() => undefined);
      this.reset();
      if (info) this.set({ stream: queue.stream, consumer: queue.durable }, info.num_pending + info.num_ack_pending);
    },
  });
}
