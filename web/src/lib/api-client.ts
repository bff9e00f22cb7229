import type { ErrorBody } from '@pid/contracts';

/** localStorage key of the login token (spec §3). */
export const TOKEN_STORAGE_KEY = 'token';

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Calls `listener` after any request answered 401 (the stored token is already gone then). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => void unauthorizedListeners.delete(listener);
}

/** A non-2xx answer; `body` is the server's `{ msg }` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.msg ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** Like RequestInit, but a plain `body` is sent as JSON; FormData (file uploads) goes out untouched. */
export type ApiRequestInit = Omit<RequestInit, 'body'> & { body?: unknown };

/**
 * Calls the backend with the stored token in both headers the API accepts, and returns the parsed
 * JSON answer (undefined when the answer has no JSON body).
 */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = authHeaders(initHeaders);
  headers.set('Accept', 'application/json');

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  const response = await fetch(path, { ...rest, headers, body: requestBody });
  const payload = await readJson(response);

  if (!response.ok) {
    failWith(response, payload);
  }
  return payload as T;
}

/** The stored token in both headers the API accepts. */
export function authHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
    headers.set('x-auth-token', token);
  }
  return headers;
}

/** GETs a binary answer (an image or an export) with the bearer header; fails like apiRequest. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await fetch(path, { headers: authHeaders() });
  if (!response.ok) failWith(response, await readJson(response));
  return response.blob();
}

/** Reports a failed answer to the 401 listeners, then throws it as an ApiError. */
export function failWith(response: Response, payload: unknown): never {
  // A 401 means the stored token is expired or revoked; drop it so the app treats the user as signed out.
  if (response.status === 401) {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    unauthorizedListeners.forEach((listener) => listener());
  }
  throw new ApiError(response.status, isErrorBody(payload) ? payload : undefined);
}

async function readJson(response: Response): Promise<unknown> {
  const isJson = response.headers.get('Content-Type')?.includes('application/json') ?? false;
  // A broken body must not hide the status: it reads as no body.
  return isJson ? response.json().catch(() => undefined) : undefined;
}

/** The server's `msg` of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.body?.msg : undefined;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).msg === 'string';
}
