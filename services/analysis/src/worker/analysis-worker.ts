import { CONSUMERS, STREAMS, SUBJECTS, type AnalysisFailedEvent, type AnalysisJob, type DrawingProgressEvent } from '@pid/contracts';
import {
  consumeJson,
  encodeJson,
  ObjectNotFoundError,
  PermanentJobError,
  publishJson,
  type JobContext,
  type ObjectStorage,
  type RunningConsumer,
  type ServiceContext,
  queryRows,
  runSql,
} from '@pid/platform';
import os from 'node:os';
import type { AnalysisEnv } from '../env';
import { MESSAGES, UnusableFileError } from '../ingest/page-image';
import type { AnalysisStage } from '../pipeline/analyze-page';
import { combinePages, hasValidPages, jobPages } from './job-pages';
import { jobProgress } from './job-progress';
import { jobBudget, JobBudgetExceededError } from './job-process/job-budget';
import { JobProcessPool } from './job-process/job-process-pool';
import { resultMessages } from './result-parts';

export const FAILED_MESSAGE = 'The analysis failed. Please try again later.';

export interface WorkerOptions {
  storage: ObjectStorage;
  /** Delay before a failed job is redelivered. */
  backoffMs?: (deliveryCount: number) => number;
  /** Test hook, called when a job starts (before any work). */
  beforeJob?: (job: AnalysisJob, context: JobContext) => Promise<void> | void;
  /** Largest result message; larger results go in parts (default: the NATS server's `max_payload`). */
  maxResultBytes?: number;
}

/** NATS's default `max_payload`, for a connection that has not said its own. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

function isAnalysisJob(value: unknown): value is AnalysisJob {
  const job = value as AnalysisJob;
  return (
    typeof job === 'object' &&
    job !== null &&
    typeof job.jobId === 'string' &&
    job.jobId.length > 0 &&
    typeof job.drawingId === 'string' &&
    typeof job.userId === 'string' &&
    typeof job.objectKey === 'string' &&
    hasValidPages(job)
  );
}

export interface AnalysisWorker extends RunningConsumer {
  /** The job processes' ids, while they live (tests kill them from outside). */
  jobProcessIds(): number[];
}

/** A problem with the file, or a budget it ran out: final, shown to the user; anything else may be retried. */
function asJobError(error: unknown): unknown {
  if (error instanceof UnusableFileError || error instanceof JobBudgetExceededError) return new PermanentJobError(error.message);
  return error;
}

/**
 * The worker: takes jobs from the shared durable consumer, has a job process run the pipeline (within the
 * job's budget, off this thread, which keeps answering health and heartbeats), publishes progress on
 * core NATS and the result (or the failure) on JetStream with the job id as message id, so a job that
 * is redelivered after a crash is published once. Runs are recorded in `analysis_runs`.
 */
export async function startAnalysisWorker(context: ServiceContext<AnalysisEnv>, options: WorkerOptions): Promise<AnalysisWorker> {
  const { env, nats, dataSource, logger } = context;
  // One process per job in hand; the cores are shared out between their OCR threads.
  const ocrWorkers = env.ANALYSIS_OCR_WORKERS ?? Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / env.ANALYSIS_CONCURRENCY)));
  const pool = new JobProcessPool(
    env.ANALYSIS_CONCURRENCY,
    { ocr: env.ANALYSIS_OCR === 'true', ocrWorkers, symbols: env.ANALYSIS_SYMBOLS, lines: env.ANALYSIS_LINES },
    jobBudget(env),
  );

  const recordStart = async (job: AnalysisJob): Promise<'completed' | 'running'> => {
    // An upsert that answers the row's status: raw SQL through the shared helper.
    const rows = await queryRows<{ status: string }>(
      dataSource.manager,
      `INSERT INTO analysis_runs (id, drawing_id, status, attempts) VALUES ($1, $2, 'running', 1)
       ON CONFLICT (id) DO UPDATE SET attempts = analysis_runs.attempts + 1,
         status = CASE WHEN analysis_runs.status = 'completed' THEN 'completed' ELSE 'running' END, error = NULL
       RETURNING status`,
      [job.jobId, job.drawingId],
    );
    return rows[0].status === 'completed' ? 'completed' : 'running';
  };
  const recordEnd = (jobId: string, status: 'completed' | 'failed', error: string | null) =>
    runSql(dataSource.manager, `UPDATE analysis_runs SET status = $2, error = $3, finished_at = now() WHERE id = $1`, [
      jobId,
      status,
      error,
    ]);

  const handler = async (job: AnalysisJob, jobContext: JobContext) => {
    if (!isAnalysisJob(job)) throw new PermanentJobError('malformed analysis job');
    if ((await recordStart(job)) === 'completed') {
      logger.info({ jobId: job.jobId }, 'analysis job already completed; acknowledging the redelivery');
      return;
    }
    await options.beforeJob?.(job, jobContext);
    const pages = jobPages(job);
    let progress = 0;
    /** `position`: 1-based place of the page in the job. */
    const report = (stage: AnalysisStage, position: number) => {
      jobContext.working();
      const current = jobProgress(stage, position, pages.length);
      progress = Math.max(progress, current.progress);
      const event: DrawingProgressEvent = {
        drawingId: job.drawingId,
        userId: job.userId,
        status: 'processing',
        message: current.message,
        progress,
        jobId: job.jobId,
      };
      // On the connection that publishes the job's result, not through Nest's client (a connection of its own):
      // NATS takes one connection's messages in order, so every progress event is out before the result.
      nats.publish(SUBJECTS.drawingProgress, encodeJson(event));
    };

    report('rendering', 1);
    let bytes: Buffer;
    try {
      bytes = await options.storage.get(job.objectKey);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw new PermanentJobError('The drawing file is missing');
      throw error;
    }
    const ingest = {
      maxProcessingPixels: env.ANALYSIS_MAX_PIXELS,
      maxImagePixels: env.MAX_IMAGE_PIXELS,
      pdf: {
        dpi: env.PDF_RENDER_DPI,
        maxSide: env.PDF_RENDER_MAX_SIDE,
        maxPixels: env.MAX_IMAGE_PIXELS,
        timeoutMs: env.RENDER_TIMEOUT_MS,
        limits: { maxOperators: env.ANALYSIS_MAX_PDF_OPERATORS, maxPathSegments: env.ANALYSIS_MAX_PATH_SEGMENTS },
      },
    };
    const work = { bytes, pages, ingest, maxJobPixels: env.ANALYSIS_MAX_JOB_PIXELS };
    const analysed = await pool.run(work, { onStage: report }).catch((error: unknown) => {
      if (error instanceof JobBudgetExceededError)
        logger.warn({ jobId: job.jobId, reason: error.message }, 'analysis job stopped: over budget');
      throw asJobError(error);
    });
    // A blank page among drawn ones (a cover, a notes sheet) is no failure; a file with nothing drawn is.
    if (analysed.every((analysis) => analysis.inkRatio === 0 || (analysis.lineCount === 0 && analysis.elements.length === 0))) {
      throw new PermanentJobError(MESSAGES.noContent);
    }
    report('saving', pages.length);
    const result = combinePages(job, analysed);
    const maxBytes = options.maxResultBytes ?? nats.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
    const messages = resultMessages(result, maxBytes);
    // In order: the drawing service reads the pages' sizes and sources from the last part.
    for (const { event, messageId } of messages) await publishJson(nats, SUBJECTS.analysisResult, event, messageId);
    await recordEnd(job.jobId, 'completed', null);
    logger.info(
      {
        jobId: job.jobId,
        drawingId: job.drawingId,
        pages: pages.length,
        messages: messages.length,
        elements: result.elements.length,
        connections: result.connections.length,
      },
      'analysis completed',
    );
  };

  const consumer = await consumeJson<AnalysisJob>(nats, {
    stream: STREAMS.analysisJobs.name,
    durable: CONSUMERS.analysisWorkers,
    handler,
    concurrency: env.ANALYSIS_CONCURRENCY,
    maxDeliver: env.ANALYSIS_MAX_DELIVER,
    ackWaitMs: env.ANALYSIS_ACK_WAIT_MS,
    backoffMs: options.backoffMs,
    logger,
    onTerminated: async (job, error) => {
      if (!isAnalysisJob(job)) return;
      const message = error instanceof PermanentJobError ? error.message : FAILED_MESSAGE;
      await recordEnd(job.jobId, 'failed', error instanceof Error ? error.message : String(error)).catch((dbError) =>
        logger.error({ err: dbError, jobId: job.jobId }, 'recording a failed run failed'),
      );
      const event: AnalysisFailedEvent = { jobId: job.jobId, drawingId: job.drawingId, userId: job.userId, message };
      await publishJson(nats, SUBJECTS.analysisFailed, event, `failed-${job.jobId}`);
    },
  });

  return {
    async stop() {
      await consumer.stop();
      await pool.close();
    },
    jobProcessIds: () => pool.processes.flatMap((slot) => (slot.pid === undefined ? [] : [slot.pid])),
  };
}
