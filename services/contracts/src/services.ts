/** The backend services and the API path prefixes each one owns (spec §7). */
export const SERVICE_NAMES = ['auth', 'billing', 'drawing', 'graph', 'analysis'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Routes are matched in order; the first match wins. */
export const API_ROUTES: ReadonlyArray<{ pattern: RegExp; service: Exclude<ServiceName, 'analysis'> }> = [
  { pattern: /^\/api\/drawings\/[^/]+\/(elements|connections)(\/|$|\?)/, service: 'graph' },
  { pattern: /^\/api\/(auth|users)(\/|$|\?)/, service: 'auth' },
  { pattern: /^\/api\/payments(\/|$|\?)/, service: 'billing' },
  { pattern: /^\/api\/drawings(\/|$|\?)/, service: 'drawing' },
  { pattern: /^\/api\/(elements|connections)(\/|$|\?)/, service: 'graph' },
];

export function serviceForPath(path: string): Exclude<ServiceName, 'analysis'> | undefined {
  return API_ROUTES.find((route) => route.pattern.test(path))?.service;
}
