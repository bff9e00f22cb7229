import { MAX_IMAGE_PIXELS, MAX_PDF_OPERATORS, MAX_PDF_PATH_SEGMENTS, PDF_RENDER_DPI, PDF_RENDER_MAX_SIDE_PX } from '@pid/contracts';
import { baseEnvSchema, storageEnvSchema } from '@pid/platform';
import os from 'node:os';
import { z } from 'zod';
import { MAX_PROCESSING_PIXELS } from './ingest/pdf-options';
import { DEFAULT_LINE_MODE, LINE_MODES } from './line-ink/line-mode';
import { DEFAULT_SYMBOL_MODE, SYMBOL_MODES } from './symbols/symbol-mode';

const positiveInt = z.coerce.number().int().positive();

export const analysisEnvSchema = baseEnvSchema
  .extend({
    /** Jobs this worker handles at once; one per core by default. */
    ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(Math.max(1, os.availableParallelism())),
    ANALYSIS_MAX_PIXELS: positiveInt.min(1_000_000).max(200_000_000).default(MAX_PROCESSING_PIXELS),
    /** A job that has not reported for this long is redelivered to another worker. */
    ANALYSIS_ACK_WAIT_MS: positiveInt.min(1_000).default(60_000),
    /** Deliveries of one job before it fails for good. */
    ANALYSIS_MAX_DELIVER: positiveInt.max(20).default(3),
    /**
     * Budgets of one job, which runs in a process of its own (`src/worker/job-process/`): over any of them the
     * process is killed and the job ends as `error` with a message that says why. Defaults fit the chart's
     * analysis pod (3 GiB, one job at a time).
     */
    ANALYSIS_JOB_TIMEOUT_MS: positiveInt.min(1_000).default(30 * 60_000),
    ANALYSIS_PAGE_TIMEOUT_MS: positiveInt.min(1_000).default(5 * 60_000),
    /** Peak resident memory of a job's process (models, OCR threads and pixels together). */
    ANALYSIS_JOB_MEMORY_MB: positiveInt.min(256).default(2048),
    /** Pixels rendered or decoded over all pages of one job. */
    ANALYSIS_MAX_JOB_PIXELS: positiveInt.min(1_000_000).default(2_000_000_000),
    /** A PDF page drawing more is refused before it is drawn. */
    ANALYSIS_MAX_PATH_SEGMENTS: positiveInt.default(MAX_PDF_PATH_SEGMENTS),
    ANALYSIS_MAX_PDF_OPERATORS: positiveInt.default(MAX_PDF_OPERATORS),
    /** "false" skips OCR (tags stay unnamed); the data comes from @tesseract.js-data/eng, nothing is downloaded. */
    ANALYSIS_OCR: z.enum(['true', 'false']).default('true'),
    /** OCR threads of each job process (each holds its own model); unset, the cores shared out between the job processes. */
    ANALYSIS_OCR_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
    /** How raster symbols are found: rules (geometric rules and the classifier), detector (the learned detector), hybrid (both). */
    ANALYSIS_SYMBOLS: z.enum(SYMBOL_MODES).default(DEFAULT_SYMBOL_MODE),
    /** How raster lines are found: rules, or model (the rules' lines and the signal lines the line-ink model finds). */
    ANALYSIS_LINES: z.enum(LINE_MODES).default(DEFAULT_LINE_MODE),
    /** "false" starts the service without taking jobs (tests, maintenance). */
    ANALYSIS_WORKER_ENABLED: z.enum(['true', 'false']).default('true'),
    /** The drawing service's PDF rendering settings: both must agree, or boxes will not line up. */
    MAX_IMAGE_PIXELS: positiveInt.max(1_000_000_000).default(MAX_IMAGE_PIXELS),
    PDF_RENDER_DPI: positiveInt.min(36).max(600).default(PDF_RENDER_DPI),
    PDF_RENDER_MAX_SIDE: positiveInt.min(500).max(30_000).default(PDF_RENDER_MAX_SIDE_PX),
    RENDER_TIMEOUT_MS: positiveInt.default(60_000),
  })
  .and(storageEnvSchema);
export type AnalysisEnv = z.output<typeof analysisEnvSchema>;
