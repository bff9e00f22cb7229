/** Helpers for the drawing service's integration tests: the service with stand-ins for auth and billing, users, uploads. */
import { randomUUID } from 'node:crypto';
import { JwtService } from '@pid/platform';
import { standInForAuthAndBilling, startServiceHarness, type ServiceHarness, type TestServices } from '@pid/platform/test-kit';
import request from 'supertest';
import { drawingServiceDefinition } from '../drawing.service-definition';
import type { DrawingEnv } from '../env';

export interface DrawingTestService extends ServiceHarness<DrawingEnv> {
  /** A fresh user who is verified and subscribed, as auth and billing's stand-ins say. */
  newUser(): TestUser;
  /** Users the stand-ins report as unverified, or without a subscription. */
  unverified: Set<string>;
  lapsed: Set<string>;
}

export interface TestUser {
  id: string;
  token: string;
  /** `Authorization: Bearer …` */
  auth: { Authorization: string };
}

/**
 * The drawing service on the test file's own PostgreSQL, NATS and storage, with auth and billing stood
 * in for over NATS (as `SubscriberOnly` asks them), the way the real services answer.
 */
export async function startDrawingService(
  env: Record<string, string> | ((services: TestServices) => Record<string, string>) = {},
): Promise<DrawingTestService> {
  const service = await startServiceHarness(drawingServiceDefinition, env);
  const unverified = new Set<string>();
  const lapsed = new Set<string>();
  const { nats, logger } = service.context;
  const stopAccounts = standInForAuthAndBilling(nats, logger, {
    isKnown: (userId) => userId !== '',
    isVerified: (userId) => !unverified.has(userId),
    isSubscribed: (userId) => userId !== '' && !lapsed.has(userId),
  });
  // The service asks through its own NATS client connection: the server must have the stand-ins first.
  await nats.flush();
  const jwt = new JwtService(service.context.env.JWT_SECRET);
  return {
    ...service,
    unverified,
    lapsed,
    newUser: () => {
      const id = randomUUID();
      const token = jwt.sign(id);
      return { id, token, auth: { Authorization: `Bearer ${token}` } };
    },
    close: async () => {
      await stopAccounts();
      await service.close();
    },
  };
}

/** `POST /api/drawings` with a file (as the `drawing` field) and a name (none at all when null). */
export function uploadRequest(
  service: ServiceHarness<DrawingEnv>,
  user: TestUser,
  file: Buffer,
  filename: string,
  name: string | null = 'Test drawing',
) {
  const call = request(service.http)
    .post('/api/drawings')
    .set(user.auth)
    .attach('drawing', file, { filename, contentType: 'application/octet-stream' });
  return name === null ? call : call.field('name', name);
}

/** Uploads and answers the created drawing's id; fails the test unless the upload is accepted. */
export async function uploadDrawing(
  service: ServiceHarness<DrawingEnv>,
  user: TestUser,
  file: Buffer,
  filename: string,
  name = 'Test drawing',
) {
  const response = await uploadRequest(service, user, file, filename, name);
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as import('@pid/contracts').Drawing;
}

/** Reads a binary response body as a Buffer (supertest parses only text and JSON by itself); JSON errors stay JSON. */
export const binaryParser = ((
  response: NodeJS.ReadableStream & { headers: Record<string, unknown> },
  callback: (error: Error | null, body: unknown) => void,
) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => {
    const body = Buffer.concat(chunks);
    const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
    callback(null, json ? JSON.parse(body.toString('utf8')) : body);
  });
  response.on('error', (error: Error) => callback(error, Buffer.alloc(0)));
}) as unknown as Parameters<request.Test['parse']>[0];

/** `GET /api/drawings/:id/file` as `user` (`query` such as `?page=2`), the body read as bytes. */
export function getDrawingFile(service: ServiceHarness<DrawingEnv>, user: TestUser, drawingId: string, query = '') {
  return request(service.http).get(`/api/drawings/${drawingId}/file${query}`).set(user.auth).buffer(true).parse(binaryParser);
}
