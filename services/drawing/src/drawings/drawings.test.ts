import { randomUUID } from 'node:crypto';
import { STREAMS, SUBJECTS, type DrawingDeletedEvent, type DrawingLookupReply } from '@pid/contracts';
import { decodeJson, encodeJson, newObjectKey, type ObjectStorage } from '@pid/platform';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PendingCleanups } from '../cleanup/pending-cleanups';
import { drawingStorage } from '../storage/drawing-storage';
import { startDrawingService, uploadDrawing, type DrawingTestService, type TestUser } from '../testing/drawing-test-kit';
import { LETTER, samplePdf, samplePng, sampleTiff, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

let service: DrawingTestService;
beforeAll(async () => void (service = await startDrawingService()), HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

const api = () => request(service.http);

describe('listing and reading', () => {
  it('lists only the caller’s drawings, newest first', async () => {
    const alice = service.newUser();
    const bob = service.newUser();
    const first = await uploadDrawing(service, alice, await samplePng(), 'a.png', 'First');
    await uploadDrawing(service, bob, await samplePng(), 'b.png', 'Bob’s');
    const second = await uploadDrawing(service, alice, await samplePng(), 'c.png', 'Second');
    const list = await api().get('/api/drawings').set(alice.auth).expect(200);
    expect(list.body.map((drawing: { _id: string }) => drawing._id)).toEqual([second._id, first._id]);
    expect(list.body[0]).toEqual(second);
    await api().get('/api/drawings').set(service.newUser().auth).expect(200, []);
  });

  it('answers one drawing and its status', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePng(), 'a.png', 'Read me');
    await api().get(`/api/drawings/${drawing._id}`).set(user.auth).expect(200, drawing);
    await api()
      .get(`/api/drawings/${drawing._id}/status`)
      .set(user.auth)
      .expect(200, { drawingStatus: 'uploaded', message: 'Uploaded', progress: 0 });
  });
});

describe('renaming', () => {
  it('renames with a trimmed name and refuses a blank or missing one', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePng(), 'a.png', 'Old');
    const renamed = await api()
      .put(`/api/drawings/${drawing._id}`)
      .set(user.auth)
      .send({ name: '  New name ', status: 'completed' })
      .expect(200);
    expect(renamed.body).toEqual({ ...drawing, name: 'New name' });
    for (const body of [{ name: '   ' }, {}, { name: 42 }, []]) {
      await api()
        .put(`/api/drawings/${drawing._id}`)
        .set(user.auth)
        .send(body)
        .expect(400, { msg: 'Please provide a name for your drawing' });
    }
    await api()
      .put(`/api/drawings/${drawing._id}`)
      .set(user.auth)
      .send({ name: 'n'.repeat(201) })
      .expect(400);
    await api()
      .get(`/api/drawings/${drawing._id}`)
      .set(user.auth)
      .expect(200, { ...drawing, name: 'New name' });
  });
});

describe('ownership', () => {
  let owner: TestUser;
  let drawingId: string;
  beforeAll(async () => {
    owner = service.newUser();
    drawingId = (await uploadDrawing(service, owner, await samplePdf(), 'mine.pdf', 'Mine'))._id;
  }, HOOK_TIMEOUT_MS);

  const routes: Array<[string, (id: string, user: TestUser) => request.Test]> = [
    ['GET /:id', (id, user) => api().get(`/api/drawings/${id}`).set(user.auth)],
    ['PUT /:id', (id, user) => api().put(`/api/drawings/${id}`).set(user.auth).send({ name: 'Stolen' })],
    ['DELETE /:id', (id, user) => api().delete(`/api/drawings/${id}`).set(user.auth)],
    ['POST /:id/process', (id, user) => api().post(`/api/drawings/${id}/process`).set(user.auth)],
    ['GET /:id/status', (id, user) => api().get(`/api/drawings/${id}/status`).set(user.auth)],
    ['GET /:id/file', (id, user) => api().get(`/api/drawings/${id}/file`).set(user.auth)],
    ['GET /:id/export', (id, user) => api().get(`/api/drawings/${id}/export`).set(user.auth)],
  ];

  it.each(routes)('%s answers 404 for another user’s drawing, an unknown id and a malformed one', async (_route, call) => {
    const stranger = service.newUser();
    await call(drawingId, stranger).expect(404, { msg: 'Drawing not found' });
    await call(randomUUID(), owner).expect(404, { msg: 'Drawing not found' });
    await call('not-a-uuid', owner).expect(404, { msg: 'Drawing not found' });
    await call("1'; DROP TABLE drawings; --", owner).expect(404, { msg: 'Drawing not found' });
  });

  it('leaves the owner’s drawing untouched by all that', async () => {
    const drawing = await api().get(`/api/drawings/${drawingId}`).set(owner.auth).expect(200);
    expect(drawing.body).toMatchObject({ name: 'Mine', status: 'uploaded' });
    await api().get(`/api/drawings/${drawingId}/file`).set(owner.auth).expect(200);
  });

  it('answers 401 without a token and 403 without a verified e-mail or subscription, on every route', async () => {
    const unverified = service.newUser();
    service.unverified.add(unverified.id);
    const lapsed = service.newUser();
    service.lapsed.add(lapsed.id);
    for (const [, call] of routes) {
      await call(drawingId, { id: '', token: '', auth: { Authorization: '' } }).expect(401);
      await call(drawingId, unverified).expect(403, { msg: 'Please verify your email address to access this feature' });
      await call(drawingId, lapsed).expect(403, { msg: 'Subscription required to access this feature' });
    }
    await api().get('/api/drawings').set(lapsed.auth).expect(403);
  });
});

describe('deleting', () => {
  it('removes the drawing, its file and renditions, and tells graph on JetStream', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePdf([LETTER, LETTER]), 'gone.pdf', 'Gone');
    await api().get(`/api/drawings/${drawing._id}/file?page=1`).set(user.auth).expect(200);
    await api().get(`/api/drawings/${drawing._id}/file?page=2`).set(user.auth).expect(200);
    const keys: string[] = (
      await service.context.dataSource.query(
        `SELECT object_key FROM drawings WHERE id = $1 UNION ALL SELECT object_key FROM drawing_renditions WHERE drawing_id = $1`,
        [drawing._id],
      )
    ).map((row: { object_key: string }) => row.object_key);
    expect(keys).toHaveLength(3);
    const storage = await drawingStorage(service.context.env);
    for (const key of keys) expect(await storage.exists(key)).toBe(true);

    await api().delete(`/api/drawings/${drawing._id}`).set(user.auth).expect(200, { msg: 'Drawing deleted' });

    await api().get(`/api/drawings/${drawing._id}`).set(user.auth).expect(404);
    await api().delete(`/api/drawings/${drawing._id}`).set(user.auth).expect(404);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    expect(await service.context.dataSource.query('SELECT * FROM drawing_renditions WHERE drawing_id = $1', [drawing._id])).toEqual([]);
    expect(await service.context.dataSource.query('SELECT * FROM pending_cleanups')).toEqual([]);

    const jsm = await service.context.nats.jetstreamManager();
    const stored = await jsm.streams.getMessage(STREAMS.drawingEvents.name, { last_by_subj: SUBJECTS.drawingDeleted });
    expect(decodeJson<DrawingDeletedEvent>(stored.data)).toEqual({ drawingId: drawing._id, userId: user.id });
    expect(stored.header?.get('Nats-Msg-Id')).toBe(`deleted-${drawing._id}`);
  });

  it('keeps a cleanup that fails and finishes it on a later sweep', async () => {
    const storage = await drawingStorage(service.context.env);
    const key = newObjectKey('renditions', 'png');
    await storage.put(key, Buffer.from('x'), 'image/png');
    let failures = 1;
    const flaky: ObjectStorage = Object.assign(Object.create(storage) as ObjectStorage, {
      delete: async (objectKey: string) => {
        if (failures-- > 0) throw new Error('storage hiccup');
        return storage.delete(objectKey);
      },
    });
    const cleanups = new PendingCleanups(service.context.dataSource, service.context.nats, Promise.resolve(flaky), service.context.logger);
    await cleanups.deleteObjectsNow([key]);
    const [task] = await service.context.dataSource.query('SELECT id, object_keys FROM pending_cleanups');
    expect(task.object_keys).toEqual([key]);
    expect(await storage.exists(key)).toBe(true);
    // Due at once: the sweeper picks it up and deletes the object.
    expect(await cleanups.sweep()).toBe(1);
    expect(await storage.exists(key)).toBe(false);
    expect(await service.context.dataSource.query('SELECT * FROM pending_cleanups')).toEqual([]);
  });
});

describe('drawing look-ups for other services', () => {
  const lookup = async (payload: unknown): Promise<DrawingLookupReply> =>
    decodeJson<DrawingLookupReply>(
      (await service.context.nats.request(SUBJECTS.drawingLookup, encodeJson(payload), { timeout: 10_000 })).data,
    );

  it('answers the drawing to its owner’s id only', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePdf(), 'a.pdf');
    expect(await lookup({ drawingId: drawing._id, userId: user.id })).toEqual({
      drawing: { _id: drawing._id, userId: user.id, status: 'uploaded', imageSize: { width: 1700, height: 2200 }, pageCount: 1 },
    });
    const tiff = await uploadDrawing(service, user, await sampleTiff(), 'a.tif');
    expect(await lookup({ drawingId: tiff._id, userId: user.id })).toEqual({
      drawing: { _id: tiff._id, userId: user.id, status: 'uploaded', imageSize: { width: 640, height: 480 } },
    });
    expect(await lookup({ drawingId: drawing._id, userId: randomUUID() })).toEqual({ drawing: null });
    expect(await lookup({ drawingId: 'nope', userId: user.id })).toEqual({ drawing: null });
    expect(await lookup({})).toEqual({ drawing: null });
  });
});
