import { serviceForPath } from '@pid/contracts';
import type { NextFunction, Request, Response } from 'express';

/** The latency label of a proxied request: the owning service, never the URL (ids would make a series each). */
export function proxiedServiceLabel(url: string): string | undefined {
  const service = serviceForPath(url);
  return service ? `proxy:${service}` : undefined;
}

/**
 * /metrics for Prometheus, which scrapes the pod directly; a request that came through the Ingress
 * (it carries x-forwarded-for) gets 404, so the public host does not publish the gateway's metrics.
 */
export function onlyUnproxied(handler: (request: Request, response: Response) => Promise<void>) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.headers['x-forwarded-for'] !== undefined) return next();
    void handler(request, response).catch(next);
  };
}
