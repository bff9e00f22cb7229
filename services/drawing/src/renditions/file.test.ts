import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getDrawingFile, startDrawingService, uploadDrawing, type DrawingTestService, type TestUser } from '../testing/drawing-test-kit';
import {
  A4_LANDSCAPE,
  LETTER,
  rotatedJpeg,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleTiff,
  HOOK_TIMEOUT_MS,
} from '@pid/platform/test-kit/samples';

let service: DrawingTestService;
let user: TestUser;
beforeAll(async () => {
  service = await startDrawingService();
  user = service.newUser();
}, HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

const getFile = (id: string, query = '') => getDrawingFile(service, user, id, query);

async function renditionRows(drawingId: string): Promise<Array<{ page: number; width: number; height: number; object_key: string }>> {
  return service.context.dataSource.query(
    'SELECT page, width, height, object_key FROM drawing_renditions WHERE drawing_id = $1 ORDER BY page',
    [drawingId],
  );
}

describe('GET /api/drawings/:id/file', () => {
  it('answers PNG and JPEG as stored, with type, nosniff and caching headers', async () => {
    for (const [make, type] of [
      [samplePng, 'image/png'],
      [sampleJpeg, 'image/jpeg'],
    ] as const) {
      const bytes = await make();
      const drawing = await uploadDrawing(service, user, bytes, 'plan');
      const response = await getFile(drawing._id).expect(200);
      expect((response.body as Buffer).equals(bytes)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=86400',
        vary: 'Authorization, X-Auth-Token',
        etag: expect.stringMatching(/^"[A-Za-z0-9_-]{32}"$/),
      });
      expect(await renditionRows(drawing._id)).toEqual([]);
    }
  });

  it('answers 304 to a matching If-None-Match, and the image to another tag', async () => {
    const drawing = await uploadDrawing(service, user, await samplePng(), 'plan.png');
    const first = await getFile(drawing._id).expect(200);
    const etag = first.headers.etag as string;
    const again = await getFile(drawing._id).set('If-None-Match', `"other", W/${etag}`).expect(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.body.length ?? 0).toBe(0);
    await getFile(drawing._id).set('If-None-Match', '"other"').expect(200);
  });

  it('turns a TIFF into a PNG rendition once, and keeps it', async () => {
    const drawing = await uploadDrawing(service, user, await sampleTiff(640, 480), 'scan.tif');
    const first = await getFile(drawing._id).expect(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(await sharp(first.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 640, height: 480 });
    const [rendition] = await renditionRows(drawing._id);
    expect(rendition).toMatchObject({
      page: 1,
      width: 640,
      height: 480,
      object_key: expect.stringMatching(/^renditions\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/),
    });
    const second = await getFile(drawing._id).expect(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((second.body as Buffer).equals(first.body as Buffer)).toBe(true);
    expect(await renditionRows(drawing._id)).toEqual([rendition]);
  });

  it('renders PDF pages at 200 dpi, page 1 by default, one kept copy per page even when asked at the same time', async () => {
    const drawing = await uploadDrawing(service, user, await samplePdf([LETTER, A4_LANDSCAPE]), 'sheets.pdf');
    expect(drawing.metadata).toMatchObject({ pageCount: 2, image_size: { width: 1700, height: 2200 } });
    const [a, b] = await Promise.all([getFile(drawing._id).expect(200), getFile(drawing._id, '?page=1').expect(200)]);
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(await sharp(a.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 1700, height: 2200 });
    const page2 = await getFile(drawing._id, '?page=2').expect(200);
    expect(page2.headers['content-type']).toBe('image/png');
    expect(await sharp(page2.body as Buffer).metadata()).toMatchObject({ width: 2339, height: 1653 });
    expect((await renditionRows(drawing._id)).map(({ page, width, height }) => ({ page, width, height }))).toEqual([
      { page: 1, width: 1700, height: 2200 },
      { page: 2, width: 2339, height: 1653 },
    ]);
    // No second copy of page 1 was left in storage by the two requests at once.
    const storedRenditions = await readdir(path.join(service.context.env.STORAGE_DIR, 'renditions'), {
      recursive: true,
      withFileTypes: true,
    });
    const allRows: unknown[] = await service.context.dataSource.query('SELECT 1 FROM drawing_renditions');
    expect(storedRenditions.filter((entry) => entry.isFile())).toHaveLength(allRows.length);
  });

  it('lists every page’s size in metadata.pages and serves each page in that size', async () => {
    const sizes: Array<[number, number]> = [LETTER, A4_LANDSCAPE, [612, 396]];
    const drawing = await uploadDrawing(service, user, await samplePdf(sizes), 'three.pdf');
    const pages = [
      { width: 1700, height: 2200 },
      { width: 2339, height: 1653 },
      { width: 1700, height: 1100 },
    ];
    expect(drawing.metadata).toMatchObject({ pageCount: 3, image_size: pages[0], pages });
    expect((await request(service.http).get(`/api/drawings/${drawing._id}`).set(user.auth).expect(200)).body.metadata.pages).toEqual(pages);
    for (const [index, size] of pages.entries()) {
      const response = await getFile(drawing._id, `?page=${index + 1}`).expect(200);
      expect(await sharp(response.body as Buffer).metadata()).toMatchObject({ format: 'png', ...size });
    }
    await getFile(drawing._id, '?page=4').expect(400, { msg: 'Page 4 does not exist: the drawing has 3 page(s)' });
    await getFile(drawing._id, '?page=0').expect(400);
  });

  it('refuses a page the drawing does not have, and a page that is not a number', async () => {
    const pdf = await uploadDrawing(service, user, await samplePdf([LETTER]), 'one.pdf');
    await getFile(pdf._id, '?page=2').expect(400, { msg: 'Page 2 does not exist: the drawing has 1 page(s)' });
    for (const page of ['0', '-1', 'abc', '1.5', '9999999']) {
      await getFile(pdf._id, `?page=${page}`).expect(400, { msg: 'Page must be a whole number from 1' });
    }
    const png = await uploadDrawing(service, user, await samplePng(), 'one.png');
    await getFile(png._id, '?page=2').expect(400);
    await getFile(png._id, '?page=1').expect(200);
  });

  it('uses the size browsers show for a rotated JPEG', async () => {
    const drawing = await uploadDrawing(service, user, await rotatedJpeg(), 'photo.jpg');
    expect(drawing.metadata.image_size).toEqual({ width: 300, height: 400 });
    expect(drawing.metadata.pages).toEqual([{ width: 300, height: 400 }]);
    const response = await getFile(drawing._id).expect(200);
    expect(await sharp(response.body as Buffer).metadata()).toMatchObject({ width: 400, height: 300, orientation: 6 });
  });
});
