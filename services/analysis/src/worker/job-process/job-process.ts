/**
 * One job process, seen from the worker: forks it, hands it one job at a time and watches the job's budget.
 * A job over its wall time (per page or in all) or over its memory is stopped by killing the process
 * (SIGKILL: a busy renderer or decoder would not answer a polite request), and the next job gets a fresh one.
 * Why a process and not a worker thread: a thread's `resourceLimits` cap the JavaScript heap only, while the
 * pixels of a rendered page, the decoders and the OCR engine live outside it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { UnusableFileError } from '../../ingest/page-image';
import type { AnalysisStage } from '../../pipeline/analyze-page';
import type { AnalysedPage } from '../job-pages';
import { BUDGET_MESSAGES, JobBudgetExceededError, type JobBudget } from './job-budget';
import type { JobProcessMessage, JobProcessSettings, JobRequest } from './protocol';
import { residentMemoryBytes } from './resident-memory';

/** The built entry point, from `src/` (tests) as from `dist/`: the package's build comes before its tests. */
export const JOB_PROCESS_ENTRY = path.resolve(__dirname, '../../../dist/worker/job-process/job-process-main.js');

/** How often the process's resident memory is read. */
const MEMORY_POLL_MS = 200;
/** V8's own heap cap sits above the memory budget, so that the budget (which sees all memory) speaks first. */
const HEAP_HEADROOM_MB = 256;

/** The job failed inside its process for a reason that retrying may cure; `stack` is the process's. */
export class JobProcessError extends Error {
  override name = 'JobProcessError';
  constructor(message: string, stack?: string) {
    super(message);
    if (stack) this.stack = stack;
  }
}

/** The job's process died unasked (killed from outside, crashed): the job may be retried. */
export class JobProcessDiedError extends Error {
  override name = 'JobProcessDiedError';
}

/** The process died before it said a word about the job: nothing of the job ran, so it may go to a fresh one. */
class JobNotTakenError extends JobProcessDiedError {
  override name = 'JobNotTakenError';
}

export interface JobEvents {
  onStage(stage: AnalysisStage, position: number): void;
}

export type JobWork = Omit<JobRequest, 'type'>;

export class JobProcess {
  private child: ChildProcess | undefined;

  constructor(
    private readonly settings: JobProcessSettings,
    private readonly budget: JobBudget,
  ) {}

  /** The process's id while it lives (tests kill it from outside). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Runs one job; rejects with `UnusableFileError`, `JobBudgetExceededError`, `JobProcessError` or `JobProcessDiedError`. */
  async run(work: JobWork, events: JobEvents): Promise<AnalysedPage[]> {
    try {
      return await this.runOnce(work, events);
    } catch (error) {
      // Died since its last job, before it heard of this one (its exit not yet seen): the job goes to a fresh
      // process and keeps its delivery attempt.
      if (!(error instanceof JobNotTakenError)) throw error;
      return this.runOnce(work, events);
    }
  }

  private runOnce(work: JobWork, events: JobEvents): Promise<AnalysedPage[]> {
    const child = (this.child ??= this.spawn());
    const { budget } = this;
    return new Promise((resolve, reject) => {
      const pages: AnalysedPage[] = [];
      let page = work.pages[0] ?? 1;
      let stoppedBecause: string | undefined;
      let heard = false;
      let settled = false;
      let pageTimer: NodeJS.Timeout | undefined;

      const stop = (reason: string) => {
        if (stoppedBecause || settled) return;
        stoppedBecause = reason;
        child.kill('SIGKILL');
      };
      const jobTimer = setTimeout(() => stop(BUDGET_MESSAGES.jobTime(budget.jobTimeoutMs)), budget.jobTimeoutMs);
      const memoryTimer = setInterval(() => {
        if (child.pid === undefined) return;
        void residentMemoryBytes(child.pid).then((bytes) => {
          if (bytes !== undefined && bytes > budget.maxMemoryMb * 2 ** 20) stop(BUDGET_MESSAGES.memory(page, budget.maxMemoryMb));
        });
      }, MEMORY_POLL_MS);

      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(jobTimer);
        clearTimeout(pageTimer);
        clearInterval(memoryTimer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(pages);
      };
      const onMessage = (message: JobProcessMessage) => {
        heard = true;
        if (message.type === 'page-started') {
          page = work.pages[message.position - 1] ?? page;
          clearTimeout(pageTimer);
          pageTimer = setTimeout(() => stop(BUDGET_MESSAGES.pageTime(page, budget.pageTimeoutMs)), budget.pageTimeoutMs);
        } else if (message.type === 'stage') events.onStage(message.stage, message.position);
        else if (message.type === 'page-done') pages.push(message.page);
        else if (message.type === 'done') settle();
        else if (message.type === 'failed') {
          settle(message.unusable ? new UnusableFileError(message.message) : new JobProcessError(message.message, message.stack));
        }
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        if (this.child === child) this.child = undefined;
        const died = `The job process exited during the job (${signal ?? `code ${code}`})`;
        if (stoppedBecause) settle(new JobBudgetExceededError(stoppedBecause));
        else settle(heard ? new JobProcessDiedError(died) : new JobNotTakenError(died));
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      // A process that died since its last job fails the send: the job may be retried on a fresh one.
      child.send({ type: 'run', ...work } satisfies JobRequest, (error) => {
        if (!error) return;
        if (this.child === child) this.child = undefined;
        settle(new JobNotTakenError(`The job process could not take the job: ${error.message}`));
      });
    });
  }

  /** Ends the process (a job in hand is lost: call when none is). */
  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  private spawn(): ChildProcess {
    const child = fork(JOB_PROCESS_ENTRY, [JSON.stringify(this.settings)], {
      serialization: 'advanced',
      // Not the parent's flags (a test runner's loaders): the built JavaScript runs as in production.
      execArgv: [`--max-old-space-size=${this.budget.maxMemoryMb + HEAP_HEADROOM_MB}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A failed spawn also emits 'exit', where a job in hand hears of it.
    child.on('error', () => undefined);
    // Dead between jobs or during one: the next job gets a fresh process.
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    return child;
  }
}
