import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open on our servers. Longer than any client or proxy in front
 * keeps one idle (Node's fetch 4 s, its http agent 5 s, nginx and cloud load balancers 60 s), so the client
 * always closes first: a server that closed first, or that was busy for a few seconds, would reset the socket
 * under the client's next request, which fails it (a 502 behind a proxy).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Applies `KEEP_ALIVE_TIMEOUT_MS`; the headers timeout must exceed it, or Node cuts the next request's headers short. */
export function outlastClientKeepAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
