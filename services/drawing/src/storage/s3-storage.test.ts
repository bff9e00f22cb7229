import { S3ObjectStorage } from '@pid/platform';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getDrawingFile, startDrawingService, uploadDrawing, type DrawingTestService } from '../testing/drawing-test-kit';
import { samplePdf, samplePng, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

const bucket = `drawing-test-${Date.now()}`;
let service: DrawingTestService;
/** A client of its own, to look into the bucket behind the service's back. */
let bucketView: S3ObjectStorage;

beforeAll(async () => {
  service = await startDrawingService(({ s3 }) => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: bucket,
  }));
  const { s3 } = service.services;
  bucketView = new S3ObjectStorage({
    endpoint: s3.endpoint,
    bucket,
    region: 'us-east-1',
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
  });
}, HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

async function objectKeys(drawingId: string): Promise<string[]> {
  const rows: Array<{ object_key: string }> = await service.context.dataSource.query(
    'SELECT object_key FROM drawings WHERE id = $1 UNION ALL SELECT object_key FROM drawing_renditions WHERE drawing_id = $1',
    [drawingId],
  );
  return rows.map((row) => row.object_key);
}

describe('with S3 storage', () => {
  it('reports the bucket ready', async () => {
    const response = await request(service.http).get('/health/ready').expect(200);
    expect(response.body.checks).toEqual({ database: 'up', nats: 'up', storage: 'up' });
  });

  it('round-trips an upload: stored in the bucket, answered byte for byte', async () => {
    const user = service.newUser();
    const png = await samplePng(300, 200);
    const drawing = await uploadDrawing(service, user, png, 'plan.png');
    const [key] = await objectKeys(drawing._id);
    expect((await bucketView.get(key!)).equals(png)).toBe(true);
    const file = await getDrawingFile(service, user, drawing._id).expect(200);
    expect((file.body as Buffer).equals(png)).toBe(true);
  });

  it('keeps a PDF page’s rendition in the bucket, and deletes both with the drawing', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePdf(), 'plan.pdf');
    const file = await getDrawingFile(service, user, drawing._id).expect(200);
    expect(await sharp(file.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 1700, height: 2200 });
    const keys = await objectKeys(drawing._id);
    expect(keys).toHaveLength(2);
    expect((await bucketView.get(keys[1]!)).equals(file.body as Buffer)).toBe(true);
    await request(service.http).delete(`/api/drawings/${drawing._id}`).set(user.auth).expect(200);
    for (const key of keys) expect(await bucketView.exists(key)).toBe(false);
  });
});
