import { PdfPasswordError, PdfRenderError, pdfRenderSize } from '@pid/platform';
import { A4_LANDSCAPE, LETTER, denseVectorPdf, passwordProtectedPdf, samplePdf, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { DrawingEnv } from '../env';
import { PdfThreads } from './pdf-threads';

const threads = new PdfThreads({ RENDER_CONCURRENCY: 1 } as DrawingEnv);
const OPTIONS = { dpi: 72, maxSide: 10_000, maxPixels: 100_000_000, timeoutMs: 30_000 };

afterAll(() => threads.onApplicationShutdown(), HOOK_TIMEOUT_MS);

describe('PdfThreads', () => {
  it('inspects and renders a PDF in a worker thread, with the same results as on this one', async () => {
    const pdf = await samplePdf([LETTER, A4_LANDSCAPE]);
    const summary = await threads.inspect(pdf, OPTIONS, 10);
    expect(summary.pageCount).toBe(2);
    expect(summary.pages.map(({ width, height }) => [width, height])).toEqual([LETTER, A4_LANDSCAPE]);
    const rendered = await threads.render(pdf, 2, OPTIONS);
    const size = pdfRenderSize(842, 595, OPTIONS);
    expect([rendered.width, rendered.height]).toEqual([size.width, size.height]);
    expect(Buffer.isBuffer(rendered.png)).toBe(true);
    expect(await sharp(rendered.png).metadata()).toMatchObject({ format: 'png', width: size.width, height: size.height });
  });

  it('gives back the platform’s typed errors', async () => {
    await expect(threads.inspect(await passwordProtectedPdf(), OPTIONS, 10)).rejects.toBeInstanceOf(PdfPasswordError);
  });

  it('stops a rendering that runs over its time and goes on with the next task', async () => {
    const dense = await denseVectorPdf(150_000);
    const started = Date.now();
    await expect(threads.render(dense, 1, { ...OPTIONS, dpi: 200, timeoutMs: 1_000 })).rejects.toBeInstanceOf(PdfRenderError);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await threads.inspect(await samplePdf(), OPTIONS, 10)).pageCount).toBe(1);
  });
});
