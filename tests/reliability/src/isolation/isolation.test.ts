/**
 * Isolation matrix: a second customer (and anyone with a bad token, an unverified address or no
 * subscription) tries the first customer's ids on every route of spec §7, through the gateway of the
 * whole stack. Every case must be refused and answer nothing of the victim's.
 */
import { SUBJECTS, type DrawingProgressEvent } from '@pid/contracts';
import { encodeJson } from '@pid/platform';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount, type Account } from '../stack/accounts';
import { call, uploadForm, type ApiResponse } from '../stack/api-client';
import { hostileTokens } from '../stack/forged-tokens';
import { connectionBody, elementBody } from '../stack/graph-bodies';
import { startStack, type Stack } from '../stack/in-process-stack';
import { samplePng, HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit/samples';

let stack: Stack;
let alice: Account;
let bob: Account;
/** Alice's things: the ids Bob tries, and the texts that must never reach him. */
const victim = { drawing: '', elements: [] as string[], connection: '' };
const SECRET_TEXTS = ['Alice secret sheet', 'ALICE-PUMP-101', 'ALICE-VALVE-7', 'alice line'];

beforeAll(async () => {
  stack = await startStack();
  [alice, bob] = await Promise.all([createAccount(stack.url, stack.mailboxDir), createAccount(stack.url, stack.mailboxDir)]);
  const uploaded = await call(stack.url, 'POST', '/api/drawings', {
    token: alice.token,
    body: uploadForm(await samplePng(), 'a.png', SECRET_TEXTS[0]),
  });
  expect(uploaded.status).toBe(201);
  victim.drawing = (uploaded.body as { _id: string })._id;
  for (const [name, x] of [
    [SECRET_TEXTS[1], 10],
    [SECRET_TEXTS[2], 200],
  ] as const) {
    const created = await call(stack.url, 'POST', '/api/elements', {
      token: alice.token,
      body: elementBody(victim.drawing, name, x, { description: 'confidential' }),
    });
    expect(created.status).toBe(201);
    victim.elements.push((created.body as { _id: string })._id);
  }
  const connection = await call(stack.url, 'POST', '/api/connections', {
    token: alice.token,
    body: connectionBody(victim.drawing, victim.elements[0]!, victim.elements[1]!, SECRET_TEXTS[3]),
  });
  expect(connection.status).toBe(201);
  victim.connection = (connection.body as { _id: string })._id;
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await stack?.close();
}, HOOK_TIMEOUT_MS);

/** Refused, with a `{ msg }` body and nothing of Alice's in it. */
function expectDenied(response: ApiResponse, status: number | number[]) {
  expectWith([status].flat(), response.text).toContain(response.status);
  expect(Object.keys(response.body as object)).toEqual(['msg']);
  for (const secret of [...SECRET_TEXTS, alice.email, victim.drawing, ...victim.elements]) expect(response.text).not.toContain(secret);
}

/** Every route of spec §7 that takes an id, aimed at Alice's things. */
function routesOnVictim(): Array<[string, string, unknown?]> {
  const [first, second] = victim.elements;
  const element = elementBody(victim.drawing, 'bob was here', 1, { confirmed: true });
  const connection = connectionBody(victim.drawing, first!, second!, 'bob', true);
  return [
    ['GET', `/api/drawings/${victim.drawing}`],
    ['PUT', `/api/drawings/${victim.drawing}`, { name: 'renamed by bob' }],
    ['POST', `/api/drawings/${victim.drawing}/process`],
    ['GET', `/api/drawings/${victim.drawing}/status`],
    ['GET', `/api/drawings/${victim.drawing}/file`],
    ['GET', `/api/drawings/${victim.drawing}/export`],
    ['GET', `/api/drawings/${victim.drawing}/export?format=json`],
    ['GET', `/api/drawings/${victim.drawing}/export?format=xlsx`],
    ['GET', `/api/drawings/${victim.drawing}/elements`],
    ['GET', `/api/drawings/${victim.drawing}/connections`],
    ['POST', '/api/elements', element],
    ['PUT', `/api/elements/${first}`, element],
    ['PUT', `/api/elements/${first}`, { boundingBox: { x: 99, y: 99, width: 36, height: 36 } }],
    ['POST', '/api/connections', connection],
    ['PUT', `/api/connections/${victim.connection}`, { name: 'bob', confirmed: true }],
    ['DELETE', `/api/connections/${victim.connection}`],
    ['DELETE', `/api/elements/${second}`],
    ['DELETE', `/api/drawings/${victim.drawing}`],
  ];
}

describe('another customer’s ids', () => {
  it('answer 404 { msg } on every route of spec §7, for every method', async () => {
    for (const [method, path, body] of routesOnVictim()) {
      const response = await call(stack.url, method, path, { token: bob.token, body });
      expectDenied(response, 404);
    }
  });

  it('cannot be linked from the attacker’s own drawing: a connection or a move into it is refused', async () => {
    const own = await call(stack.url, 'POST', '/api/drawings', {
      token: bob.token,
      body: uploadForm(await samplePng(), 'b.png', 'Bob sheet'),
    });
    const bobDrawing = (own.body as { _id: string })._id;
    const bobElement = await call(stack.url, 'POST', '/api/elements', {
      token: bob.token,
      body: elementBody(bobDrawing, 'B-1'),
    });
    const bobElementId = (bobElement.body as { _id: string })._id;
    const crossLink = await call(stack.url, 'POST', '/api/connections', {
      token: bob.token,
      body: connectionBody(bobDrawing, bobElementId, victim.elements[0]!),
    });
    expectDenied(crossLink, [400, 404]);
    const moved = await call(stack.url, 'PUT', `/api/elements/${bobElementId}`, {
      token: bob.token,
      body: { drawing: victim.drawing, name: 'moved' },
    });
    if (moved.status === 200) expect((moved.body as { drawing: string }).drawing).toBe(bobDrawing);
    else expectDenied(moved, [400, 404]);
  });

  it('never show up in the attacker’s lists, and checkout sessions stay their owner’s', async () => {
    const list = await call(stack.url, 'GET', '/api/drawings', { token: bob.token });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(victim.drawing);
    const session = await call(stack.url, 'GET', `/api/payments/verify-session/${encodeURIComponent(alice.checkoutSessionId!)}`, {
      token: bob.token,
    });
    expectDenied(session, 404);
    const me = await call(stack.url, 'GET', '/api/auth/me', { token: bob.token });
    expect(me.text).not.toContain(alice.email);
  });

  it('a profile update naming the victim changes only the caller, and cannot take the victim’s address', async () => {
    const renamed = await call(stack.url, 'PUT', '/api/users/profile', {
      token: bob.token,
      body: { _id: alice.userId, username: 'bob-renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ _id: bob.userId, username: 'bob-renamed' });
    expectDenied(await call(stack.url, 'PUT', '/api/users/profile', { token: bob.token, body: { email: alice.email } }), [400, 409]);
    const aliceNow = await call(stack.url, 'GET', '/api/auth/me', { token: alice.token });
    expect(aliceNow.body).toMatchObject({ _id: alice.userId, email: alice.email });
    expect(aliceNow.text).not.toContain('bob-renamed');
  });

  it('leave the owner’s drawing, elements and connection exactly as they were', async () => {
    const drawing = await call(stack.url, 'GET', `/api/drawings/${victim.drawing}`, { token: alice.token });
    expect(drawing.body).toMatchObject({ _id: victim.drawing, name: SECRET_TEXTS[0] });
    const elements = await call(stack.url, 'GET', `/api/drawings/${victim.drawing}/elements`, { token: alice.token });
    expect(
      (elements.body as Array<{ name: string; boundingBox: { x: number } }>).map(({ name, boundingBox }) => [name, boundingBox.x]),
    ).toEqual([
      [SECRET_TEXTS[1], 10],
      [SECRET_TEXTS[2], 200],
    ]);
    const connections = await call(stack.url, 'GET', `/api/drawings/${victim.drawing}/connections`, { token: alice.token });
    expect(connections.body).toMatchObject([{ _id: victim.connection, name: SECRET_TEXTS[3], confirmed: false }]);
    const status = await call(stack.url, 'GET', `/api/drawings/${victim.drawing}/status`, { token: alice.token });
    expect(status.body).toMatchObject({ drawingStatus: 'uploaded' });
  });
});

describe('tokens', () => {
  const protectedRoutes = () => [
    ['GET', '/api/auth'],
    ['GET', '/api/auth/me'],
    ['PUT', '/api/users/profile'],
    ['GET', '/api/payments/subscription-status'],
    ['GET', '/api/drawings'],
    ['GET', `/api/drawings/${victim.drawing}`],
    ['GET', `/api/drawings/${victim.drawing}/file`],
    ['GET', `/api/drawings/${victim.drawing}/elements`],
    ['PUT', `/api/elements/${victim.elements[0]}`],
    ['DELETE', `/api/connections/${victim.connection}`],
  ];

  it('tampered, expired, foreign-key, alg:none and malformed tokens answer 401 { msg } everywhere', async () => {
    for (const [label, token] of hostileTokens(alice.userId, bob.token, stack.serviceEnv.JWT_SECRET!)) {
      for (const [method, path] of protectedRoutes()) {
        const response = await call(stack.url, method!, path!, { token, body: method === 'PUT' ? { name: 'x' } : undefined });
        expectWith(response.status, `${label}: ${method} ${path}`).toBe(401);
        expectDenied(response, 401);
      }
      const viaCustomHeader = await call(stack.url, 'GET', '/api/drawings', { headers: { 'x-auth-token': token } });
      expectWith(viaCustomHeader.status, `${label} in x-auth-token`).toBe(401);
    }
  });

  it('no token at all answers 401 on every protected route', async () => {
    for (const [method, path] of protectedRoutes()) expectDenied(await call(stack.url, method!, path!), 401);
  });
});

describe('accounts without access', () => {
  it('an unverified user and a verified one without a subscription are refused the drawing and graph routes', async () => {
    const unverified = await createAccount(stack.url, stack.mailboxDir, 'unverified');
    const unsubscribed = await createAccount(stack.url, stack.mailboxDir, 'verified');
    for (const account of [unverified, unsubscribed]) {
      for (const [method, path, body] of [
        ['GET', '/api/drawings'],
        ['POST', '/api/drawings', uploadForm(await samplePng(), 'x.png')],
        ...routesOnVictim(),
      ] as Array<[string, string, unknown?]>) {
        expectDenied(await call(stack.url, method, path, { token: account.token, body }), 403);
      }
    }
  });
});

describe('realtime rooms', () => {
  function connectAs(token: string): Promise<Socket> {
    const socket = connectSocket(stack.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('user B never receives A’s drawingProgress, even announcing A’s id', async () => {
    const aliceSocket = await connectAs(alice.token);
    const bobSocket = await connectAs(bob.token);
    const received = { alice: [] as unknown[], bob: [] as unknown[] };
    aliceSocket.on('drawingProgress', (event) => received.alice.push(event));
    bobSocket.on('drawingProgress', (event) => received.bob.push(event));
    aliceSocket.emit('subscribeToDrawings', alice.userId);
    bobSocket.emit('subscribeToDrawings', alice.userId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The event as the analysis worker and the drawing service publish it.
    const event: DrawingProgressEvent = {
      drawingId: victim.drawing,
      userId: alice.userId,
      status: 'processing',
      message: 'Detecting symbols',
      progress: 40,
    };
    stack.services.drawing.context.nats.publish(SUBJECTS.drawingProgress, encodeJson(event));
    await new Promise((resolve) => setTimeout(resolve, 500));
    aliceSocket.close();
    bobSocket.close();
    expect(received.alice).toEqual([{ drawingId: victim.drawing, status: 'processing', message: 'Detecting symbols', progress: 40 }]);
    expect(received.bob).toEqual([]);
  });

  it('refuses a socket handshake with any of the hostile tokens', async () => {
    for (const [label, token] of hostileTokens(alice.userId, bob.token, stack.serviceEnv.JWT_SECRET!)) {
      await expectWith(connectAs(token), label).rejects.toThrow('unauthorized');
    }
  });
});
