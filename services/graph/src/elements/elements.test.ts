import { startForTestFile } from '@pid/platform/test-kit/samples';
import { randomUUID } from 'node:crypto';
import type { DrawingElement } from '@pid/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { box, startGraphTestKit, type GraphTestKit, type TestUser } from '../testing/graph-test-kit';

let kit: GraphTestKit;
startForTestFile({ beforeAll, afterAll }, startGraphTestKit, (started) => (kit = started));

async function createElement(user: TestUser, drawing: string, body: Record<string, unknown> = {}): Promise<DrawingElement> {
  const response = await kit.call(user, 'post', '/api/elements', { drawing, boundingBox: box(10, 20), ...body }).expect(201);
  return response.body as DrawingElement;
}

async function connect(user: TestUser, drawing: string, source: string, target: string): Promise<string> {
  const response = await kit.call(user, 'post', '/api/connections', { drawing, source, target }).expect(201);
  return (response.body as { _id: string })._id;
}

/** An owner with a drawing holding one element, and another subscriber. */
async function scene() {
  const owner = kit.subscriber();
  const stranger = kit.subscriber();
  const drawing = kit.drawing(owner);
  const element = await createElement(owner, drawing, { name: 'P-101', elementType: 'equipment' });
  return { owner, stranger, drawing, element };
}

describe('access to element routes', () => {
  it('needs a login token and an active subscription on every route', async () => {
    const { owner, drawing, element } = await scene();
    const routes: Array<[method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown]> = [
      ['get', `/api/drawings/${drawing}/elements`],
      ['post', '/api/elements', { drawing, boundingBox: box(0, 0) }],
      ['put', `/api/elements/${element._id}`, { name: 'x' }],
      ['delete', `/api/elements/${element._id}`],
    ];
    const unsubscribed = kit.nonSubscriber();
    for (const [method, path, body] of routes) {
      await kit.call(undefined, method, path, body).expect(401, { msg: 'No token, authorization denied' });
      await kit.call(unsubscribed, method, path, body).expect(403, { msg: 'Subscription required to access this feature' });
    }
    // Nothing changed on the way.
    const listed = await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200);
    expect(listed.body).toEqual([element]);
  });
});

describe('GET /api/drawings/:id/elements', () => {
  it('lists the drawing’s elements in the API’s shape, in creation order, and only that drawing’s', async () => {
    const { owner, drawing, element } = await scene();
    const second = await createElement(owner, drawing, { boundingBox: box(100, 20) });
    await createElement(owner, kit.drawing(owner));
    const response = await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200);
    expect(response.body).toEqual([element, second]);
    expect(Object.keys(element).sort()).toEqual(
      ['_id', 'boundingBox', 'confirmed', 'description', 'drawing', 'elementType', 'metadata', 'name', 'page'].sort(),
    );
  });

  it('answers an empty list for a drawing without elements', async () => {
    const owner = kit.subscriber();
    await kit.call(owner, 'get', `/api/drawings/${kit.drawing(owner)}/elements`).expect(200, []);
  });

  it('answers 404 for another user’s drawing, an unknown one and a malformed id', async () => {
    const { stranger, drawing } = await scene();
    await kit.call(stranger, 'get', `/api/drawings/${drawing}/elements`).expect(404, { msg: 'Drawing not found' });
    await kit.call(stranger, 'get', `/api/drawings/${randomUUID()}/elements`).expect(404, { msg: 'Drawing not found' });
    await kit.call(stranger, 'get', '/api/drawings/not-an-id/elements').expect(404, { msg: 'Drawing not found' });
  });

  it('answers 503 while the drawing service does not answer, and recovers', async () => {
    const { owner, drawing, element } = await scene();
    await kit.silenceDrawingService();
    try {
      await kit
        .call(owner, 'get', `/api/drawings/${drawing}/elements`)
        .expect(503, { msg: 'Service temporarily unavailable. Please try again.' });
    } finally {
      await kit.answerDrawingLookups();
    }
    await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200, [element]);
  });
});

describe('POST /api/elements', () => {
  it('creates a user’s element with the defaults: type node, unconfirmed, source user', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const response = await kit
      .call(owner, 'post', '/api/elements', {
        drawing,
        boundingBox: { x: 12.5, y: 30, width: 36, height: 36, extra: 1 },
        _id: randomUUID(),
        metadata: { source: 'analysis', confidence: 0.99 },
        unknown: 'ignored',
      })
      .expect(201);
    expect(response.body).toEqual({
      _id: expect.any(String),
      drawing,
      page: 1,
      elementType: 'node',
      name: '',
      description: '',
      boundingBox: { x: 12.5, y: 30, width: 36, height: 36 },
      confirmed: false,
      metadata: { source: 'user' },
    });
    const [row] = await kit.db.query('SELECT user_id, drawing_id FROM elements WHERE id = $1', [response.body._id]);
    expect(row).toEqual({ user_id: owner.id, drawing_id: drawing });
  });

  it('puts the element on the page given, and refuses a page that is not a page number', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const element = await createElement(owner, drawing, { page: 3 });
    expect(element.page).toBe(3);
    expect((await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200)).body).toEqual([element]);
    for (const page of [0, 1.5, '2', 1001]) {
      await kit
        .call(owner, 'post', '/api/elements', { drawing, page, boundingBox: box(0, 0) })
        .expect(400, { msg: 'page must be a whole number from 1 to 1000' });
    }
  });

  it('keeps the given type, name, description and confirmed flag', async () => {
    const owner = kit.subscriber();
    const element = await createElement(owner, kit.drawing(owner), {
      elementType: 'valve',
      name: 'V-7',
      description: 'gate valve',
      confirmed: true,
    });
    expect(element).toMatchObject({ elementType: 'valve', name: 'V-7', description: 'gate valve', confirmed: true });
  });

  it.each([
    [{ boundingBox: undefined }, 'boundingBox must be an object with x, y, width and height'],
    [{ boundingBox: { x: 1, y: 1, width: 0, height: 5 } }, 'boundingBox width and height must be greater than 0'],
    [{ boundingBox: { x: 1, y: 1, width: 5, height: -2 } }, 'boundingBox width and height must be greater than 0'],
    [{ boundingBox: { x: '1', y: 1, width: 5, height: 5 } }, 'boundingBox x, y, width and height must be finite numbers'],
    [{ boundingBox: { x: 1, y: 1, width: 5 } }, 'boundingBox x, y, width and height must be finite numbers'],
    [
      { elementType: 'spaceship' },
      'elementType must be one of: equipment, valve, instrument, fitting, pipe, text, off_page_connector, node',
    ],
    [{ name: 'n'.repeat(201) }, 'name must be at most 200 characters'],
    [{ name: 7 }, 'name must be a string'],
    [{ description: 'd'.repeat(2001) }, 'description must be at most 2000 characters'],
    [{ confirmed: 'yes' }, 'confirmed must be true or false'],
    [{ drawing: undefined }, 'drawing is required: the id of the drawing'],
  ])('refuses %j with 400', async (change, msg) => {
    const owner = kit.subscriber();
    const body = { drawing: kit.drawing(owner), boundingBox: box(0, 0), ...change };
    await kit.call(owner, 'post', '/api/elements', body).expect(400, { msg });
  });

  it('refuses coordinates that JSON turns into Infinity', async () => {
    const owner = kit.subscriber();
    const raw = `{"drawing":"${kit.drawing(owner)}","boundingBox":{"x":1e999,"y":0,"width":10,"height":10}}`;
    await kit
      .call(owner, 'post', '/api/elements')
      .set('Content-Type', 'application/json')
      .send(raw)
      .expect(400, { msg: 'boundingBox x, y, width and height must be finite numbers' });
  });

  it('refuses a body that is not an object', async () => {
    const owner = kit.subscriber();
    await kit.call(owner, 'post', '/api/elements', [1, 2]).expect(400, { msg: 'Request body must be a JSON object' });
  });

  it('answers 404 for another user’s drawing or an unknown one, and stores nothing', async () => {
    const { stranger, drawing } = await scene();
    for (const target of [drawing, randomUUID(), 'not-an-id']) {
      await kit
        .call(stranger, 'post', '/api/elements', { drawing: target, boundingBox: box(0, 0) })
        .expect(404, { msg: 'Drawing not found' });
    }
    expect(await kit.db.query('SELECT count(*)::int AS n FROM elements WHERE user_id = $1', [stranger.id])).toEqual([{ n: 0 }]);
  });

  it('answers 503 while the drawing service does not answer', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    await kit.silenceDrawingService();
    try {
      await kit.call(owner, 'post', '/api/elements', { drawing, boundingBox: box(0, 0) }).expect(503);
    } finally {
      await kit.answerDrawingLookups();
    }
  });
});

describe('PUT /api/elements/:id', () => {
  it('moves an element with only { boundingBox } and leaves the rest as it was', async () => {
    const { owner, element } = await scene();
    const response = await kit.call(owner, 'put', `/api/elements/${element._id}`, { boundingBox: box(300, 400, 50, 60) }).expect(200);
    expect(response.body).toEqual({ ...element, boundingBox: box(300, 400, 50, 60) });
  });

  it('takes the whole element back with the confirmed flag flipped; _id, drawing and metadata cannot change', async () => {
    const { owner, drawing, element } = await scene();
    const otherDrawing = kit.drawing(owner);
    const sent = {
      ...element,
      _id: randomUUID(),
      drawing: otherDrawing,
      page: 5,
      name: 'P-102',
      description: 'spare pump',
      elementType: 'instrument',
      confirmed: true,
      metadata: { source: 'analysis', confidence: 1 },
    };
    const response = await kit.call(owner, 'put', `/api/elements/${element._id}`, sent).expect(200);
    expect(response.body).toEqual({
      ...element,
      name: 'P-102',
      description: 'spare pump',
      elementType: 'instrument',
      confirmed: true,
    });
    const listed = await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200);
    expect(listed.body).toEqual([response.body]);
    await kit.call(owner, 'get', `/api/drawings/${otherDrawing}/elements`).expect(200, []);
  });

  it.each([
    [{ boundingBox: { x: 0, y: 0, width: 0, height: 1 } }, 'boundingBox width and height must be greater than 0'],
    [{ boundingBox: { x: null, y: 0, width: 1, height: 1 } }, 'boundingBox x, y, width and height must be finite numbers'],
    [{ elementType: 'unknown' }, 'elementType must be one of: equipment, valve, instrument, fitting, pipe, text, off_page_connector, node'],
    [{ confirmed: 1 }, 'confirmed must be true or false'],
    [{ name: 'n'.repeat(201) }, 'name must be at most 200 characters'],
  ])('refuses %j with 400 and keeps the element', async (body, msg) => {
    const { owner, drawing, element } = await scene();
    await kit.call(owner, 'put', `/api/elements/${element._id}`, body).expect(400, { msg });
    await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200, [element]);
  });

  it('answers 404 for another user’s element without asking the drawing service, and changes nothing', async () => {
    const { owner, stranger, drawing, element } = await scene();
    const lookups = kit.drawingLookups.length;
    await kit.call(stranger, 'put', `/api/elements/${element._id}`, { name: 'mine now' }).expect(404, { msg: 'Element not found' });
    expect(kit.drawingLookups.length).toBe(lookups);
    await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200, [element]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const owner = kit.subscriber();
    await kit.call(owner, 'put', `/api/elements/${randomUUID()}`, { name: 'x' }).expect(404, { msg: 'Element not found' });
    await kit.call(owner, 'put', '/api/elements/42', { name: 'x' }).expect(404, { msg: 'Element not found' });
  });

  it('answers 404 once the drawing service no longer knows the drawing as the owner’s', async () => {
    const { owner, drawing, element } = await scene();
    kit.forgetDrawing(drawing);
    await kit.call(owner, 'put', `/api/elements/${element._id}`, { name: 'x' }).expect(404, { msg: 'Drawing not found' });
    const [row] = await kit.db.query('SELECT name FROM elements WHERE id = $1', [element._id]);
    expect(row.name).toBe('P-101');
  });

  it('answers 503 while the drawing service does not answer', async () => {
    const { owner, element } = await scene();
    await kit.silenceDrawingService();
    try {
      await kit.call(owner, 'put', `/api/elements/${element._id}`, { name: 'x' }).expect(503);
    } finally {
      await kit.answerDrawingLookups();
    }
  });
});

describe('DELETE /api/elements/:id', () => {
  it('deletes the element and its connections in one go, and names them; other connections stay', async () => {
    const { owner, drawing, element } = await scene();
    const b = await createElement(owner, drawing, { boundingBox: box(100, 0) });
    const c = await createElement(owner, drawing, { boundingBox: box(200, 0) });
    const ab = await connect(owner, drawing, element._id, b._id);
    const ca = await connect(owner, drawing, c._id, element._id);
    const bc = await connect(owner, drawing, b._id, c._id);

    const response = await kit.call(owner, 'delete', `/api/elements/${element._id}`).expect(200);
    expect(response.body).toEqual({ msg: 'Element deleted', _id: element._id, deletedConnections: expect.any(Array) });
    expect([...response.body.deletedConnections].sort()).toEqual([ab, ca].sort());

    const elements = await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200);
    expect(elements.body.map((item: DrawingElement) => item._id)).toEqual([b._id, c._id]);
    const connections = await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200);
    expect(connections.body.map((item: { _id: string }) => item._id)).toEqual([bc]);
    await kit.call(owner, 'delete', `/api/elements/${element._id}`).expect(404, { msg: 'Element not found' });
  });

  it('answers 404 for another user’s element and deletes nothing', async () => {
    const { owner, stranger, drawing, element } = await scene();
    const other = await createElement(owner, drawing, { boundingBox: box(100, 0) });
    await connect(owner, drawing, element._id, other._id);
    await kit.call(stranger, 'delete', `/api/elements/${element._id}`).expect(404, { msg: 'Element not found' });
    await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200, [element, other]);
    const connections = await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200);
    expect(connections.body).toHaveLength(1);
  });

  it('answers 503 while the drawing service does not answer, and deletes nothing', async () => {
    const { owner, drawing, element } = await scene();
    await kit.silenceDrawingService();
    try {
      await kit.call(owner, 'delete', `/api/elements/${element._id}`).expect(503);
    } finally {
      await kit.answerDrawingLookups();
    }
    await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200, [element]);
  });
});
