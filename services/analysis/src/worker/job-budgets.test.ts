/**
 * Jobs that run out their budget, and workers that die: each job ends once, with a message for the user, and
 * never stalls another job or the service's own thread.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONSUMERS, isSymbolElement, STREAMS, SUBJECTS } from '@pid/contracts';
import { publishJson, type ObjectStorage, type RunningConsumer } from '@pid/platform';
import { box, line, multiPageDrawingPdf, svgPng, type ServiceHarness, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnalysisEnv } from '../env';
import { bilevelScanPng, denseVectorPdf } from '../testing/hostile-drawings';
import { parentProcessIds } from '../testing/processes';
import { startWorkerHarness, waitFor, type workerJobs } from '../testing/worker-jobs';
import { startAnalysisWorker, type AnalysisWorker } from './analysis-worker';

let service: ServiceHarness<AnalysisEnv>;
let storage: ObjectStorage;
let jobs: ReturnType<typeof workerJobs>;
const workers: RunningConsumer[] = [];

const ACK_WAIT_MS = 5_000;

beforeAll(async () => {
  ({ service, storage, jobs } = await startWorkerHarness({
    ANALYSIS_ACK_WAIT_MS: String(ACK_WAIT_MS),
    ANALYSIS_MAX_DELIVER: '3',
    ANALYSIS_CONCURRENCY: '2',
    ANALYSIS_OCR: 'false',
  }));
}, HOOK_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
}, HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

/** A worker of this service with some of its settings changed (the budgets under test). */
async function startWorker(env: Partial<AnalysisEnv> = {}): Promise<AnalysisWorker> {
  const worker = await startAnalysisWorker(
    { ...service.context, env: { ...service.context.env, ...env } },
    { storage, backoffMs: () => 100 },
  );
  workers.push(worker);
  return worker;
}

const smallDrawing = () => svgPng(640, 420, box(60, 150, 120, 90) + box(440, 150, 120, 90) + line(180, 195, 440, 195));

/** Nothing of the job is left in the queue: neither waiting nor in a worker's hands. */
async function expectQueueEmpty() {
  const jsm = await service.context.nats.jetstreamManager();
  const info = await jsm.consumers.info(STREAMS.analysisJobs.name, CONSUMERS.analysisWorkers);
  expect({ pending: info.num_pending, inHand: info.num_ack_pending }).toEqual({ pending: 0, inHand: 0 });
}

/** The job ended once as `failed` with `message`, and stays ended (no redelivery after the failure). */
async function expectEndedOnce(jobId: string, message: string) {
  const { results, failures } = await jobs.settled(jobId, 60_000);
  expect(results).toEqual([]);
  expect(failures.map((failure) => failure.message)).toEqual([message]);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await jobs.ended(jobId)).toMatchObject({ status: 'failed', attempts: 1 });
  expect((await jobs.streamed(jobId)).failures).toHaveLength(1);
  await expectQueueEmpty();
}

/** Ids of the processes whose parent is `pid`. */
async function childrenOf(pid: number): Promise<number[]> {
  return [...(await parentProcessIds())].filter(([, parent]) => parent === pid).map(([child]) => child);
}

/** Queues a scan that takes seconds to analyse, and resolves once its worker is finding its lines. */
async function queueAndWaitUntilFindingLines(timeoutMs: number) {
  const job = await jobs.storedJob(await bilevelScanPng(300), 'png', 'image/png');
  const progress = await jobs.collectProgress(job.jobId);
  await publishJson(service.context.nats, SUBJECTS.analysisJob, job, job.jobId);
  await waitFor(async () => (progress.events.some((event) => event.message === 'Finding lines') ? true : undefined), timeoutMs);
  progress.stop();
  return job;
}

/** The job completed once, on its second delivery: one result in the stream, even a while later. */
async function expectCompletedOnce(jobId: string, timeoutMs: number) {
  const { results, failures } = await jobs.settled(jobId, timeoutMs);
  expect(failures).toEqual([]);
  expect(results).toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await jobs.streamed(jobId)).results).toHaveLength(1);
  expect(await jobs.ended(jobId)).toMatchObject({ status: 'completed', attempts: 2, error: null });
}

const isAlive = (pid: number) =>
  readFile(`/proc/${pid}/stat`, 'utf8').then(
    (stat) => !/^\d+ \(.*\) Z/.test(stat),
    () => false,
  );

describe('job budgets', () => {
  it('refuses a PDF page with more line segments than allowed before drawing it, once', async () => {
    await startWorker({ ANALYSIS_MAX_PATH_SEGMENTS: 5_000 });
    const job = await jobs.queueJob(await denseVectorPdf(20_000), 'pdf', 'application/pdf');
    await expectEndedOnce(job.jobId, 'This drawing is too complex to analyse (more than 5,000 line segments on page 1)');
  });

  it('kills a page that runs over its wall time, ends the job once, and the next job gets a fresh process', async () => {
    // A budget the small drawing after it keeps within on a loaded machine, far below the dense page's minute.
    const worker = await startWorker({ ANALYSIS_PAGE_TIMEOUT_MS: 10_000, ANALYSIS_CONCURRENCY: 1 });
    const started = Date.now();
    const dense = await jobs.queueJob(await denseVectorPdf(150_000), 'pdf', 'application/pdf');
    await waitFor(async () => (worker.jobProcessIds().length > 0 ? true : undefined));
    const [killed] = worker.jobProcessIds();
    await expectEndedOnce(dense.jobId, 'This drawing is too complex to analyse (page 1 took longer than 10 s)');
    // Stopped near its budget, not when the page would have been done (about a minute here).
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await isAlive(killed!)).toBe(false);

    const next = await jobs.queueJob(await smallDrawing(), 'png', 'image/png');
    expect((await jobs.settled(next.jobId, 60_000)).results).toHaveLength(1);
    expect(worker.jobProcessIds()).not.toContain(killed);
  }, 180_000);

  it('kills a job that runs over its total wall time', async () => {
    await startWorker({ ANALYSIS_JOB_TIMEOUT_MS: 3_000 });
    const job = await jobs.queueJob(await denseVectorPdf(150_000), 'pdf', 'application/pdf');
    await expectEndedOnce(job.jobId, 'This drawing is too complex to analyse (it took longer than 3 s)');
  });

  it('kills a job whose process grows past its memory budget', async () => {
    // An idle job process holds about 180 MB (models); a 600-dpi A3 scan takes it past 450 MB.
    await startWorker({ ANALYSIS_JOB_MEMORY_MB: 300 });
    const job = await jobs.queueJob(await bilevelScanPng(600), 'png', 'image/png');
    await expectEndedOnce(job.jobId, 'This drawing is too complex to analyse (page 1 needed more than 300 MB of memory)');
  });

  it('stops a job whose pages hold more pixels than allowed', async () => {
    // Three pages of 2200 × 1100 pixels: the third takes the job past 5 megapixels.
    await startWorker({ ANALYSIS_MAX_JOB_PIXELS: 5_000_000 });
    const job = await jobs.storedJob(await multiPageDrawingPdf(3), 'pdf', 'application/pdf', { pageCount: 3 });
    await publishJson(service.context.nats, SUBJECTS.analysisJob, job, job.jobId);
    await expectEndedOnce(job.jobId, 'This drawing is too complex to analyse (its pages hold more than 5,000,000 pixels)');
  });

  it('completes another job, and answers health, while one job runs its budget out', async () => {
    await startWorker({ ANALYSIS_PAGE_TIMEOUT_MS: 20_000 });
    const dense = await jobs.queueJob(await denseVectorPdf(250_000), 'pdf', 'application/pdf');
    const normal = await jobs.queueJob(await smallDrawing(), 'png', 'image/png');
    const slowestHealth = { ms: 0 };
    const probing = (async () => {
      while ((await jobs.streamed(dense.jobId)).failures.length === 0) {
        const asked = Date.now();
        await request(service.http).get('/health/live').expect(200);
        slowestHealth.ms = Math.max(slowestHealth.ms, Date.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const { results } = await jobs.settled(normal.jobId, 60_000);
    expect(results).toHaveLength(1);
    expect(results[0]!.elements.filter(isSymbolElement)).toHaveLength(2);
    // The dense job was still running when the other one completed.
    expect(await jobs.streamed(dense.jobId)).toEqual({ results: [], failures: [] });
    await expectEndedOnce(dense.jobId, 'This drawing is too complex to analyse (page 1 took longer than 20 s)');
    await probing;
    expect(slowestHealth.ms).toBeLessThan(1_000);
  });
});

describe('a worker that dies mid-job', () => {
  it('redelivers the job of a job process killed from outside (the OOM killer) and completes it once', async () => {
    const worker = await startWorker({ ANALYSIS_CONCURRENCY: 1 });
    const job = await queueAndWaitUntilFindingLines(60_000);
    process.kill(worker.jobProcessIds()[0]!, 'SIGKILL');
    await expectCompletedOnce(job.jobId, 60_000);
  }, 180_000);

  it('replaces a job process that died between jobs before the next job', async () => {
    const worker = await startWorker({ ANALYSIS_CONCURRENCY: 1 });
    const first = await jobs.queueJob(await smallDrawing(), 'png', 'image/png');
    expect((await jobs.settled(first.jobId, 60_000)).results).toHaveLength(1);
    const [idle] = worker.jobProcessIds();
    process.kill(idle!, 'SIGKILL');
    await waitFor(async () => ((await isAlive(idle!)) ? undefined : true));
    const second = await jobs.queueJob(await smallDrawing(), 'png', 'image/png');
    expect((await jobs.settled(second.jobId, 60_000)).results).toHaveLength(1);
    // The worker publishes its result, then records the run's end.
    expect(await jobs.ended(second.jobId)).toEqual({ status: 'completed', attempts: 1, error: null });
  });

  it('redelivers the job of a worker process killed with SIGKILL: its job process goes too, and one completion is written', async () => {
    const main = path.resolve(__dirname, '../../dist/main.js');
    const env = service.services.serviceEnv({
      PORT: '0',
      LOG_LEVEL: 'silent',
      ANALYSIS_WORKER_ENABLED: 'true',
      ANALYSIS_CONCURRENCY: '1',
      ANALYSIS_OCR: 'false',
      ANALYSIS_ACK_WAIT_MS: String(ACK_WAIT_MS),
    });
    const victim = spawn(process.execPath, [main], { env, stdio: 'ignore' });
    const exited = new Promise((resolve) => victim.once('exit', resolve));
    try {
      const job = await queueAndWaitUntilFindingLines(90_000);
      const orphans = await childrenOf(victim.pid!);
      expect(orphans).toHaveLength(1);
      victim.kill('SIGKILL');
      await exited;
      // The job process notices its worker is gone and exits rather than burn a core for nobody.
      await waitFor(async () => ((await isAlive(orphans[0]!)) ? undefined : true), 10_000);

      await startWorker();
      await expectCompletedOnce(job.jobId, 90_000);
    } finally {
      victim.kill('SIGKILL');
    }
  }, 240_000);
});
