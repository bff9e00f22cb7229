import { randomUUID } from 'node:crypto';
import {
  CONSUMERS,
  STREAMS,
  SUBJECTS,
  type AnalysisAppliedEvent,
  type AnalysisFailedEvent,
  type AnalysisJob,
  type AnalysisResultEvent,
  type DrawingProgressEvent,
  type ImageSize,
} from '@pid/contracts';
import { consumeJson, decodeJson, encodeJson, ensureConsumer, publishJson, type RunningConsumer } from '@pid/platform';
import { connect, type NatsConnection, type Subscription } from 'nats';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startDrawingService, uploadDrawing, type DrawingTestService, type TestUser } from '../testing/drawing-test-kit';
import { ensureDrawingStreams } from './analysis-listeners';
import { DrawingRuns } from './drawing-runs';
import { LETTER, eventually, samplePdf, samplePng, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

let service: DrawingTestService;
/** The test worker's own connection, as the analysis service would have. */
let worker: NatsConnection;
let workerConsumer: RunningConsumer;
const jobs: AnalysisJob[] = [];
/** Everything published on the progress subject, as the gateway sees it. */
const progressEvents: DrawingProgressEvent[] = [];
let progressSubscription: Subscription;

async function startWorker() {
  await ensureConsumer(worker, STREAMS.analysisJobs.name, { durable: CONSUMERS.analysisWorkers, filterSubject: SUBJECTS.analysisJob });
  workerConsumer = await consumeJson<AnalysisJob>(worker, {
    stream: STREAMS.analysisJobs.name,
    durable: CONSUMERS.analysisWorkers,
    handler: async (job) => void jobs.push(job),
  });
}

beforeAll(async () => {
  service = await startDrawingService();
  worker = await connect({ servers: service.services.natsUrl, name: 'test-analysis-worker' });
  await startWorker();
  progressSubscription = worker.subscribe(SUBJECTS.drawingProgress, {
    callback: (_error, message) => progressEvents.push(decodeJson<DrawingProgressEvent>(message.data)),
  });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  progressSubscription?.unsubscribe();
  await workerConsumer?.stop();
  await worker?.drain();
  await service?.close();
}, HOOK_TIMEOUT_MS);

const api = () => request(service.http);

async function status(user: TestUser, drawingId: string) {
  return (await api().get(`/api/drawings/${drawingId}/status`).set(user.auth).expect(200)).body as {
    drawingStatus: string;
    message: string;
    progress: number;
  };
}

/** The drawing's `metadata`, as its owner reads it. */
async function metadataOf(user: TestUser, drawingId: string) {
  return (await api().get(`/api/drawings/${drawingId}`).set(user.auth).expect(200)).body.metadata;
}

function jobOf(drawingId: string, jobId: string) {
  return eventually(() => jobs.find((job) => job.drawingId === drawingId && job.jobId === jobId), `job ${jobId} on the queue`);
}

/** As the analysis worker reports progress: core NATS, status `processing`. */
function reportProgress(job: AnalysisJob, progress: number, message: string) {
  const event: DrawingProgressEvent = {
    drawingId: job.drawingId,
    userId: job.userId,
    jobId: job.jobId,
    status: 'processing',
    progress,
    message,
  };
  worker.publish(SUBJECTS.drawingProgress, encodeJson(event));
}

/** Publishes on the results stream and waits until the drawing service's durable consumer has acknowledged it. */
async function publishResultEvent(
  subject: string,
  durable: string,
  event: AnalysisResultEvent | AnalysisFailedEvent | AnalysisAppliedEvent,
) {
  const ack = await publishJson(worker, subject, event, `${subject}-${event.jobId}-${randomUUID()}`);
  const jsm = await worker.jetstreamManager();
  await eventually(async () => {
    const info = await jsm.consumers.info(STREAMS.analysisResults.name, durable);
    return info.ack_floor.stream_seq >= ack.seq ? true : undefined;
  }, `${durable} to acknowledge #${ack.seq}`);
}

/** A result that found nothing on a page of `imageSize`. */
function emptyResult(jobId: string, drawingId: string, user: TestUser, imageSize: ImageSize): AnalysisResultEvent {
  return { jobId, drawingId, userId: user.id, imageSize, elements: [], connections: [] };
}

/** A result, and then, as the graph service says once it has saved a whole result, that it is applied. */
async function publishResult(event: AnalysisResultEvent) {
  await publishResultEvent(SUBJECTS.analysisResult, CONSUMERS.drawingResults, event);
  if (event.part && event.part.index !== event.part.count) return;
  await publishResultEvent(SUBJECTS.analysisApplied, CONSUMERS.drawingApplied, {
    jobId: event.jobId,
    drawingId: event.drawingId,
    userId: event.userId,
  });
}
const publishFailure = (event: AnalysisFailedEvent) => publishResultEvent(SUBJECTS.analysisFailed, CONSUMERS.drawingFailures, event);

describe('processing a drawing', () => {
  it('goes processing → progress → completed with a worker on the real queue, and tells the sockets', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePdf(), 'plan.pdf');

    const started = await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(200);
    const jobId: string = started.body.metadata.jobId;
    expect(started.body).toEqual({
      ...drawing,
      status: 'processing',
      processingMessage: 'Processing started',
      metadata: { ...drawing.metadata, processingProgress: 0, jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(await status(user, drawing._id)).toEqual({ drawingStatus: 'processing', message: 'Processing started', progress: 0 });

    const [row] = await service.context.dataSource.query('SELECT object_key FROM drawings WHERE id = $1', [drawing._id]);
    const job = await jobOf(drawing._id, jobId);
    expect(job).toEqual({
      jobId,
      drawingId: drawing._id,
      userId: user.id,
      objectKey: row.object_key,
      contentType: 'application/pdf',
      pageCount: 1,
    });

    reportProgress(job, 30, 'Detecting symbols');
    await eventually(async () => ((await status(user, drawing._id)).progress === 30 ? true : undefined), 'progress 30');
    expect(await status(user, drawing._id)).toEqual({ drawingStatus: 'processing', message: 'Detecting symbols', progress: 30 });

    // Late and out of order: progress never goes backwards within a run.
    reportProgress(job, 20, 'An older report');
    reportProgress(job, 60, 'Tracing lines');
    await eventually(async () => ((await status(user, drawing._id)).progress === 60 ? true : undefined), 'progress 60');
    reportProgress(job, 45, 'Another older report');
    reportProgress(job, 60, 'Reading text');
    await eventually(async () => ((await status(user, drawing._id)).message === 'Reading text' ? true : undefined), 'a new message at 60');
    expect(await status(user, drawing._id)).toEqual({ drawingStatus: 'processing', message: 'Reading text', progress: 60 });

    await publishResult(emptyResult(jobId, drawing._id, user, { width: 1700, height: 2200 }));
    expect(await status(user, drawing._id)).toEqual({ drawingStatus: 'completed', message: 'Processing complete', progress: 100 });
    expect(await metadataOf(user, drawing._id)).toEqual({
      processingProgress: 100,
      jobId,
      image_size: { width: 1700, height: 2200 },
      pageCount: 1,
      pages: [{ width: 1700, height: 2200 }],
    });

    // A progress report after the result changes nothing.
    reportProgress(job, 80, 'Too late');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await status(user, drawing._id)).toEqual({ drawingStatus: 'completed', message: 'Processing complete', progress: 100 });

    // The service's own events, for the owner's sockets: started, then completed, each exactly once.
    await eventually(
      () => (progressEvents.some((event) => event.drawingId === drawing._id && event.status === 'completed') ? true : undefined),
      'completed event',
    );
    const own = progressEvents.filter(
      (event) => event.drawingId === drawing._id && (event.status !== 'processing' || event.message === 'Processing started'),
    );
    expect(own).toEqual([
      {
        drawingId: drawing._id,
        userId: user.id,
        jobId,
        status: 'processing',
        message: 'Processing started',
        progress: 0,
        imageSize: { width: 1700, height: 2200 },
      },
      {
        drawingId: drawing._id,
        userId: user.id,
        jobId,
        status: 'completed',
        message: 'Processing complete',
        progress: 100,
        imageSize: { width: 1700, height: 2200 },
      },
    ]);
  });

  it('refuses to start while processing or once processed (409), and starts images without a page', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePng(), 'plan.png');
    const jobId: string = (await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(200)).body.metadata.jobId;
    await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(409, { msg: 'Drawing is already being processed' });
    const job = await jobOf(drawing._id, jobId);
    expect(job.contentType).toBe('image/png');
    expect(job).not.toHaveProperty('page');
    expect(job).not.toHaveProperty('pageCount');
    await publishResult(emptyResult(jobId, drawing._id, user, { width: 640, height: 480 }));
    await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(409, { msg: 'Drawing has already been processed' });
  });

  it('asks for every page of a PDF and completes a result in parts with its last part', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePdf([LETTER, LETTER, LETTER]), 'three.pdf');
    const jobId: string = (await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(200)).body.metadata.jobId;
    const job = await jobOf(drawing._id, jobId);
    expect(job).toMatchObject({ pageCount: 3 });
    expect(job).not.toHaveProperty('page');
    const size = { width: 1700, height: 2200 };
    const part = (index: number): AnalysisResultEvent => ({
      jobId,
      drawingId: drawing._id,
      userId: user.id,
      imageSize: size,
      pages: (['vector', 'raster', 'mixed'] as const).map((source, i) => ({ page: i + 1, imageSize: size, source })),
      elements: [],
      connections: [],
      part: { resultId: 'abc', index, count: 2 },
    });
    await publishResult(part(1));
    expect((await status(user, drawing._id)).drawingStatus).toBe('processing');
    await publishResult(part(2));
    expect(await status(user, drawing._id)).toEqual({ drawingStatus: 'completed', message: 'Processing complete', progress: 100 });
    // How each page was read is kept for the reviewer.
    expect((await metadataOf(user, drawing._id)).pageSources).toEqual(['vector', 'raster', 'mixed']);
  });

  it('ignores results of another run', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePng(), 'plan.png');
    const jobId: string = (await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(200)).body.metadata.jobId;
    const stale = randomUUID();
    await publishResult(emptyResult(stale, drawing._id, user, { width: 9, height: 9 }));
    await publishFailure({ jobId: stale, drawingId: drawing._id, userId: user.id, message: 'not this run' });
    reportProgress({ ...(await jobOf(drawing._id, jobId)), jobId: stale }, 90, 'not this run');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await status(user, drawing._id)).toEqual({ drawingStatus: 'processing', message: 'Processing started', progress: 0 });
    expect(await metadataOf(user, drawing._id)).toEqual({
      processingProgress: 0,
      jobId,
      image_size: { width: 640, height: 480 },
      pages: [{ width: 640, height: 480 }],
    });
  });

  it('turns a failure into error with the worker’s message, and may be retried as a new run', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePdf(), 'plan.pdf');
    const firstJob: string = (await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(200)).body.metadata.jobId;
    reportProgress(await jobOf(drawing._id, firstJob), 40, 'Detecting symbols');
    await eventually(async () => ((await status(user, drawing._id)).progress === 40 ? true : undefined), 'progress 40');
    await publishFailure({ jobId: firstJob, drawingId: drawing._id, userId: user.id, message: 'The image is too dark to read' });
    expect(await status(user, drawing._id)).toEqual({ drawingStatus: 'error', message: 'The image is too dark to read', progress: 40 });
    await eventually(() => progressEvents.find((event) => event.drawingId === drawing._id && event.status === 'error'), 'error event').then(
      (event) => expect(event).toMatchObject({ userId: user.id, jobId: firstJob, message: 'The image is too dark to read' }),
    );

    const retried = await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(200);
    const secondJob: string = retried.body.metadata.jobId;
    expect(secondJob).not.toBe(firstJob);
    expect(retried.body).toMatchObject({
      status: 'processing',
      processingMessage: 'Processing started',
      metadata: { processingProgress: 0 },
    });
    await jobOf(drawing._id, secondJob);
    // The first run's result arrives late: the second run is not completed by it.
    await publishResult(emptyResult(firstJob, drawing._id, user, { width: 1, height: 1 }));
    expect((await status(user, drawing._id)).drawingStatus).toBe('processing');
  });

  it('gives up a run that has had no news for hours, so that it can be retried', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePng(), 'plan.png');
    await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(200);
    const runs = new DrawingRuns(service.context.dataSource);
    expect((await runs.expireStale()).map((state) => state.drawingId)).not.toContain(drawing._id);
    await service.context.dataSource.query(`UPDATE drawings SET updated_at = now() - interval '3 hours' WHERE id = $1`, [drawing._id]);
    expect(await runs.expireStale()).toEqual([
      expect.objectContaining({ drawingId: drawing._id, status: 'error', message: 'Processing timed out. Please try again.' }),
    ]);
    await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(200);
  });

  it('answers 503 and changes nothing when the job cannot be queued', async () => {
    const user = service.newUser();
    const drawing = await uploadDrawing(service, user, await samplePng(), 'plan.png');
    await workerConsumer.stop();
    const jsm = await worker.jetstreamManager();
    await jsm.streams.delete(STREAMS.analysisJobs.name);
    try {
      await api()
        .post(`/api/drawings/${drawing._id}/process`)
        .set(user.auth)
        .expect(503, { msg: 'Processing is temporarily unavailable. Please try again.' });
      await api().get(`/api/drawings/${drawing._id}`).set(user.auth).expect(200, drawing);
    } finally {
      await ensureDrawingStreams(worker);
      await startWorker();
    }
    const jobId: string = (await api().post(`/api/drawings/${drawing._id}/process`).set(user.auth).expect(200)).body.metadata.jobId;
    await jobOf(drawing._id, jobId);
  });
});
