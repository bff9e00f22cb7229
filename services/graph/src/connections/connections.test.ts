import { startForTestFile } from '@pid/platform/test-kit/samples';
import { randomUUID } from 'node:crypto';
import type { Connection, DrawingElement, PathSegment } from '@pid/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { box, startGraphTestKit, type GraphTestKit, type TestUser } from '../testing/graph-test-kit';
import { MAX_PATH_SEGMENTS } from '../validation/path-segments';

let kit: GraphTestKit;
startForTestFile({ beforeAll, afterAll }, startGraphTestKit, (started) => (kit = started));

const route: PathSegment[] = [
  { orientation: 'horizontal', start: [50, 20], end: [120, 20] },
  { orientation: 'vertical', start: [120, 20], end: [120, 80] },
];

async function element(user: TestUser, drawing: string, x: number): Promise<DrawingElement> {
  const response = await kit.call(user, 'post', '/api/elements', { drawing, boundingBox: box(x, 0) }).expect(201);
  return response.body as DrawingElement;
}

/** An owner's drawing with elements a, b, c, a connection a→b, and another subscriber. */
async function scene() {
  const owner = kit.subscriber();
  const stranger = kit.subscriber();
  const drawing = kit.drawing(owner);
  const [a, b, c] = [await element(owner, drawing, 0), await element(owner, drawing, 100), await element(owner, drawing, 200)];
  const created = await kit.call(owner, 'post', '/api/connections', { drawing, source: a!._id, target: b!._id }).expect(201);
  return { owner, stranger, drawing, a: a!, b: b!, c: c!, connection: created.body as Connection };
}

describe('access to connection routes', () => {
  it('needs a login token and an active subscription on every route', async () => {
    const { owner, drawing, a, b, connection } = await scene();
    const routes: Array<[method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown]> = [
      ['get', `/api/drawings/${drawing}/connections`],
      ['post', '/api/connections', { drawing, source: b._id, target: a._id }],
      ['put', `/api/connections/${connection._id}`, { name: 'x' }],
      ['delete', `/api/connections/${connection._id}`],
    ];
    const unsubscribed = kit.nonSubscriber();
    for (const [method, path, body] of routes) {
      await kit.call(undefined, method, path, body).expect(401, { msg: 'No token, authorization denied' });
      await kit.call(unsubscribed, method, path, body).expect(403, { msg: 'Subscription required to access this feature' });
    }
    await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200, [connection]);
  });
});

describe('POST /api/connections', () => {
  it('creates a connection with the defaults: "connects to", unconfirmed, empty name', async () => {
    const { drawing, a, b, connection } = await scene();
    expect(connection).toEqual({
      _id: expect.any(String),
      drawing,
      page: 1,
      source: a._id,
      target: b._id,
      name: '',
      description: '',
      relationshipType: 'connects to',
      confirmed: false,
      metadata: { source: 'user' },
    });
  });

  it('keeps every given field and the drawn route, and takes ends as { _id } objects', async () => {
    const { owner, drawing, b, c } = await scene();
    const fields = {
      name: 'line 7',
      description: 'cooling water',
      relationshipType: 'custom',
      customRelationshipType: 'drains to',
      confirmed: true,
    };
    const response = await kit
      .call(owner, 'post', '/api/connections', {
        drawing,
        source: { _id: b._id, elementType: 'node' },
        target: c._id,
        ...fields,
        metadata: { path_data: { path: route }, source: 'analysis', confidence: 0.2 },
      })
      .expect(201);
    expect(response.body).toEqual({
      _id: expect.any(String),
      drawing,
      page: 1,
      source: b._id,
      target: c._id,
      ...fields,
      metadata: { source: 'user', path_data: { path: route } },
    });
  });

  it('lies on its source’s page, and follows a new source to its page', async () => {
    const { owner, drawing, a } = await scene();
    const onPage = async (page: number, x: number) =>
      (await kit.call(owner, 'post', '/api/elements', { drawing, page, boundingBox: box(x, 0) }).expect(201)).body as DrawingElement;
    const [p2a, p2b, p3] = [await onPage(2, 0), await onPage(2, 100), await onPage(3, 0)];
    const created = (await kit.call(owner, 'post', '/api/connections', { drawing, source: p2a._id, target: p2b._id }).expect(201))
      .body as Connection;
    expect(created.page).toBe(2);
    const moved = await kit.call(owner, 'put', `/api/connections/${created._id}`, { source: p3._id }).expect(200);
    expect(moved.body.page).toBe(3);
    const renamed = await kit.call(owner, 'put', `/api/connections/${created._id}`, { name: 'x', target: a._id }).expect(200);
    expect(renamed.body.page).toBe(3);
  });

  it('drops a custom text that goes with a named relationship type', async () => {
    const { owner, drawing, b, c } = await scene();
    const response = await kit
      .call(owner, 'post', '/api/connections', {
        drawing,
        source: b._id,
        target: c._id,
        relationshipType: 'controls',
        customRelationshipType: 'x',
      })
      .expect(201);
    expect(response.body.relationshipType).toBe('controls');
    expect(response.body).not.toHaveProperty('customRelationshipType');
  });

  it.each([
    ['no source', (s: Scene) => ({ target: s.b._id }), 'source and target are required'],
    ['the same element twice', (s: Scene) => ({ source: s.a._id, target: s.a._id }), 'source and target must be different elements'],
    ['a malformed id', (s: Scene) => ({ source: 'abc', target: s.b._id }), 'source and target must be elements of the same drawing'],
    [
      'an unknown element',
      (s: Scene) => ({ source: randomUUID(), target: s.b._id }),
      'source and target must be elements of the same drawing',
    ],
    [
      'an element of another drawing',
      (s: Scene) => ({ source: s.elsewhere, target: s.b._id }),
      'source and target must be elements of the same drawing',
    ],
    [
      'another user’s element',
      (s: Scene) => ({ source: s.foreign, target: s.b._id }),
      'source and target must be elements of the same drawing',
    ],
    ['a number as an end', (s: Scene) => ({ source: 5, target: s.b._id }), 'source and target must be element ids'],
    [
      'an unknown relationship type',
      (s: Scene) => ({ source: s.a._id, target: s.b._id, relationshipType: 'likes' }),
      'relationshipType must be one of: connects to, flows to, controls, monitors, powers, senses, custom',
    ],
    [
      'custom without its text',
      (s: Scene) => ({ source: s.a._id, target: s.b._id, relationshipType: 'custom' }),
      'customRelationshipType is required when relationshipType is custom',
    ],
    [
      'custom with blank text',
      (s: Scene) => ({ source: s.a._id, target: s.b._id, relationshipType: 'custom', customRelationshipType: '  ' }),
      'customRelationshipType is required when relationshipType is custom',
    ],
    [
      'a horizontal segment that changes y',
      (s: Scene) => ({ ...s.ends, metadata: { path_data: { path: [{ orientation: 'horizontal', start: [0, 0], end: [10, 1] }] } } }),
      'metadata.path_data.path[0] is horizontal, so its start and end must have the same y',
    ],
    [
      'a vertical segment that changes x',
      (s: Scene) => ({
        ...s.ends,
        metadata: { path_data: { path: [route[0], { orientation: 'vertical', start: [120, 20], end: [121, 80] }] } },
      }),
      'metadata.path_data.path[1] is vertical, so its start and end must have the same x',
    ],
    [
      'a diagonal segment',
      (s: Scene) => ({ ...s.ends, metadata: { path_data: { path: [{ orientation: 'diagonal', start: [0, 0], end: [10, 10] }] } } }),
      'metadata.path_data.path[0] must have an orientation (horizontal or vertical) and start and end points [x, y] of finite numbers',
    ],
    [
      'a point with three numbers',
      (s: Scene) => ({ ...s.ends, metadata: { path_data: { path: [{ orientation: 'vertical', start: [0, 0, 0], end: [0, 10] }] } } }),
      'metadata.path_data.path[0] must have an orientation (horizontal or vertical) and start and end points [x, y] of finite numbers',
    ],
    [
      'too many segments',
      (s: Scene) => ({ ...s.ends, metadata: { path_data: { path: Array.from({ length: MAX_PATH_SEGMENTS + 1 }, () => route[0]) } } }),
      `metadata.path_data.path may have at most ${MAX_PATH_SEGMENTS} segments`,
    ],
    [
      'a path that is not a list',
      (s: Scene) => ({ ...s.ends, metadata: { path_data: { path: 'M0 0' } } }),
      'metadata.path_data.path must be a list of segments',
    ],
    [
      'path_data without a path',
      (s: Scene) => ({ ...s.ends, metadata: { path_data: 3 } }),
      'metadata.path_data must be an object with a path list',
    ],
    ['a long name', (s: Scene) => ({ ...s.ends, name: 'n'.repeat(201) }), 'name must be at most 200 characters'],
    [
      'a long custom type',
      (s: Scene) => ({ ...s.ends, relationshipType: 'custom', customRelationshipType: 'c'.repeat(101) }),
      'customRelationshipType must be at most 100 characters',
    ],
  ])('refuses %s with 400 and stores nothing', async (_case, body, msg) => {
    const s = await richScene();
    await kit.call(s.owner, 'post', '/api/connections', { drawing: s.drawing, ...body(s) }).expect(400, { msg });
    const connections = await kit.call(s.owner, 'get', `/api/drawings/${s.drawing}/connections`).expect(200);
    expect(connections.body).toHaveLength(1);
  });

  it('refuses a coordinate that JSON turns into Infinity', async () => {
    const s = await richScene();
    const raw = JSON.stringify({
      drawing: s.drawing,
      ...s.ends,
      metadata: { path_data: { path: [{ orientation: 'vertical', start: [0, 0], end: [0, 5] }] } },
    });
    await kit
      .call(s.owner, 'post', '/api/connections')
      .set('Content-Type', 'application/json')
      .send(raw.replace('[0,5]', '[0,1e999]'))
      .expect(400, {
        msg: 'metadata.path_data.path[0] must have an orientation (horizontal or vertical) and start and end points [x, y] of finite numbers',
      });
  });

  it('answers 404 for another user’s drawing or an unknown one', async () => {
    const { stranger, drawing, a, b } = await scene();
    await kit
      .call(stranger, 'post', '/api/connections', { drawing, source: a._id, target: b._id })
      .expect(404, { msg: 'Drawing not found' });
    await kit
      .call(stranger, 'post', '/api/connections', { drawing: randomUUID(), source: a._id, target: b._id })
      .expect(404, { msg: 'Drawing not found' });
  });

  it('answers 503 while the drawing service does not answer', async () => {
    const { owner, drawing, b, c } = await scene();
    await kit.silenceDrawingService();
    try {
      await kit.call(owner, 'post', '/api/connections', { drawing, source: b._id, target: c._id }).expect(503);
    } finally {
      await kit.answerDrawingLookups();
    }
  });
});

type Scene = Awaited<ReturnType<typeof richScene>>;

/** `scene()` plus an element on another drawing of the owner's and an element of another user's. */
async function richScene() {
  const s = await scene();
  const elsewhere = await element(s.owner, kit.drawing(s.owner), 0);
  const foreign = await element(s.stranger, kit.drawing(s.stranger), 0);
  return { ...s, elsewhere: elsewhere._id, foreign: foreign._id, ends: { source: s.a._id, target: s.c._id } };
}

describe('GET /api/drawings/:id/connections', () => {
  it('lists the drawing’s connections in creation order', async () => {
    const { owner, drawing, b, c, connection } = await scene();
    const second = await kit.call(owner, 'post', '/api/connections', { drawing, source: b._id, target: c._id }).expect(201);
    await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200, [connection, second.body]);
  });

  it('answers 404 for another user’s drawing, an unknown one and a malformed id', async () => {
    const { stranger, drawing } = await scene();
    await kit.call(stranger, 'get', `/api/drawings/${drawing}/connections`).expect(404, { msg: 'Drawing not found' });
    await kit.call(stranger, 'get', `/api/drawings/${randomUUID()}/connections`).expect(404, { msg: 'Drawing not found' });
    await kit.call(stranger, 'get', '/api/drawings/x/connections').expect(404, { msg: 'Drawing not found' });
  });

  it('answers 503 while the drawing service does not answer', async () => {
    const { owner, drawing } = await scene();
    await kit.silenceDrawingService();
    try {
      await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(503);
    } finally {
      await kit.answerDrawingLookups();
    }
  });
});

describe('PUT /api/connections/:id', () => {
  it('changes only the fields sent', async () => {
    const { owner, connection } = await scene();
    const renamed = await kit.call(owner, 'put', `/api/connections/${connection._id}`, { name: 'line 9' }).expect(200);
    expect(renamed.body).toEqual({ ...connection, name: 'line 9' });
    const confirmed = await kit.call(owner, 'put', `/api/connections/${connection._id}`, { confirmed: true }).expect(200);
    expect(confirmed.body).toEqual({ ...connection, name: 'line 9', confirmed: true });
  });

  it('moves the ends to other elements of the drawing', async () => {
    const { owner, connection, a, c } = await scene();
    const response = await kit
      .call(owner, 'put', `/api/connections/${connection._id}`, { source: c._id, target: { _id: a._id } })
      .expect(200);
    expect(response.body).toMatchObject({ source: c._id, target: a._id });
  });

  it('sets and clears a custom relationship type', async () => {
    const { owner, connection } = await scene();
    const custom = await kit
      .call(owner, 'put', `/api/connections/${connection._id}`, { relationshipType: 'custom', customRelationshipType: 'vents to' })
      .expect(200);
    expect(custom.body).toMatchObject({ relationshipType: 'custom', customRelationshipType: 'vents to' });
    // The text stays while the type stays custom, even when not sent again.
    const renamed = await kit.call(owner, 'put', `/api/connections/${connection._id}`, { name: 'vent' }).expect(200);
    expect(renamed.body).toMatchObject({ relationshipType: 'custom', customRelationshipType: 'vents to' });
    const named = await kit.call(owner, 'put', `/api/connections/${connection._id}`, { relationshipType: 'monitors' }).expect(200);
    expect(named.body.relationshipType).toBe('monitors');
    expect(named.body).not.toHaveProperty('customRelationshipType');
  });

  it('replaces and removes the drawn route; other metadata stays the server’s', async () => {
    const { owner, connection } = await scene();
    const routed = await kit
      .call(owner, 'put', `/api/connections/${connection._id}`, {
        metadata: { path_data: { path: route }, source: 'analysis', analysisRunId: 'x' },
      })
      .expect(200);
    expect(routed.body.metadata).toEqual({ source: 'user', path_data: { path: route } });
    const kept = await kit.call(owner, 'put', `/api/connections/${connection._id}`, { metadata: {} }).expect(200);
    expect(kept.body.metadata).toEqual({ source: 'user', path_data: { path: route } });
    const cleared = await kit.call(owner, 'put', `/api/connections/${connection._id}`, { metadata: { path_data: null } }).expect(200);
    expect(cleared.body.metadata).toEqual({ source: 'user' });
  });

  it('takes the whole connection back with the confirmed flag flipped; _id and drawing cannot change', async () => {
    const { owner, drawing, connection } = await scene();
    const sent = { ...connection, _id: randomUUID(), drawing: kit.drawing(owner), source: { _id: connection.source }, confirmed: true };
    const response = await kit.call(owner, 'put', `/api/connections/${connection._id}`, sent).expect(200);
    expect(response.body).toEqual({ ...connection, confirmed: true });
    await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200, [response.body]);
  });

  it.each([
    ['the same element at both ends', (s: Scene) => ({ target: s.a._id }), 'source and target must be different elements'],
    ['an element of another drawing', (s: Scene) => ({ target: s.elsewhere }), 'source and target must be elements of the same drawing'],
    ['another user’s element', (s: Scene) => ({ source: s.foreign }), 'source and target must be elements of the same drawing'],
    [
      'custom without its text',
      () => ({ relationshipType: 'custom' }),
      'customRelationshipType is required when relationshipType is custom',
    ],
    [
      'an unknown relationship type',
      () => ({ relationshipType: 'hates' }),
      'relationshipType must be one of: connects to, flows to, controls, monitors, powers, senses, custom',
    ],
    [
      'a malformed route',
      () => ({ metadata: { path_data: { path: [{ orientation: 'horizontal', start: [0, 1], end: [5, 2] }] } } }),
      'metadata.path_data.path[0] is horizontal, so its start and end must have the same y',
    ],
    ['a confirmed flag that is not a boolean', () => ({ confirmed: 'true' }), 'confirmed must be true or false'],
  ])('refuses %s with 400 and keeps the connection', async (_case, body, msg) => {
    const s = await richScene();
    await kit.call(s.owner, 'put', `/api/connections/${s.connection._id}`, body(s)).expect(400, { msg });
    await kit.call(s.owner, 'get', `/api/drawings/${s.drawing}/connections`).expect(200, [s.connection]);
  });

  it('answers 404 for another user’s connection without asking the drawing service, and changes nothing', async () => {
    const { owner, stranger, drawing, connection } = await scene();
    const lookups = kit.drawingLookups.length;
    await kit.call(stranger, 'put', `/api/connections/${connection._id}`, { name: 'x' }).expect(404, { msg: 'Connection not found' });
    expect(kit.drawingLookups.length).toBe(lookups);
    await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200, [connection]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const owner = kit.subscriber();
    await kit.call(owner, 'put', `/api/connections/${randomUUID()}`, { name: 'x' }).expect(404, { msg: 'Connection not found' });
    await kit.call(owner, 'put', '/api/connections/1', { name: 'x' }).expect(404, { msg: 'Connection not found' });
  });

  it('answers 404 once the drawing service no longer knows the drawing as the owner’s, and 503 while it is silent', async () => {
    const { owner, drawing, connection } = await scene();
    await kit.silenceDrawingService();
    try {
      await kit.call(owner, 'put', `/api/connections/${connection._id}`, { name: 'x' }).expect(503);
    } finally {
      await kit.answerDrawingLookups();
    }
    kit.forgetDrawing(drawing);
    await kit.call(owner, 'put', `/api/connections/${connection._id}`, { name: 'x' }).expect(404, { msg: 'Drawing not found' });
    const [row] = await kit.db.query('SELECT name FROM connections WHERE id = $1', [connection._id]);
    expect(row.name).toBe('');
  });
});

describe('DELETE /api/connections/:id', () => {
  it('deletes the connection and leaves its elements', async () => {
    const { owner, drawing, connection } = await scene();
    await kit.call(owner, 'delete', `/api/connections/${connection._id}`).expect(200, { msg: 'Connection deleted', _id: connection._id });
    await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200, []);
    const elements = await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200);
    expect(elements.body).toHaveLength(3);
    await kit.call(owner, 'delete', `/api/connections/${connection._id}`).expect(404, { msg: 'Connection not found' });
  });

  it('answers 404 for another user’s connection and deletes nothing', async () => {
    const { owner, stranger, drawing, connection } = await scene();
    await kit.call(stranger, 'delete', `/api/connections/${connection._id}`).expect(404, { msg: 'Connection not found' });
    await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200, [connection]);
  });

  it('answers 503 while the drawing service does not answer, and deletes nothing', async () => {
    const { owner, drawing, connection } = await scene();
    await kit.silenceDrawingService();
    try {
      await kit.call(owner, 'delete', `/api/connections/${connection._id}`).expect(503);
    } finally {
      await kit.answerDrawingLookups();
    }
    await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200, [connection]);
  });
});
