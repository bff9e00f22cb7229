/** A job process seen from the worker: a process that died between jobs costs the next job nothing. */
import { box, line, svgPng, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';
import { afterEach, describe, expect, it } from '@jest/globals';
import { JobProcess, JobProcessDiedError, type JobWork } from './job-process';

const processes: JobProcess[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((jobProcess) => jobProcess.close()));
}, HOOK_TIMEOUT_MS);

function startJobProcess(lines: 'rules' | 'model' = 'rules'): JobProcess {
  const jobProcess = new JobProcess(
    { ocr: false, ocrWorkers: 1, symbols: 'rules', lines },
    { jobTimeoutMs: 60_000, pageTimeoutMs: 60_000, maxMemoryMb: 1_500 },
  );
  processes.push(jobProcess);
  return jobProcess;
}

async function smallJob(): Promise<JobWork> {
  const bytes = await svgPng(640, 420, box(60, 150, 120, 90) + box(440, 150, 120, 90) + line(180, 195, 440, 195));
  const pdf = { dpi: 150, maxSide: 8_000, maxPixels: 50e6, timeoutMs: 30_000, limits: { maxOperators: 1e6, maxPathSegments: 1e6 } };
  return { bytes, pages: [1], ingest: { maxProcessingPixels: 50e6, pdf }, maxJobPixels: 100e6 };
}

const noEvents = { onStage: () => undefined };

describe('JobProcess', () => {
  it('runs the next job on a fresh process when the last one died before its exit was seen', async () => {
    const jobProcess = startJobProcess();
    const work = await smallJob();
    expect(await jobProcess.run(work, noEvents)).toHaveLength(1);
    const dead = jobProcess.pid!;
    // No await between the kill and the next job: the worker cannot have heard of the exit yet.
    process.kill(dead, 'SIGKILL');
    const pages = await jobProcess.run(work, noEvents);
    expect(pages).toHaveLength(1);
    expect(jobProcess.pid).not.toBe(dead);
  });

  it('runs the line-ink model in the job process where the settings ask for it', async () => {
    const jobProcess = startJobProcess('model');
    const [page] = await jobProcess.run(await smallJob(), noEvents);
    // The two boxes and the pipe between them, as without the model: its signal lines add to the rules' lines.
    expect(page.connections).toHaveLength(1);
  });

  it('reports a process killed during a job as died, for the queue to redeliver', async () => {
    const jobProcess = startJobProcess();
    const running = jobProcess.run(await smallJob(), {
      onStage: () => {
        if (jobProcess.pid) process.kill(jobProcess.pid, 'SIGKILL');
      },
    });
    await expect(running).rejects.toBeInstanceOf(JobProcessDiedError);
    await expect(running).rejects.toThrow(/exited during the job \(SIGKILL\)/);
  });
});
