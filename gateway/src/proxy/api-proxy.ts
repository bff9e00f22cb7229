import type { IncomingMessage, ServerResponse } from 'node:http';
import { serviceForPath } from '@pid/contracts';
import type { Logger } from '@pid/platform';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import type { ServiceTargets } from '../env';
import { REQUEST_HEADER_ALLOWLIST, RESPONSE_HEADER_ALLOWLIST } from './header-allowlist';

/**
 * Forwards /api/* to the service that owns the path (spec §7), unchanged, with headers filtered
 * both ways. The gateway parses no bodies, so they stream through as sent.
 */
export function createApiProxy(targets: ServiceTargets, logger: Logger): RequestHandler<IncomingMessage, ServerResponse> {
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: targets.auth,
    router: (request) => targets[serviceForPath(request.url ?? '')!],
    pathFilter: (path) => serviceForPath(path) !== undefined,
    changeOrigin: true,
    xfwd: true,
    proxyTimeout: 120_000,
    on: {
      proxyReq: (proxyRequest) => {
        for (const name of proxyRequest.getHeaderNames()) {
          if (!REQUEST_HEADER_ALLOWLIST.has(name)) proxyRequest.removeHeader(name);
        }
      },
      proxyRes: (proxyResponse) => {
        for (const name of Object.keys(proxyResponse.headers)) {
          if (!RESPONSE_HEADER_ALLOWLIST.has(name)) delete proxyResponse.headers[name];
        }
      },
      error: (error, request, response) => {
        logger.warn({ err: error, url: request.url }, 'service did not answer');
        if (!('writeHead' in response) || response.headersSent) return void response.end();
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ msg: 'Service unavailable. Please try again.' }));
      },
    },
  });
}
