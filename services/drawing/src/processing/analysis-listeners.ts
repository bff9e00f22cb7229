import {
  CONSUMERS,
  STREAMS,
  SUBJECTS,
  type AnalysisAppliedEvent,
  type AnalysisFailedEvent,
  type AnalysisResultEvent,
} from '@pid/contracts';
import { isUuid, consumeJson, ensureConsumer, ensureStream, type Logger } from '@pid/platform';
import type { NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';
import { cleanMessage, DrawingRuns, type RunState } from './drawing-runs';
import type { ProgressPublisher } from './progress-publisher';

/** The streams this service publishes to or reads from, created (or brought up to date) at start. */
export async function ensureDrawingStreams(nats: NatsConnection): Promise<void> {
  // The same definition as the analysis service's: whoever starts first creates the work queue.
  await ensureStream(nats, { ...STREAMS.analysisJobs, retention: 'workqueue' });
  await ensureStream(nats, STREAMS.analysisResults);
  await ensureStream(nats, STREAMS.drawingEvents);
  await ensureConsumer(nats, STREAMS.analysisResults.name, { durable: CONSUMERS.drawingResults, filterSubject: SUBJECTS.analysisResult });
  await ensureConsumer(nats, STREAMS.analysisResults.name, { durable: CONSUMERS.drawingFailures, filterSubject: SUBJECTS.analysisFailed });
  await ensureConsumer(nats, STREAMS.analysisResults.name, { durable: CONSUMERS.drawingApplied, filterSubject: SUBJECTS.analysisApplied });
}

/**
 * Follows the analysis of drawings (progress: `ProgressEventsController`):
 * - results (JetStream, durable consumers shared by replicas): the image and page sizes and how each page
 *   was read; a result in parts is recorded with its last part.
 * - the graph service's word that it saved the result (`SUBJECTS.analysisApplied`): `completed`, so that a
 *   completed drawing always has its elements; failures: `error`. Each is published as a progress event for
 *   the owner's sockets. Events of another run are ignored.
 * Returns the teardown.
 */
export async function startAnalysisListeners(
  nats: NatsConnection,
  dataSource: DataSource,
  publisher: ProgressPublisher,
  logger: Logger,
): Promise<() => Promise<void>> {
  const runs = new DrawingRuns(dataSource);

  /** A durable consumer of the results stream, for events that name a run (`drawingId`, `jobId`). */
  const consumeRunEvents = <T extends { drawingId?: unknown; jobId?: unknown }>(
    durable: string,
    handle: (event: T & { drawingId: string; jobId: string }) => Promise<void>,
  ) =>
    consumeJson<T>(nats, {
      stream: STREAMS.analysisResults.name,
      durable,
      logger,
      handler: async (event) => {
        if (isUuid(event.drawingId) && isUuid(event.jobId)) await handle(event as T & { drawingId: string; jobId: string });
      },
    });
  const publishState = (state: RunState | undefined) => {
    if (state) publisher.publish(state);
  };

  const results = await consumeRunEvents<Partial<AnalysisResultEvent>>(CONSUMERS.drawingResults, async (event) => {
    // A result in parts is recorded with its last part, which the worker publishes last.
    if (event.part && event.part.index !== event.part.count) return;
    const pageSizes = Array.isArray(event.pages) ? event.pages.map((page) => page?.imageSize) : undefined;
    const pageSources = Array.isArray(event.pages) ? event.pages.map((page) => page?.source) : undefined;
    await runs.recordResult(event.drawingId, event.jobId, event.imageSize, pageSizes, pageSources);
  });
  const applied = await consumeRunEvents<Partial<AnalysisAppliedEvent>>(CONSUMERS.drawingApplied, async (event) =>
    publishState(await runs.complete(event.drawingId, event.jobId)),
  );
  const failures = await consumeRunEvents<Partial<AnalysisFailedEvent>>(CONSUMERS.drawingFailures, async (event) =>
    publishState(await runs.fail(event.drawingId, event.jobId, cleanMessage(event.message))),
  );

  return async () => {
    await Promise.allSettled([results.stop(), applied.stop(), failures.stop()]);
  };
}

/** Gives up drawings whose job was lost (see `STALE_PROCESSING_MINUTES`), every few minutes. Returns the teardown. */
export function startStaleRunExpiry(
  dataSource: DataSource,
  publisher: ProgressPublisher,
  logger: Logger,
  intervalMs = 5 * 60_000,
): () => Promise<void> {
  const runs = new DrawingRuns(dataSource);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runs.expireStale().then(
      (expired) => {
        for (const state of expired) publisher.publish(state);
        if (expired.length > 0) logger.warn({ drawingIds: expired.map((state) => state.drawingId) }, 'stale processing runs given up');
      },
      (error) => logger.warn({ err: error }, 'expiring stale processing runs failed'),
    );
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
