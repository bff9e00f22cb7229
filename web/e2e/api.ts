import type { PathSegment } from '@pid/contracts';
import { DEFAULT_RELATIONSHIP_TYPE } from '@pid/contracts';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

export interface ApiResponse<T> {
  status: number;
  body: T;
  text: string;
}

/** Calls the stack's API with a bearer token; a JSON body is sent as JSON, FormData as multipart. */
export async function apiWithToken<T>(
  token: string | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiResponse<T>> {
  const multipart = init.body instanceof FormData;
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, ...(multipart ? {} : { 'Content-Type': 'application/json' }) },
    body: init.body === undefined ? undefined : multipart ? (init.body as FormData) : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body: body as T, text };
}

/** The body of POST /api/connections: an unnamed connection of the default type from `source` to `target` along `path`. */
export function connectionBody(drawing: string, source: string, target: string, path: PathSegment[], confirmed = false) {
  return {
    drawing,
    name: '',
    description: '',
    relationshipType: DEFAULT_RELATIONSHIP_TYPE,
    source,
    target,
    confirmed,
    metadata: { path_data: { path } },
  };
}

/** Calls the API with the page's stored login token. */
export async function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResponse<T>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return apiWithToken<T>(token, path, init);
}
