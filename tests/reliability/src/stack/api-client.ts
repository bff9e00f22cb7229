export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
}

export interface CallOptions {
  token?: string;
  /** A JSON value (sent as JSON), a string (sent as is, with `contentType`), or FormData (multipart). */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

/** One HTTP call to the stack, as the web app makes it: bearer token, JSON or multipart body. */
export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (typeof options.body === 'string') {
    body = options.body;
    headers['Content-Type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** A multipart upload body as the web app sends it: the file under `drawing`, and `name`. */
export function uploadForm(file: Buffer, filename: string, name = 'Test drawing'): FormData {
  const form = new FormData();
  form.append('name', name);
  form.append('drawing', new Blob([new Uint8Array(file)]), filename);
  return form;
}
