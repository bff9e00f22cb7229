import { MESSAGES } from '../../ingest/page-image';
import type { AnalysisEnv } from '../../env';

/** What one job may spend: its process is killed past any of these. */
export interface JobBudget {
  jobTimeoutMs: number;
  pageTimeoutMs: number;
  /** Peak resident memory of the job's process. */
  maxMemoryMb: number;
}

export function jobBudget(env: AnalysisEnv): JobBudget {
  return {
    jobTimeoutMs: env.ANALYSIS_JOB_TIMEOUT_MS,
    pageTimeoutMs: env.ANALYSIS_PAGE_TIMEOUT_MS,
    maxMemoryMb: env.ANALYSIS_JOB_MEMORY_MB,
  };
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** Why a job was stopped, in the user's words. `page` is the drawing's page number. */
export const BUDGET_MESSAGES = {
  pageTime: (page: number, ms: number) => MESSAGES.tooComplex(`page ${page} took longer than ${seconds(ms)}`),
  jobTime: (ms: number) => MESSAGES.tooComplex(`it took longer than ${seconds(ms)}`),
  memory: (page: number, mb: number) => MESSAGES.tooComplex(`page ${page} needed more than ${mb} MB of memory`),
  pixels: (pixels: number) => MESSAGES.tooComplex(`its pages hold more than ${pixels.toLocaleString('en-US')} pixels`),
} as const;

/** The job ran over its budget and its process was killed: final, the file will not get cheaper. */
export class JobBudgetExceededError extends Error {
  override name = 'JobBudgetExceededError';
}
