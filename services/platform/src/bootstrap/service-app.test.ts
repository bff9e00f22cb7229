import { Body, Controller, Get, Post, Req, UseGuards, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import request from 'supertest';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '../auth/jwt';
import { CurrentUser, JwtAuthGuard, type AuthenticatedUser } from '../auth/jwt.guard';
import {
  startServiceForTest,
  startTestServices,
  tablesInSchema,
  testServiceDefinition,
  type ServiceHarness,
  type TestServiceEnv,
  type TestServices,
  HOOK_TIMEOUT_MS,
} from '../test-kit';
import { ensureConsumer, ensureStream, publishJson } from '../nats/jetstream';
import { KEEP_ALIVE_TIMEOUT_MS } from '../http/keep-alive';

class CreateWidgets1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner) {
    await queryRunner.query('CREATE TABLE widgets (id serial PRIMARY KEY, name text NOT NULL)');
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE widgets');
  }
}

@Controller('widgets')
class WidgetsController {
  @Get('mine')
  @UseGuards(JwtAuthGuard)
  mine(@CurrentUser() user: AuthenticatedUser) {
    return { owner: user.id };
  }

  @Post()
  create(@Body() body: { name?: unknown }) {
    return { received: body.name };
  }

  @Post('raw')
  raw(@Req() request: RawBodyRequest<Request>) {
    return { raw: request.rawBody?.toString('utf8') ?? null, parsed: request.body };
  }
}

const definition = testServiceDefinition({
  name: 'widgets',
  description: 'A service for testing the bootstrap.',
  migrations: [CreateWidgets1700000000000],
  controllers: [WidgetsController],
  queueDepth: { stream: 'WIDGET_JOBS', durable: 'widget-workers' },
});

let services: TestServices;
let service: ServiceHarness<TestServiceEnv>;

beforeAll(async () => {
  services = await startTestServices();
  service = await startServiceForTest(definition, services);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await services?.stop();
}, HOOK_TIMEOUT_MS);

/** `POST /api/widgets` with a body of this content type, sent as it is. */
const postWidgets = (contentType: string, body: string) =>
  request(service.http).post('/api/widgets').set('Content-Type', contentType).send(body);

describe('a service built by createServiceApp', () => {
  it('runs its migrations in its own schema, once', async () => {
    expect(await tablesInSchema(service, 'widgets')).toEqual(['migrations', 'widgets']);
    const again = await startServiceForTest(definition, services);
    const rows = await again.context.dataSource.query('SELECT name FROM widgets.migrations');
    await again.close();
    expect(rows).toEqual([{ name: 'CreateWidgets1700000000000' }]);
  });

  it('serves Prometheus metrics: route latency histograms and the work queue depth', async () => {
    const jsm = await service.context.nats.jetstreamManager();
    await ensureStream(service.context.nats, { name: 'WIDGET_JOBS', subjects: ['widgets.jobs.>'], retention: 'workqueue' });
    await ensureConsumer(service.context.nats, 'WIDGET_JOBS', { durable: 'widget-workers' });
    for (const id of ['1', '2']) await publishJson(service.context.nats, 'widgets.jobs.run', { id }, `job-${id}`);
    expect((await jsm.consumers.info('WIDGET_JOBS', 'widget-workers')).num_pending).toBe(2);

    await request(service.http).post('/api/widgets').send({ name: 'a' }).expect(201);
    const response = await request(service.http).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.5",service="widgets",method="POST",route="\/api\/widgets",status_code="201"\} 1$/m,
    );
    expect(response.text).toMatch(/^pid_queue_depth\{stream="WIDGET_JOBS",consumer="widget-workers",service="widgets"\} 2$/m);
    expect(response.text).toMatch(/^process_cpu_seconds_total\{service="widgets"\} /m);
  });

  it('reports liveness and readiness of DB and NATS', async () => {
    await request(service.http).get('/health/live').expect(200, { status: 'up', service: 'widgets', checks: {} });
    await request(service.http)
      .get('/health/ready')
      .expect(200, { status: 'up', service: 'widgets', checks: { database: 'up', nats: 'up' } });
  });

  it('keeps idle connections open longer than the clients in front of it do', () => {
    expect(service.app.getHttpServer().keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  });

  it('serves its OpenAPI document', async () => {
    const response = await request(service.http).get('/openapi.json').expect(200);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/widgets/mine', '/api/widgets']));
    expect(response.body.paths['/health/ready']).toBeUndefined();
  });

  it('accepts a token as Bearer or x-auth-token, and refuses a bad one with { msg }', async () => {
    const jwt = new JwtService(service.context.env.JWT_SECRET);
    const token = jwt.sign('user-1');
    await request(service.http).get('/api/widgets/mine').set('Authorization', `Bearer ${token}`).expect(200, { owner: 'user-1' });
    await request(service.http).get('/api/widgets/mine').set('x-auth-token', token).expect(200, { owner: 'user-1' });
    await request(service.http).get('/api/widgets/mine').expect(401, { msg: 'No token, authorization denied' });
    await request(service.http).get('/api/widgets/mine').set('x-auth-token', `${token}x`).expect(401, { msg: 'Token is not valid' });
  });

  it('answers bad JSON and unknown routes with { msg }', async () => {
    await postWidgets('application/json', '{"name":').expect(400, { msg: 'Request body is not valid JSON' });
    await request(service.http).post('/api/widgets').send({ name: 'pump' }).expect(201, { received: 'pump' });
    const missing = await request(service.http).get('/api/nope').expect(404);
    expect(missing.body).toEqual({ msg: 'Cannot GET /api/nope' });
  });

  it('reports NATS down in readiness when the connection is closed', async () => {
    const other = await startServiceForTest(definition, services);
    await other.context.nats.close();
    const response = await request(other.http).get('/health/ready').expect(503);
    expect(response.body.checks).toEqual({ database: 'up', nats: 'down' });
    // Closing the app closes its data source too (TypeOrmModule).
    await other.app.close();
    expect(other.context.dataSource.isInitialized).toBe(false);
  });
});

describe('request bodies', () => {
  it('keeps the exact bytes of a JSON body as request.rawBody, beside the parsed body', async () => {
    const sent = '{ "name" :  "pump",\n "tag": "P-101" }';
    const response = await request(service.http).post('/api/widgets/raw').set('Content-Type', 'application/json').send(sent).expect(201);
    expect(response.body).toEqual({ raw: sent, parsed: { name: 'pump', tag: 'P-101' } });
  });

  it('refuses a JSON body over 1 MB with 413 { msg }', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1_100_000) });
    await postWidgets('application/json', huge).expect(413, { msg: 'Request body is too large' });
  });

  it('refuses JSON in a charset it cannot decode with 415 { msg }, not 500', async () => {
    await postWidgets('application/json; charset=koi8-r', '{"name":"x"}').expect(415, { msg: 'Request body must be JSON in UTF-8' });
  });
});
