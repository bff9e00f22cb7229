import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_UPLOAD_BYTES, UPLOAD_MULTIPART_ALLOWANCE_BYTES } from '@pid/contracts';

/** The largest body any route takes: a drawing upload with its multipart framing. */
export const MAX_REQUEST_BODY_BYTES = MAX_UPLOAD_BYTES + UPLOAD_MULTIPART_ALLOWANCE_BYTES;

/**
 * Answers 413 `{ msg }` to a request that declares a body larger than any route takes, before it is
 * proxied. A service that refuses such a body closes the connection without reading it, and the proxy,
 * still sending, would report that as 502 instead of the service's 413.
 */
export function rejectOversizedBodies(request: IncomingMessage, response: ServerResponse, next: () => void): void {
  const declared = Number(request.headers['content-length']);
  if (!(declared > MAX_REQUEST_BODY_BYTES)) return next();
  const isUpload = request.method === 'POST' && /^\/api\/drawings\/?(\?|$)/.test(request.url ?? '');
  // Same wording as the drawing service for uploads (spec §5), and as every service's JSON parser otherwise.
  const msg = isUpload ? 'File size should not exceed 10MB' : 'Request body is too large';
  response.writeHead(413, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ msg }));
}
