import { CONSUMERS, STREAMS } from '@pid/contracts';
import { startServiceHarness, tablesInSchema, type ServiceHarness, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { analysisServiceDefinition } from './analysis.service-definition';
import type { AnalysisEnv } from './env';

let service: ServiceHarness<AnalysisEnv>;
beforeAll(async () => void (service = await startServiceHarness(analysisServiceDefinition)), HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

describe('analysis service', () => {
  it('creates its tables in the analysis schema', async () => {
    expect(await tablesInSchema(service, 'analysis')).toEqual(['analysis_runs', 'migrations']);
  });

  it('sets up the shared work queue and its durable consumer', async () => {
    const jsm = await service.context.nats.jetstreamManager();
    const stream = await jsm.streams.info(STREAMS.analysisJobs.name);
    expect(stream.config.retention).toBe('workqueue');
    const consumer = await jsm.consumers.info(STREAMS.analysisJobs.name, CONSUMERS.analysisWorkers);
    expect(consumer.config.max_deliver).toBe(3);
  });

  it('defaults to one job per core', () => {
    expect(service.context.env.ANALYSIS_CONCURRENCY).toBeGreaterThanOrEqual(1);
  });
});
