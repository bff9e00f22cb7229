import { CONSUMERS, isSymbolElement, STREAMS, SUBJECTS, type AnalysisJob } from '@pid/contracts';
import { pdfRenderSize, publishJson, type ObjectStorage, type RunningConsumer } from '@pid/platform';
import {
  CONTINUATION,
  box,
  drawingPdf,
  line,
  multiPageDrawingPdf,
  passwordProtectedPdf,
  svgPng,
  type ServiceHarness,
  HOOK_TIMEOUT_MS,
} from '@pid/platform/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnalysisEnv } from '../env';
import { MESSAGES } from '../ingest/page-image';
import { startWorkerHarness, waitFor, workerJobs } from '../testing/worker-jobs';
import { FAILED_MESSAGE, startAnalysisWorker, type WorkerOptions } from './analysis-worker';

let service: ServiceHarness<AnalysisEnv>;
let storage: ObjectStorage;
let { storedJob, queueJob, collectProgress, streamed, settled, run, ended } = {} as ReturnType<typeof workerJobs>;
const workers: RunningConsumer[] = [];

beforeAll(async () => {
  // The service's own worker is off: each test starts the workers it needs.
  ({ service, storage } = await startWorkerHarness({
    // Short, for the crashed-worker tests' redeliveries; long enough that a stage blocking the event loop on a
    // loaded CI machine does not outlast it between heartbeats (an extra delivery fails the delivery counts).
    ANALYSIS_ACK_WAIT_MS: '5000',
    ANALYSIS_MAX_DELIVER: '3',
    ANALYSIS_CONCURRENCY: '1',
  }));
  ({ storedJob, queueJob, collectProgress, streamed, settled, run, ended } = workerJobs(service, storage));
}, HOOK_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
}, HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

async function startWorker(options: Partial<WorkerOptions> = {}) {
  const worker = await startAnalysisWorker(service.context, { storage, backoffMs: () => 100, ...options });
  workers.push(worker);
  return worker;
}

const drawingPng = () => svgPng(640, 420, box(60, 150, 120, 90) + box(440, 150, 120, 90) + line(180, 195, 440, 195));

/** A generated 3-page PDF in storage, and the job that analyses all its pages. */
const threePageJob = async () => storedJob(await multiPageDrawingPdf(3), 'pdf', 'application/pdf', { pageCount: 3 });

describe('analysis worker', () => {
  it('analyses a PNG: progress by stage that never goes backwards, then one result', async () => {
    await startWorker();
    const bytes = await drawingPng();
    const job = await storedJob(bytes, 'png', 'image/png');
    const collected = await collectProgress(job.jobId);
    await publishJson(service.context.nats, SUBJECTS.analysisJob, job, job.jobId);
    const { results, failures } = await settled(job.jobId);
    await service.context.nats.flush();
    collected.stop();
    expect(failures).toEqual([]);
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result).toMatchObject({ drawingId: job.drawingId, userId: job.userId, imageSize: { width: 640, height: 420 } });
    // Both boxes, as symbols: what a bare rectangle is named is the detector's call.
    expect(result.elements.filter(isSymbolElement)).toHaveLength(2);
    expect(result.connections).toHaveLength(1);
    const progress = collected.events;
    expect(progress.map((e) => e.message)).toEqual([
      'Rendering the drawing',
      'Finding lines',
      'Finding symbols',
      'Reading text',
      'Tracing connections',
      'Saving the results',
    ]);
    const values = progress.map((e) => e.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    expect(progress.every((e) => e.status === 'processing' && e.drawingId === job.drawingId && e.userId === job.userId)).toBe(true);
    expect(await ended(job.jobId)).toEqual({ status: 'completed', attempts: 1, error: null });
  });

  it('analyses the page of a multi-page PDF that the job names, in the renderer’s pixel space', async () => {
    await startWorker();
    const job = await queueJob(await drawingPdf(2, 2), 'pdf', 'application/pdf', 2);
    const { results } = await settled(job.jobId);
    expect(results).toHaveLength(1);
    const size = pdfRenderSize(612, 396, { dpi: 200, maxSide: 10_000, maxPixels: 100_000_000 });
    expect(results[0].imageSize).toEqual({ width: size.width, height: size.height });
    expect(results[0].elements.filter((e) => e.elementType === 'equipment')).toHaveLength(2);
    expect(results[0].elements.every((e) => e.page === 2)).toBe(true);
    expect(results[0].connections).toHaveLength(1);
  });

  it('analyses every page of a multi-page PDF separately, in one run with progress that never goes backwards', async () => {
    await startWorker();
    const job = await threePageJob();
    const progress = await collectProgress(job.jobId);
    await publishJson(service.context.nats, SUBJECTS.analysisJob, job, job.jobId);
    const { results, failures } = await settled(job.jobId);
    await service.context.nats.flush();
    progress.stop();
    expect(failures).toEqual([]);
    expect(results).toHaveLength(1);
    const [result] = results;
    const size = pdfRenderSize(792, 396, { dpi: 200, maxSide: 10_000, maxPixels: 100_000_000 });
    const imageSize = { width: size.width, height: size.height };
    expect(result.imageSize).toEqual(imageSize);
    expect(result.pages).toEqual([1, 2, 3].map((page) => ({ page, imageSize, source: expect.stringMatching(/^(raster|vector|mixed)$/) })));
    expect(result.part).toBeUndefined();

    // Each page on its own: its two boxes, its pipe between them, keys unique across the pages.
    const keys = result.elements.map((element) => element.key);
    expect(new Set(keys).size).toBe(keys.length);
    const pageOf = new Map(result.elements.map((element) => [element.key, element.page]));
    for (const page of [1, 2, 3]) {
      const onPage = result.elements.filter((element) => element.page === page);
      expect(onPage.filter((element) => element.elementType === 'equipment')).toHaveLength(2);
      expect(onPage.every((element) => element.key.startsWith(`p${page}:`))).toBe(true);
    }
    expect(result.elements.every((element) => [1, 2, 3].includes(element.page!))).toBe(true);
    for (const connection of result.connections) expect(pageOf.get(connection.sourceKey)).toBe(pageOf.get(connection.targetKey));
    expect(new Set(result.connections.map((connection) => pageOf.get(connection.sourceKey)))).toEqual(new Set([1, 2, 3]));
    // The off-page connectors of pages 1 and 3, with their continuation labels beside them.
    const connectors = result.elements.filter((element) => element.elementType === 'off_page_connector');
    expect(connectors.map((element) => element.page)).toEqual([1, 3]);
    // The labels as read (spacing may differ from what was written).
    const compact = (text: string) => text.replace(/\s+/g, '');
    const texts = result.elements
      .filter((element) => element.elementType === 'text')
      .map((element) => [element.page, compact(element.name)]);
    expect(texts).toEqual(
      expect.arrayContaining([
        [1, compact(CONTINUATION.out)],
        [3, compact(CONTINUATION.in)],
      ]),
    );

    const values = progress.events.map((event) => event.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const messages = progress.events.map((event) => event.message);
    for (const page of [1, 2, 3]) expect(messages).toContain(`Page ${page} of 3: Finding symbols`);
    expect(messages.indexOf('Page 1 of 3: Finding symbols')).toBeLessThan(messages.indexOf('Page 3 of 3: Finding symbols'));
    expect(messages.at(-1)).toBe('Saving the results');
    expect(values.at(-1)).toBe(95);
  });

  it('sends a result too large for one message in parts, once, when a worker died before or after publishing', async () => {
    const job = await threePageJob();
    await publishJson(service.context.nats, SUBJECTS.analysisJob, job, job.jobId);
    // The crashed worker: takes the job from the shared durable and never settles it.
    const consumer = await service.context.nats.jetstream().consumers.get(STREAMS.analysisJobs.name, CONSUMERS.analysisWorkers);
    expect((await consumer.next({ expires: 5_000 }))?.json<AnalysisJob>().jobId).toBe(job.jobId);
    const maxResultBytes = 3_000;
    const deliveries: number[] = [];
    await startWorker({ maxResultBytes, beforeJob: (_job, context) => void deliveries.push(context.deliveryCount) });
    const completed = () => waitFor(async () => ((await run(job.jobId))?.status === 'completed' ? true : undefined), 60_000);
    await completed();
    expect(deliveries).toEqual([2]);
    const first = (await streamed(job.jobId)).results;
    expect(first.length).toBeGreaterThan(1);
    const resultId = first[0]!.part!.resultId;
    expect(first.map((result) => result.part)).toEqual(first.map((_, i) => ({ resultId, index: i + 1, count: first.length })));
    for (const result of first) expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(maxResultBytes);
    const elements = first.flatMap((result) => result.elements);
    expect(new Set(elements.map((element) => element.key)).size).toBe(elements.length);
    expect(new Set(elements.map((element) => element.page))).toEqual(new Set([1, 2, 3]));

    // A worker that died after publishing, before recording the run and acknowledging: the job comes again
    // and is computed again; its parts carry the same message ids, so nothing more reaches the stream.
    await service.context.dataSource.query('DELETE FROM analysis_runs WHERE id = $1', [job.jobId]);
    await publishJson(service.context.nats, SUBJECTS.analysisJob, job, `${job.jobId}-redelivered`);
    await completed();
    expect(deliveries).toEqual([2, 1]);
    expect((await streamed(job.jobId)).results).toEqual(first);
  });

  it.each([
    ['a corrupt file', async () => Buffer.from('%PDF-1.7 this is not really a pdf'), 'pdf', MESSAGES.unreadable],
    ['random bytes', async () => Buffer.from('not an image at all'), 'png', MESSAGES.unreadable],
    ['an encrypted PDF', passwordProtectedPdf, 'pdf', MESSAGES.password],
    ['a blank page', () => svgPng(300, 200, ''), 'png', MESSAGES.noContent],
    ['a page the PDF does not have', () => drawingPdf(1), 'pdf', MESSAGES.noPage(3)],
  ])('fails %s at once with a message for the user', async (_name, make, extension, message) => {
    await startWorker();
    const job = await queueJob(
      await make(),
      extension,
      extension === 'pdf' ? 'application/pdf' : 'image/png',
      extension === 'pdf' && message === MESSAGES.noPage(3) ? 3 : undefined,
    );
    const { results, failures } = await settled(job.jobId);
    expect(results).toEqual([]);
    expect(failures).toEqual([{ jobId: job.jobId, drawingId: job.drawingId, userId: job.userId, message }]);
    expect(await ended(job.jobId)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('retries a transient error and publishes the result once', async () => {
    const deliveries: number[] = [];
    await startWorker({
      beforeJob: (_job, context) => {
        deliveries.push(context.deliveryCount);
        if (context.deliveryCount === 1) throw new Error('storage hiccup');
      },
    });
    const job = await queueJob(await drawingPng(), 'png', 'image/png');
    const { results, failures } = await settled(job.jobId);
    expect(deliveries).toEqual([1, 2]);
    expect(results).toHaveLength(1);
    expect(failures).toEqual([]);
    expect(await ended(job.jobId)).toEqual({ status: 'completed', attempts: 2, error: null });
  });

  it('gives up after the last delivery with a failure event', async () => {
    let deliveries = 0;
    await startWorker({
      beforeJob: () => {
        deliveries++;
        throw new Error('always broken');
      },
    });
    const job = await queueJob(await drawingPng(), 'png', 'image/png');
    const { results, failures } = await settled(job.jobId);
    expect(deliveries).toBe(3);
    expect(results).toEqual([]);
    expect(failures.map((f) => f.message)).toEqual([FAILED_MESSAGE]);
    expect(await ended(job.jobId)).toMatchObject({ status: 'failed', attempts: 3, error: 'always broken' });
  });

  it('completes a job once when the worker that took it died without acknowledging it', async () => {
    const job = await queueJob(await drawingPng(), 'png', 'image/png');
    // The crashed worker: takes the job from the shared durable and never settles it.
    const consumer = await service.context.nats.jetstream().consumers.get(STREAMS.analysisJobs.name, CONSUMERS.analysisWorkers);
    const taken = await consumer.next({ expires: 5_000 });
    expect(taken?.json<AnalysisJob>().jobId).toBe(job.jobId);
    const deliveries: number[] = [];
    await startWorker({ beforeJob: (_job, context) => void deliveries.push(context.deliveryCount) });
    const { results } = await settled(job.jobId);
    expect(deliveries).toEqual([2]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await streamed(job.jobId)).results).toHaveLength(1);
    expect(results[0].elements.length).toBeGreaterThan(0);
    expect(await ended(job.jobId)).toEqual({ status: 'completed', attempts: 1, error: null });
  });

  it('does not publish a second result when a crashed worker had published before it died', async () => {
    const job = await queueJob(await drawingPng(), 'png', 'image/png');
    // What the crashed worker got out before it died (same message id as the worker uses).
    await publishJson(
      service.context.nats,
      SUBJECTS.analysisResult,
      { jobId: job.jobId, drawingId: job.drawingId, userId: job.userId, imageSize: { width: 1, height: 1 }, elements: [], connections: [] },
      `result-${job.jobId}`,
    );
    await startWorker();
    await waitFor(async () => ((await run(job.jobId))?.status === 'completed' ? true : undefined));
    const { results } = await streamed(job.jobId);
    expect(results).toHaveLength(1);
  });

  it('stops taking jobs on stop() and finishes the one in hand', async () => {
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finishJob!: () => void;
    const gate = new Promise<void>((resolve) => (finishJob = resolve));
    const worker = await startAnalysisWorker(service.context, {
      storage,
      beforeJob: async () => {
        release();
        await gate;
      },
    });
    const first = await queueJob(await drawingPng(), 'png', 'image/png');
    await started;
    const stopping = worker.stop();
    const second = await queueJob(await drawingPng(), 'png', 'image/png');
    finishJob();
    await stopping;
    expect((await streamed(first.jobId)).results).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await streamed(second.jobId)).toEqual({ results: [], failures: [] });
    // Another worker takes the one left over.
    await startWorker();
    expect((await settled(second.jobId)).results).toHaveLength(1);
  });
});
