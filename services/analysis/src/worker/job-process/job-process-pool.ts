import type { AnalysedPage } from '../job-pages';
import type { JobBudget } from './job-budget';
import { JobProcess, type JobEvents, type JobWork } from './job-process';
import type { JobProcessSettings } from './protocol';

/**
 * `size` job processes, one job each at a time (the worker takes `size` jobs at once). One job running out
 * its budget holds only its own process: the others go on.
 */
export class JobProcessPool {
  private readonly idle: JobProcess[];
  private readonly waiting: Array<(slot: JobProcess) => void> = [];
  readonly processes: readonly JobProcess[];

  constructor(size: number, settings: JobProcessSettings, budget: JobBudget) {
    this.processes = Array.from({ length: size }, () => new JobProcess(settings, budget));
    this.idle = [...this.processes];
  }

  async run(work: JobWork, events: JobEvents): Promise<AnalysedPage[]> {
    const slot = this.idle.pop() ?? (await new Promise<JobProcess>((resolve) => this.waiting.push(resolve)));
    try {
      return await slot.run(work, events);
    } finally {
      const next = this.waiting.shift();
      if (next) next(slot);
      else this.idle.push(slot);
    }
  }

  /** Ends every process; call once no job is in hand. */
  async close(): Promise<void> {
    await Promise.all(this.processes.map((slot) => slot.close()));
  }
}
