import type { User } from '@pid/contracts';
import { jest } from '@jest/globals';
import { stubGlobal } from './globals';

type Handler = (request: { url: string; method: string; body: unknown; headers: Headers }) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs `fetch` with routes keyed "METHOD /path" (the query string is ignored). An unrouted call answers
 * 500, so a test sees it; `calls` lists "METHOD /path" in order.
 */
export type ApiRoutes = Record<string, Handler | Response | [number, unknown]>;

export function stubApi(routes: ApiRoutes) {
  const calls: string[] = [];
  const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const key = `${method} ${path}`;
    calls.push(key);
    const route = routes[key];
    if (!route) return jsonResponse(500, { msg: `unstubbed ${key}` });
    if (route instanceof Response) return route.clone();
    if (Array.isArray(route)) return jsonResponse(route[0], route[1]);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return route({ url, method, body, headers: new Headers(init?.headers) });
  });
  stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/**
 * A route that keeps every JSON body it is sent (`bodies`, in order) and answers `status` with
 * `reply(body)`, by default the body itself.
 */
export function recordBodies(reply: (body: unknown) => unknown = (body) => body, status = 200) {
  const bodies: unknown[] = [];
  const route: Handler = ({ body }) => {
    bodies.push(body);
    return jsonResponse(status, reply(body));
  };
  return { bodies, route };
}

/** An unsigned token of the right shape whose payload expires `secondsFromNow` after now. */
export function makeToken(secondsFromNow: number, now: number = Date.now()): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-1', exp: Math.floor(now / 1000) + secondsFromNow })}.signature`;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'user-1',
    username: 'jane',
    email: 'jane@example.com',
    isEmailVerified: true,
    hasActiveSubscription: false,
    ...overrides,
  };
}

/** Stores a valid token, as a signed-in browser would have. */
export function signIn(): string {
  const token = makeToken(3600);
  localStorage.setItem('token', token);
  return token;
}

/** A signed-in browser (see signIn) whose GET /api/auth/me answers `makeUser(user)`; `routes` stubs the rest. */
export function stubSignedIn(user: Partial<User> = {}, routes: ApiRoutes = {}) {
  signIn();
  return stubApi({ 'GET /api/auth/me': [200, makeUser(user)], ...routes });
}

export const inactiveStatus = { isActive: false, subscriptionId: null, status: null };
export const activeStatus = { isActive: true, subscriptionId: 'sub_1', status: 'active' };
