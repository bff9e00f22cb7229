/**
 * What a job process and the worker say to each other over IPC (`serialization: 'advanced'`, so a file's
 * bytes travel as they are).
 */
import type { LineMode } from '../../line-ink/line-mode';
import type { SymbolMode } from '../../symbols/symbol-mode';
import type { AnalysisStage } from '../../pipeline/analyze-page';
import type { IngestOptions } from '../../ingest/page-image';
import type { AnalysedPage } from '../job-pages';

/** Fixed for the life of a job process: passed as its one argument, as JSON. */
export interface JobProcessSettings {
  /** Read tags with OCR. */
  ocr: boolean;
  /** OCR threads of the process. */
  ocrWorkers: number;
  /** How raster symbols are found. */
  symbols: SymbolMode;
  /** How raster lines are found. */
  lines: LineMode;
}

/** One job's work: these pages of this file. */
export interface JobRequest {
  type: 'run';
  bytes: Uint8Array;
  pages: number[];
  ingest: Omit<IngestOptions, 'page'>;
  /** Pixels rendered or decoded over all pages; past it the job stops with a message for the user. */
  maxJobPixels: number;
}

/** From the job process; `position` is the 1-based place of the page in the job. */
export type JobProcessMessage =
  | { type: 'page-started'; position: number }
  | { type: 'stage'; stage: AnalysisStage; position: number }
  | { type: 'page-done'; page: AnalysedPage }
  | { type: 'done' }
  /** `unusable`: a problem with the file itself, shown to the user as `message`; otherwise retrying may help. */
  | { type: 'failed'; unusable: boolean; message: string; stack?: string };
