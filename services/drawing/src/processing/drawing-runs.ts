import { isAnalysisSource, type DrawingProgressEvent, type DrawingStatus, type ImageSize } from '@pid/contracts';
import type { DataSource } from 'typeorm';
import { MESSAGES } from '../messages';

/** The state a processing event reports, as a row of `drawings` after a change. */
export interface RunState {
  drawingId: string;
  userId: string;
  jobId: string;
  status: DrawingStatus;
  message: string;
  progress: number;
  imageSize?: ImageSize;
}

interface RunRow {
  id: string;
  user_id: string;
  job_id: string;
  status: DrawingStatus;
  processing_message: string | null;
  progress: number;
  image_width: number | null;
  image_height: number | null;
}

const RETURNING = 'RETURNING id, user_id, job_id, status, processing_message, progress, image_width, image_height';
/** Statuses from which processing may (re)start (spec §4). */
export const PROCESSABLE_STATUSES: readonly DrawingStatus[] = ['uploaded', 'error', 'failed'];
/** A message longer than this from a worker is cut: it is shown in a one-line banner. */
const MAX_MESSAGE_LENGTH = 500;
/** A drawing that has been processing this long without any news is given up (the job was lost). */
export const STALE_PROCESSING_MINUTES = 120;

function toState(row: RunRow): RunState {
  const state: RunState = {
    drawingId: row.id,
    userId: row.user_id,
    jobId: row.job_id,
    status: row.status,
    message: row.processing_message ?? '',
    progress: row.progress,
  };
  if (row.image_width && row.image_height) state.imageSize = { width: row.image_width, height: row.image_height };
  return state;
}

export function toProgressEvent(state: RunState): DrawingProgressEvent {
  return { ...state };
}

export function cleanMessage(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const message = value.replace(/\s+/g, ' ').trim();
  return message ? message.slice(0, MAX_MESSAGE_LENGTH) : undefined;
}

function isImageSize(value: unknown): value is ImageSize {
  const size = value as ImageSize | undefined;
  return (
    typeof size === 'object' &&
    size !== null &&
    Number.isInteger(size.width) &&
    Number.isInteger(size.height) &&
    size.width > 0 &&
    size.height > 0 &&
    size.width <= 1_000_000 &&
    size.height <= 1_000_000
  );
}

/**
 * The state changes of a processing run, each one conditional on the run being the drawing's current
 * one (`job_id`) and still `processing`, so that events of an old run, late or repeated events, and
 * events out of order change nothing. Each answers the new state, or undefined when nothing changed.
 */
export class DrawingRuns {
  constructor(private readonly dataSource: DataSource) {}

  private async update(sql: string, parameters: unknown[]): Promise<RunState | undefined> {
    const [rows] = (await this.dataSource.query(sql, parameters)) as [RunRow[], number];
    return rows[0] ? toState(rows[0]) : undefined;
  }

  /** A worker's progress: only forward, and a new message at the same percentage. */
  async progress(drawingId: string, jobId: string, progress: number, message: string | undefined): Promise<RunState | undefined> {
    const percent = Math.max(0, Math.min(100, Math.round(progress)));
    return this.update(
      `UPDATE drawings SET progress = $3, processing_message = COALESCE($4, processing_message), updated_at = now()
       WHERE id = $1 AND job_id = $2 AND status = 'processing'
         AND (progress < $3 OR (progress = $3 AND $4::text IS NOT NULL AND processing_message IS DISTINCT FROM $4))
       ${RETURNING}`,
      [drawingId, jobId, percent, message ?? null],
    );
  }

  /**
   * The run's result arrived: the size of the image the boxes refer to, how each page was read, and the analysed
   * pages' sizes for a drawing uploaded before pages were measured (all pages, or nothing). The drawing completes
   * once the graph service has saved the result (`complete`).
   */
  async recordResult(drawingId: string, jobId: string, imageSize: unknown, pageSizes?: unknown[], pageSources?: unknown[]): Promise<void> {
    const size = isImageSize(imageSize) ? imageSize : undefined;
    const pages = pageSizes && pageSizes.length > 0 && pageSizes.every(isImageSize) ? pageSizes : undefined;
    const sources = pageSources && pageSources.length > 0 && pageSources.every(isAnalysisSource) ? pageSources : null;
    await this.dataSource.query(
      `UPDATE drawings SET image_width = COALESCE($3, image_width), image_height = COALESCE($4, image_height),
         page_sizes = COALESCE(page_sizes, CASE WHEN jsonb_array_length($5::jsonb) = COALESCE(page_count, 1) THEN $5::jsonb END),
         page_sources = $6::jsonb, updated_at = now()
       WHERE id = $1 AND job_id = $2`,
      [
        drawingId,
        jobId,
        size?.width ?? null,
        size?.height ?? null,
        JSON.stringify(pages?.map(({ width, height }) => ({ width, height })) ?? []),
        sources && JSON.stringify(sources),
      ],
    );
  }

  /** The graph service saved the run's elements and connections: completed at 100 %. */
  async complete(drawingId: string, jobId: string): Promise<RunState | undefined> {
    return this.update(
      `UPDATE drawings SET status = 'completed', progress = 100, processing_message = $3, updated_at = now()
       WHERE id = $1 AND job_id = $2 AND status = 'processing'
       ${RETURNING}`,
      [drawingId, jobId, MESSAGES.processingComplete],
    );
  }

  /** The run was given up: error, with the worker's message for the user. */
  async fail(drawingId: string, jobId: string, message: string | undefined): Promise<RunState | undefined> {
    return this.update(
      `UPDATE drawings SET status = 'error', processing_message = $3, updated_at = now()
       WHERE id = $1 AND job_id = $2 AND status = 'processing'
       ${RETURNING}`,
      [drawingId, jobId, message ?? MESSAGES.processingFailed],
    );
  }

  /** Puts a drawing back as it was when publishing its job failed, unless something moved it on since. */
  async undoStart(drawingId: string, jobId: string, previous: PreviousRun): Promise<void> {
    await this.dataSource.query(
      `UPDATE drawings SET status = $3, processing_message = $4, progress = $5, job_id = $6, updated_at = now()
       WHERE id = $1 AND job_id = $2 AND status = 'processing' AND progress = 0`,
      [drawingId, jobId, previous.status, previous.processingMessage, previous.progress, previous.jobId],
    );
  }

  /** Drawings stuck in `processing` without news for `minutes` become `error` (a lost job cannot block a retry forever). */
  async expireStale(minutes = STALE_PROCESSING_MINUTES): Promise<RunState[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE drawings SET status = 'error', processing_message = $2, updated_at = now()
       WHERE status = 'processing' AND updated_at < now() - make_interval(mins => $1)
       ${RETURNING}`,
      [minutes, MESSAGES.processingTimedOut],
    )) as [RunRow[], number];
    return rows.map(toState);
  }
}

export interface PreviousRun {
  status: DrawingStatus;
  processingMessage: string | null;
  progress: number;
  jobId: string | null;
}
