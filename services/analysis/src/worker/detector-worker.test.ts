/**
 * The worker with the learned symbol detector (`ANALYSIS_SYMBOLS=detector`): a generated sheet's symbols come back
 * with the detector's calibrated confidence, and pages that are no drawing end with a result or a clear message,
 * the worker alive after each.
 */
import type { ObjectStorage } from '@pid/platform';
import { isSymbolElement } from '@pid/contracts';
import type { ServiceHarness } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnalysisEnv } from '../env';
import { matchBoxes } from '../benchmark/score-symbols';
import { buildCorpusSheet, encodeSheet } from '../synthetic/corpus/corpus-sheet';
import { planSheet } from '../synthetic/corpus/sheet-plan';
import { bilevelScanPng, blankPdf, photoJpeg, textOnlyPdf } from '../testing/hostile-drawings';
import { startWorkerHarness, type workerJobs } from '../testing/worker-jobs';
import { startAnalysisWorker, type AnalysisWorker } from './analysis-worker';
import { HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

let service: ServiceHarness<AnalysisEnv>;
let worker: AnalysisWorker;
let jobs: ReturnType<typeof workerJobs>;

beforeAll(async () => {
  let storage: ObjectStorage;
  ({ service, storage, jobs } = await startWorkerHarness({
    ANALYSIS_CONCURRENCY: '1',
    ANALYSIS_OCR: 'false',
    ANALYSIS_SYMBOLS: 'detector',
  }));
  worker = await startAnalysisWorker(service.context, { storage, backoffMs: () => 100 });
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await service?.close();
}, HOOK_TIMEOUT_MS);

/** A small, clean sheet of a seed no training corpus draws. */
function heldOutSeed(): number {
  for (let seed = 9_100_000; ; seed++) {
    const plan = planSheet(seed);
    if (plan.paper === 'A4' && plan.damage === false && plan.density !== 'sparse') return seed;
  }
}

async function expectAlive() {
  await request(service.app.getHttpServer()).get('/health/live').expect(200);
}

describe('worker with the learned detector', () => {
  it("finds a generated sheet's symbols, each with the detector's calibrated confidence", async () => {
    const sheet = await buildCorpusSheet(heldOutSeed());
    const { bytes, format } = await encodeSheet(sheet);
    const job = await jobs.queueJob(bytes, format === 'png' ? 'png' : 'jpg', format === 'png' ? 'image/png' : 'image/jpeg');
    const { results, failures } = await jobs.settled(job.jobId, 120_000);
    expect(failures).toEqual([]);
    const symbols = results[0]!.elements.filter(isSymbolElement);
    for (const symbol of symbols) {
      expect(symbol.metadata.confidence).toBeGreaterThan(0);
      expect(symbol.metadata.confidence).toBeLessThanOrEqual(1);
    }
    const truth = sheet.truth.symbols.map(({ box }, i) => ({ id: `t${i}`, bbox: box }));
    const found = symbols.map(({ boundingBox: { x, y, width, height } }, i) => ({
      id: `p${i}`,
      bbox: [x, y, x + width, y + height] as [number, number, number, number],
    }));
    const matched = matchBoxes(truth, found).size;
    const score = { recall: matched / truth.length, precision: matched / Math.max(1, found.length) };
    // Well short of its held-out figures: this proves the path, the benchmark measures the model.
    expect(score.recall).toBeGreaterThan(0.5);
    expect(score.precision).toBeGreaterThan(0.5);
  }, 180_000);

  it.each([
    ['a blank page', () => blankPdf(), 'pdf', 'application/pdf', 'no drawing content found'],
    ['a page of text only', () => textOnlyPdf(), 'pdf', 'application/pdf', undefined],
    ['a photo', () => photoJpeg(3000, 2000), 'jpg', 'image/jpeg', 'no drawing content found'],
    ['a 1-bit scan at 600 dpi', () => bilevelScanPng(600), 'png', 'image/png', undefined],
  ])(
    'ends %s with a result or a clear message, and stays alive',
    async (_name, file, extension, contentType, message) => {
      const job = await jobs.queueJob(await file(), extension, contentType);
      const { results, failures } = await jobs.settled(job.jobId, 240_000);
      expect(message ? failures.map((failure) => failure.message) : results).toEqual(message ? [message] : [expect.anything()]);
      await expectAlive();
    },
    300_000,
  );
});
