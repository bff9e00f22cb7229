import {
  A4_LANDSCAPE,
  LETTER,
  passwordProtectedPdf,
  hugePng,
  pdfWithJavaScript,
  pngOfSize,
  rotatedJpeg,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleTiff,
  HOOK_TIMEOUT_MS,
} from '@pid/platform/test-kit/samples';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@pid/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { drawingStorage } from '../storage/drawing-storage';
import { getDrawingFile, startDrawingService, uploadDrawing, uploadRequest, type DrawingTestService } from '../testing/drawing-test-kit';

let service: DrawingTestService;
beforeAll(async () => void (service = await startDrawingService()), HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

/** Every object under the fs storage folder, as keys. */
async function storedKeys(): Promise<string[]> {
  const root = service.context.env.STORAGE_DIR;
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

async function drawingRows(): Promise<Array<{ id: string; object_key: string; content_type: string; document_name: string }>> {
  return service.context.dataSource.query('SELECT id, object_key, content_type, document_name FROM drawings ORDER BY upload_date');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('accepted uploads', () => {
  it('stores a PDF and answers the drawing with the spec’s fields, page count and page 1’s image size', async () => {
    const user = service.newUser();
    const pdf = await samplePdf([LETTER, A4_LANDSCAPE]);
    const response = await uploadRequest(service, user, pdf, 'P&ID-100 rev B.pdf', '  Unit 100  ').expect(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(UUID),
      name: 'Unit 100',
      status: 'uploaded',
      uploadDate: expect.any(String),
      processingMessage: null,
      documentName: 'P&ID-100 rev B.pdf',
      metadata: {
        processingProgress: 0,
        image_size: { width: 1700, height: 2200 },
        pageCount: 2,
        pages: [expect.objectContaining({ width: 1700, height: 2200 }), expect.any(Object)],
      },
    });
    expect(Math.abs(Date.parse(response.body.uploadDate) - Date.now())).toBeLessThan(60_000);
    const [row] = (await drawingRows()).filter((drawing) => drawing.id === response.body._id);
    expect(row).toMatchObject({
      content_type: 'application/pdf',
      object_key: expect.stringMatching(/^drawings\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/),
    });
    const storage = await drawingStorage(service.context.env);
    expect((await storage.get(row!.object_key)).equals(pdf)).toBe(true);
  });

  it.each([
    ['PNG', samplePng, 'plan.png', 'image/png'],
    ['JPEG', sampleJpeg, 'plan.jpeg', 'image/jpeg'],
    ['TIFF', sampleTiff, 'plan.tiff', 'image/tiff'],
  ])('stores a %s with its pixel size and no page count', async (_kind, make, filename, contentType) => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await make(), filename);
    expect(drawing.metadata).toEqual({
      processingProgress: 0,
      image_size: { width: 640, height: 480 },
      pages: [{ width: 640, height: 480 }],
    });
    const [row] = (await drawingRows()).filter((candidate) => candidate.id === drawing._id);
    expect(row!.content_type).toBe(contentType);
  });

  it('reports a JPEG’s size as browsers show it, with its EXIF orientation applied', async () => {
    const drawing = await uploadDrawing(service, service.newUser(), await rotatedJpeg(), 'phone-photo.jpg');
    expect(drawing.metadata.image_size).toEqual({ width: 300, height: 400 });
  });

  it('goes by content, not by name: PNG bytes named .pdf are a PNG', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePng(), 'looks-like.pdf');
    expect(drawing.documentName).toBe('looks-like.pdf');
    expect(drawing.metadata.pageCount).toBeUndefined();
    const [row] = (await drawingRows()).filter((candidate) => candidate.id === drawing._id);
    expect(row).toMatchObject({ content_type: 'image/png', object_key: expect.stringMatching(/\.png$/) });
    const file = await request(service.http).get(`/api/drawings/${drawing._id}/file`).set(user.auth).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('stores a path-traversal file name under a generated key, and shows it sanitised', async () => {
    const before = await storedKeys();
    const drawing = await uploadDrawing(service, service.newUser(), await samplePng(), '../../../etc/passwd.png');
    expect(drawing.documentName).toBe('passwd.png');
    const [row] = (await drawingRows()).filter((candidate) => candidate.id === drawing._id);
    expect(row!.object_key).toMatch(/^drawings\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const added = (await storedKeys()).filter((key) => !before.includes(key));
    expect(added).toEqual([row!.object_key]);
  });

  it('reads a UTF-8 file name as UTF-8', async () => {
    const drawing = await uploadDrawing(service, service.newUser(), await samplePng(), 'Schéma 配管図.png');
    expect(drawing.documentName).toBe('Schéma 配管図.png');
  });

  it('accepts a file of exactly 10 MB (10485760 bytes)', async () => {
    const drawing = await uploadDrawing(service, service.newUser(), await pngOfSize(MAX_UPLOAD_BYTES), 'exactly-10mb.png');
    expect(drawing.status).toBe('uploaded');
  });
});

describe('refused uploads', () => {
  it('refuse a blank name, a missing name and a missing file with the spec’s messages', async () => {
    const user = service.newUser();
    const png = await samplePng();
    await uploadRequest(service, user, png, 'a.png', '   ').expect(400, { msg: 'Please provide a name for your drawing' });
    await uploadRequest(service, user, png, 'a.png', null).expect(400, { msg: 'Please provide a name for your drawing' });
    await uploadRequest(service, user, png, 'a.png', 'x'.repeat(201)).expect(400, { msg: 'Drawing name must be at most 200 characters' });
    await uploadRequest(service, user, png, 'a.png', 'P&ID\u0000').expect(400, { msg: 'Text must not contain NUL characters' });
    await request(service.http)
      .post('/api/drawings')
      .set(user.auth)
      .field('name', 'No file')
      .expect(400, { msg: 'Please select a file to upload' });
    await request(service.http)
      .post('/api/drawings')
      .set(user.auth)
      .send({ name: 'json' })
      .expect(400, { msg: 'Please select a file to upload' });
  });

  it('refuse a file over 10 MB (10485761 bytes) with 413', async () => {
    const tooBig = await pngOfSize(MAX_UPLOAD_BYTES + 1);
    await uploadRequest(service, service.newUser(), tooBig, 'big.png').expect(413, { msg: 'File size should not exceed 10MB' });
  });

  it('refuse a request that declares a far bigger body before reading it', async () => {
    const user = service.newUser();
    const server = service.http as http.Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const call = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/drawings',
          headers: {
            ...user.auth,
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': String(200 * 1024 * 1024),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        },
      );
      // The service answers without waiting for the 200 MB it was promised; writing stops when it hangs up.
      call.on('error', (error) =>
        ['EPIPE', 'ECONNRESET'].includes((error as NodeJS.ErrnoException).code ?? '') ? undefined : reject(error),
      );
      call.write(Buffer.alloc(64 * 1024));
    });
    expect(status).toEqual({ status: 413, body: JSON.stringify({ msg: 'File size should not exceed 10MB' }) });
  });

  it('refuse anything but PDF, PNG, JPEG and TIFF with 415, whatever the name says', async () => {
    const user = service.newUser();
    const message = { msg: 'Only PDF, PNG, JPG, JPEG, and TIFF files are allowed' };
    await uploadRequest(service, user, randomBytes(4096), 'random.png').expect(415, message);
    await uploadRequest(service, user, Buffer.from('GIF89a\x01\x00\x01\x00'), 'anim.gif').expect(415, message);
    await uploadRequest(service, user, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'x.pdf').expect(415, message);
  });

  it('refuse an empty file', async () => {
    await uploadRequest(service, service.newUser(), Buffer.alloc(0), 'empty.pdf').expect(400, { msg: 'The file is empty' });
  });

  it('refuse truncated and corrupt files', async () => {
    const user = service.newUser();
    const unreadable = { msg: 'The file is damaged or incomplete and cannot be read' };
    const pdf = await samplePdf();
    await uploadRequest(service, user, pdf.subarray(0, Math.floor(pdf.length / 2)), 'cut.pdf').expect(400, unreadable);
    await uploadRequest(service, user, pdf.subarray(0, pdf.length - 8), 'cut-end.pdf').expect(400, unreadable);
    const png = await samplePng();
    await uploadRequest(service, user, png.subarray(0, png.length - 40), 'cut.png').expect(400, unreadable);
    const jpeg = await sampleJpeg();
    await uploadRequest(service, user, jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg').expect(400, unreadable);
    const tiff = await sampleTiff();
    await uploadRequest(service, user, tiff.subarray(0, Math.floor(tiff.length / 2)), 'cut.tif').expect(400, unreadable);
    const corrupt = Buffer.from(png);
    corrupt.fill(0x41, 40, 200);
    await uploadRequest(service, user, corrupt, 'corrupt.png').expect(400, unreadable);
    await uploadRequest(service, user, Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), 'fake.pdf').expect(400, unreadable);
  });

  it('refuse a password-protected PDF', async () => {
    await uploadRequest(service, service.newUser(), await passwordProtectedPdf(), 'secret.pdf').expect(400, {
      msg: 'PDF is password-protected',
    });
  });

  it('refuse a PDF with JavaScript (415), and one of more than 1000 pages (413), leaving nothing behind', async () => {
    const user = service.newUser();
    const before = await storedKeys();
    await uploadRequest(service, user, await pdfWithJavaScript(), 'script.pdf').expect(415, {
      msg: 'PDFs with JavaScript are not accepted',
    });
    const tooMany = { msg: 'The PDF has too many pages: at most 1000 are allowed' };
    await uploadRequest(service, user, await samplePdf(Array.from({ length: 1001 }, () => [72, 72])), 'many.pdf').expect(413, tooMany);
    expect(await storedKeys()).toEqual(before);
  });

  it('refuse a decompression bomb: a 30000 × 30000 px image in a small file', async () => {
    const bomb = hugePng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    await uploadRequest(service, service.newUser(), bomb, 'bomb.png').expect(413, {
      msg: 'The image is too large: at most 100 megapixels are allowed',
    });
  });

  it('refuse two files, a file in another field and a malformed body', async () => {
    const user = service.newUser();
    const png = await samplePng();
    const upload = () => request(service.http).post('/api/drawings').set(user.auth);
    await upload()
      .attach('drawing', png, 'a.png')
      .attach('drawing', png, 'b.png')
      .field('name', 'Two')
      .expect(400, { msg: 'Please upload one file at a time' });
    await upload()
      .attach('file', png, 'a.png')
      .field('name', 'Elsewhere')
      .expect(400, { msg: 'Send the drawing file in the "drawing" field' });
    await upload()
      .set('Content-Type', 'multipart/form-data; boundary=zzz')
      .send('--zzz\r\nContent-Disposition: form-data; name="drawing"; filename="a.png"\r\n\r\nabc')
      .expect(400, { msg: 'The upload was incomplete or malformed. Please try again.' });
  });

  it('remove the stored file when the drawing cannot be recorded', async () => {
    const before = await storedKeys();
    // The database refuses this one name, after the file has been stored.
    await service.context.dataSource.query(
      `ALTER TABLE drawings ADD CONSTRAINT test_refuse_name CHECK (name <> 'refused by the database')`,
    );
    try {
      await uploadRequest(service, service.newUser(), await samplePng(), 'a.png', 'refused by the database').expect(500);
    } finally {
      await service.context.dataSource.query('ALTER TABLE drawings DROP CONSTRAINT test_refuse_name');
    }
    expect(await storedKeys()).toEqual(before);
  });

  it('leave no object and no row behind', async () => {
    // Everything above that was refused: the stored objects are exactly those of accepted drawings.
    const keys = (await drawingRows()).map((row) => row.object_key).sort();
    expect(await storedKeys().then((stored) => stored.sort())).toEqual(keys);
    expect(keys).toHaveLength(9);
  });

  it('refuse callers without a token, a verified e-mail or a subscription, without reading the file', async () => {
    const png = await samplePng();
    await request(service.http).post('/api/drawings').attach('drawing', png, 'a.png').field('name', 'x').expect(401);
    const unverified = service.newUser();
    service.unverified.add(unverified.id);
    await uploadRequest(service, unverified, png, 'a.png').expect(403, { msg: 'Please verify your email address to access this feature' });
    const lapsed = service.newUser();
    service.lapsed.add(lapsed.id);
    await uploadRequest(service, lapsed, png, 'a.png').expect(403, { msg: 'Subscription required to access this feature' });
  });
});

describe('round trip', () => {
  it('answers the uploaded PNG byte for byte', async () => {
    const user = service.newUser();
    const png = await samplePng(320, 200);
    const drawing = await uploadDrawing(service, user, png, 'plan.png');
    const file = await getDrawingFile(service, user, drawing._id).expect(200);
    expect((file.body as Buffer).equals(png)).toBe(true);
  });
});
