/** Jobs for an analysis worker under test, and what became of them: the worker tests' shared kit. */
import { randomUUID } from 'node:crypto';
import {
  STREAMS,
  SUBJECTS,
  type AnalysisFailedEvent,
  type AnalysisJob,
  type AnalysisResultEvent,
  type DrawingProgressEvent,
} from '@pid/contracts';
import { createObjectStorage, decodeJson, newObjectKey, publishJson, type ObjectStorage } from '@pid/platform';
import { startServiceHarness, type ServiceHarness } from '@pid/platform/test-kit';
import { analysisServiceDefinition } from '../analysis.service-definition';
import type { AnalysisEnv } from '../env';

export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function workerJobs(service: ServiceHarness<AnalysisEnv>, storage: ObjectStorage) {
  const { nats, dataSource } = service.context;

  /** A file in storage and a job for it (not queued). */
  async function storedJob(bytes: Buffer, extension: string, contentType: string, fields: Partial<AnalysisJob> = {}): Promise<AnalysisJob> {
    const objectKey = newObjectKey('drawings', extension);
    await storage.put(objectKey, bytes, contentType);
    return { jobId: randomUUID(), drawingId: randomUUID(), userId: randomUUID(), objectKey, contentType, ...fields };
  }

  async function queueJob(bytes: Buffer, extension: string, contentType: string, page?: number): Promise<AnalysisJob> {
    const job = await storedJob(bytes, extension, contentType, { page });
    await publishJson(nats, SUBJECTS.analysisJob, job, job.jobId);
    return job;
  }

  /** Progress events of one job, from when the server has the subscription (flushed) on. */
  async function collectProgress(jobId: string): Promise<{ events: DrawingProgressEvent[]; stop(): void }> {
    const events: DrawingProgressEvent[] = [];
    const subscription = nats.subscribe(SUBJECTS.drawingProgress, {
      callback: (_error, msg) => {
        const event = decodeJson<DrawingProgressEvent>(msg.data);
        if (event.jobId === jobId) events.push(event);
      },
    });
    await nats.flush();
    return { events, stop: () => subscription.unsubscribe() };
  }

  /** Every message of the results stream for one job, by subject. */
  async function streamed(jobId: string) {
    const jsm = await nats.jetstreamManager();
    const info = await jsm.streams.info(STREAMS.analysisResults.name);
    const results: AnalysisResultEvent[] = [];
    const failures: AnalysisFailedEvent[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const message = await jsm.streams.getMessage(STREAMS.analysisResults.name, { seq }).catch(() => undefined);
      if (!message) continue;
      const payload = message.json<{ jobId: string }>();
      if (payload.jobId !== jobId) continue;
      if (message.subject === SUBJECTS.analysisResult) results.push(payload as AnalysisResultEvent);
      if (message.subject === SUBJECTS.analysisFailed) failures.push(payload as AnalysisFailedEvent);
    }
    return { results, failures };
  }

  const settled = (jobId: string, timeoutMs?: number) =>
    waitFor(async () => {
      const found = await streamed(jobId);
      return found.results.length + found.failures.length > 0 ? found : undefined;
    }, timeoutMs);

  async function run(jobId: string): Promise<{ status: string; attempts: number; error: string | null }> {
    const rows = await dataSource.query('SELECT status, attempts, error FROM analysis_runs WHERE id = $1', [jobId]);
    return rows[0];
  }

  /** The run once the worker has recorded its end: it publishes first, then records (a crash between is redone). */
  const ended = (jobId: string) =>
    waitFor(async () => {
      const found = await run(jobId);
      return found?.status === 'running' ? undefined : found;
    });

  return { storedJob, queueJob, collectProgress, streamed, settled, run, ended };
}

/** The analysis service with its own worker off (each test starts the workers it needs), its storage and job kit. */
export async function startWorkerHarness(env: Partial<Record<keyof AnalysisEnv, string>>) {
  const service = await startServiceHarness(analysisServiceDefinition, { ANALYSIS_WORKER_ENABLED: 'false', ...env });
  const storage = await createObjectStorage(service.context.env);
  return { service, storage, jobs: workerJobs(service, storage) };
}
