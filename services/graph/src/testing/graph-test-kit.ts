/**
 * Helpers for the graph service's integration tests: the service on the test file's own PostgreSQL
 * and NATS, and stand-ins that answer for auth, billing and drawing over NATS as those services do.
 */
import { randomUUID } from 'node:crypto';
import { SUBJECTS, type Connection, type DrawingElement, type DrawingLookupReply, type DrawingLookupRequest } from '@pid/contracts';
import { JwtService } from '@pid/platform';
import { answerRequests, standInForAuthAndBilling, startServiceHarness, type ServiceHarness } from '@pid/platform/test-kit';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { GraphEnv } from '../env';
import { graphServiceDefinition } from '../graph.service-definition';
import { GRAPH_RESULTS, publishAndSettle } from './analysis-events';

export interface TestUser {
  id: string;
  token: string;
}

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface GraphTestKit {
  service: ServiceHarness<GraphEnv>;
  /** A verified user with an active subscription. */
  subscriber(): TestUser;
  /** A verified user without a subscription: the access guard refuses them with 403. */
  nonSubscriber(): TestUser;
  /** A drawing of `owner`, as the drawing service's stand-in knows it. */
  drawing(owner: TestUser): string;
  /** Forgets a drawing in the stand-in, as when the drawing service deleted it. */
  forgetDrawing(drawingId: string): void;
  /** Every drawing look-up the stand-in answered, oldest first. */
  drawingLookups: DrawingLookupRequest[];
  /** Stops the drawing stand-in (look-ups then get no answer); `answerDrawingLookups` starts it again. */
  silenceDrawingService(): Promise<void>;
  /** Resolves once NATS has the stand-in's subscription, so that the next look-up finds it. */
  answerDrawingLookups(): Promise<void>;
  /** A request to the service as `user` (none: without a token). */
  call(user: TestUser | undefined, method: Method, path: string, body?: unknown): request.Test;
  /** A drawing's elements and connections as its owner lists them. */
  graph(user: TestUser, drawing: string): Promise<{ elements: DrawingElement[]; connections: Connection[] }>;
  /** Publishes an analysis result to JetStream and waits until the service settled it (see `publishAndSettle`). */
  publishResult(event: unknown, messageId?: string): Promise<void>;
  /** The service's own database connection, for looking behind the API. */
  db: DataSource;
  close(): Promise<void>;
}

export async function startGraphTestKit(): Promise<GraphTestKit> {
  const service = await startServiceHarness(graphServiceDefinition);
  const { nats, logger } = service.context;
  const jwt = new JwtService(service.context.env.JWT_SECRET);
  const subscribers = new Set<string>();
  const verified = new Set<string>();
  const owners = new Map<string, string>();
  const drawingLookups: DrawingLookupRequest[] = [];

  const stopAccounts = standInForAuthAndBilling(nats, logger, {
    isKnown: (userId) => verified.has(userId),
    isVerified: () => true,
    isSubscribed: (userId) => subscribers.has(userId),
  });
  let stopDrawing: (() => Promise<void>) | undefined;
  const answerDrawingLookups = async () => {
    stopDrawing = answerRequests<DrawingLookupRequest, DrawingLookupReply>(nats, {
      subject: SUBJECTS.drawingLookup,
      queue: 'drawing',
      logger,
      handler: async ({ drawingId = '', userId = '' }) => {
        drawingLookups.push({ drawingId, userId });
        const owner = owners.get(drawingId);
        return { drawing: owner === userId ? { _id: drawingId, userId: owner, status: 'completed' } : null };
      },
    });
    // The service asks through its own NATS client connection: the server must have this subscription first.
    await nats.flush();
  };
  await answerDrawingLookups();

  const user = (subscribed: boolean): TestUser => {
    const id = randomUUID();
    verified.add(id);
    if (subscribed) subscribers.add(id);
    return { id, token: jwt.sign(id) };
  };

  const call: GraphTestKit['call'] = (caller, method, path, body) => {
    const test = request(service.http)[method](path);
    if (caller) test.set('Authorization', `Bearer ${caller.token}`);
    return body === undefined ? test : test.send(body as object);
  };

  return {
    service,
    subscriber: () => user(true),
    nonSubscriber: () => user(false),
    drawing: (owner) => {
      const id = randomUUID();
      owners.set(id, owner.id);
      return id;
    },
    forgetDrawing: (drawingId) => void owners.delete(drawingId),
    drawingLookups,
    silenceDrawingService: async () => {
      await stopDrawing?.();
      stopDrawing = undefined;
    },
    answerDrawingLookups,
    call,
    graph: async (caller, drawing) => {
      const elements = (await call(caller, 'get', `/api/drawings/${drawing}/elements`).expect(200)).body as DrawingElement[];
      const connections = (await call(caller, 'get', `/api/drawings/${drawing}/connections`).expect(200)).body as Connection[];
      return { elements, connections };
    },
    publishResult: (event, messageId) => publishAndSettle(nats, GRAPH_RESULTS, event, messageId),
    db: service.context.dataSource,
    close: async () => {
      await stopDrawing?.();
      await stopAccounts();
      await service.close();
    },
  };
}

/** A box for tests: `x`, `y` is the left/top corner. */
export function box(x: number, y: number, width = 40, height = 40) {
  return { x, y, width, height };
}
