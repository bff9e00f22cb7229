/**
 * Drawings made to stall the analysis, through the whole product: each is refused at upload with a clear
 * 4xx, or ends as `completed` or `error` with a clear message, within its budget, while every service
 * answers health throughout. The budgets are lowered to match the scaled-down files, to keep the suite fast.
 */
import {
  bilevelScanPng,
  blankPdf,
  denseVectorPdf,
  hugeImagePdf,
  loopingFormsPdf,
  lyingJpeg,
  manyPageTiff,
  textOnlyPdf,
} from '@pid/analysis/dist/testing/hostile-drawings';
import type { Drawing } from '@pid/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount, type Account } from '../stack/accounts';
import { call, uploadForm } from '../stack/api-client';
import { startStack, type Stack } from '../stack/in-process-stack';
import { HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit/samples';

/**
 * Each page's wall-time budget here (the product's is 300 s): short enough for the suite, long enough for the largest
 * case, the 600-dpi scan (20 s alone in this stack with the line-ink model), while another job shares the cores: run
 * beside other test projects (a plain `nx run-many`) on a loaded 2-core machine it has taken over 90 s.
 */
const PAGE_TIMEOUT_S = 150;
/** A case waits out its job's budget, and time to start a job process and save the result. */
const CASE_TIMEOUT_MS = (2 * PAGE_TIMEOUT_S + 40) * 1000;

/**
 * A health answer slower than this, or answers that are not a 200 with every service up for longer than this, are a
 * problem. Analysis runs in job processes, so a hostile drawing that reached a service's event loop would hold it
 * for its whole budget (a minute and more). The whole stack shares this process, and its analysis jobs the cores:
 * there a service's check may miss the gateway's few seconds for it once, which is no hostile drawing. Health that
 * fails and recovers within that time, however often, is not a problem.
 */
const HEALTH_SLOW_MS = 10_000;
const PROBE_INTERVAL_MS = 250;

let stack: Stack;
let user: Account;
/** Each case's file, made once before the suite's clock starts. */
const files = new Map<Case, Buffer>();
/** Every slow `/api/health` answer, and every stretch of failing ones too long, while the suite runs. */
const healthProblems: string[] = [];
let probing: Promise<void> | undefined;
let stopProbing = false;

beforeAll(async () => {
  stack = await startStack({
    analysisWorker: true,
    serviceEnv: {
      ANALYSIS_CONCURRENCY: '2',
      ANALYSIS_MAX_PATH_SEGMENTS: '20000',
      ANALYSIS_PAGE_TIMEOUT_MS: String(PAGE_TIMEOUT_S * 1000),
      ANALYSIS_JOB_TIMEOUT_MS: String(2 * PAGE_TIMEOUT_S * 1000),
      ANALYSIS_JOB_MEMORY_MB: '1024',
    },
  });
  user = await createAccount(stack.url, stack.mailboxDir);
  // Made before the probe starts: filling the huge image holds this process, which the whole stack shares, a second
  // or two.
  for (const testCase of CASES) files.set(testCase, await testCase.file());
  probing = (async () => {
    let failingSince: number | undefined;
    let failure = '';
    // Once stopped, a failing stretch is probed on until it recovers or lasts too long.
    const probe = () => !stopProbing || (failingSince !== undefined && Date.now() - failingSince <= HEALTH_SLOW_MS);
    while (probe()) {
      // Counted from when the probe was due: the stack shares this process, so a paused service delays the probe too.
      const due = Date.now() + PROBE_INTERVAL_MS;
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
      const health = await call(stack.url, 'GET', '/api/health').catch((error: Error) => ({ status: 0, text: error.message }));
      const now = Date.now();
      if (now - due > HEALTH_SLOW_MS) healthProblems.push(`${health.status} after ${now - due} ms`);
      if (health.status !== 200) {
        failingSince ??= due;
        failure = `${health.status}: ${health.text.slice(0, 200)}`;
        continue;
      }
      if (failingSince !== undefined && now - failingSince > HEALTH_SLOW_MS)
        healthProblems.push(`failing for ${now - failingSince} ms, last ${failure}`);
      failingSince = undefined;
    }
    if (failingSince !== undefined) healthProblems.push(`failing at the end, for ${Date.now() - failingSince} ms, last ${failure}`);
  })();
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  stopProbing = true;
  await probing;
  await stack?.close();
}, HOOK_TIMEOUT_MS);

type Outcome = { refused: number; msg: RegExp } | { status: 'completed' } | { status: 'error'; message: string };

interface Case {
  name: string;
  file: () => Promise<Buffer>;
  filename: string;
  outcome: Outcome;
}

const CASES: Case[] = [
  {
    name: 'a dense vector PDF (random strokes over the limit)',
    file: () => denseVectorPdf(60_000),
    filename: 'dense.pdf',
    outcome: { status: 'error', message: 'This drawing is too complex to analyse (more than 20,000 line segments on page 1)' },
  },
  { name: 'a PDF whose forms draw each other in a loop', file: loopingFormsPdf, filename: 'loop.pdf', outcome: { status: 'completed' } },
  {
    name: 'a PDF with a huge embedded image (400 megapixels)',
    file: () => hugeImagePdf(20_000, 20_000),
    filename: 'huge-image.pdf',
    outcome: { status: 'error', message: 'no drawing content found' },
  },
  { name: 'a page that is only text', file: textOnlyPdf, filename: 'notes.pdf', outcome: { status: 'completed' } },
  { name: 'a 1-bit scan at 600 dpi', file: () => bilevelScanPng(600), filename: 'scan-600dpi.png', outcome: { status: 'completed' } },
  {
    name: 'a TIFF of a thousand tiny pages',
    file: () => manyPageTiff(1000),
    filename: 'pages.tiff',
    outcome: { status: 'error', message: 'no drawing content found' },
  },
  {
    name: 'a JPEG whose header claims 30,000 × 30,000 pixels',
    file: () => lyingJpeg(30_000, 30_000),
    filename: 'lying.jpg',
    outcome: { refused: 413, msg: /too large/i },
  },
  { name: 'a blank page', file: blankPdf, filename: 'blank.pdf', outcome: { status: 'error', message: 'no drawing content found' } },
];

/** The drawing's status once it stops processing, and how long that took. */
async function finalStatus(drawingId: string, timeoutMs: number): Promise<{ drawingStatus: string; message: string; seconds: number }> {
  const started = Date.now();
  for (;;) {
    const response = await call(stack.url, 'GET', `/api/drawings/${drawingId}/status`, { token: user.token });
    expectWith(response.status, response.text).toBe(200);
    const { drawingStatus, message } = response.body as { drawingStatus: string; message: string };
    if (drawingStatus === 'completed' || drawingStatus === 'error')
      return { drawingStatus, message, seconds: (Date.now() - started) / 1000 };
    if (Date.now() - started > timeoutMs) throw new Error(`still ${drawingStatus} (${message}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('hostile drawings', () => {
  it.each(CASES)(
    '$name: ends as expected, within its budget',
    async (testCase) => {
      const { filename, outcome } = testCase;
      const uploaded = await call(stack.url, 'POST', '/api/drawings', {
        token: user.token,
        body: uploadForm(files.get(testCase)!, filename),
      });
      if ('refused' in outcome) {
        expectWith(uploaded.status, uploaded.text).toBe(outcome.refused);
        expect((uploaded.body as { msg: string }).msg).toMatch(outcome.msg);
        return;
      }
      expectWith(uploaded.status, uploaded.text).toBe(201);
      const drawing = uploaded.body as Drawing;
      const processed = await call(stack.url, 'POST', `/api/drawings/${drawing._id}/process`, { token: user.token });
      expectWith(processed.status, processed.text).toBe(200);
      // The job's own budget, and time to start a job process and save the result.
      const final = await finalStatus(drawing._id, 2 * PAGE_TIMEOUT_S * 1000 + 30_000);
      expect({ status: final.drawingStatus, message: final.drawingStatus === 'error' ? final.message : undefined }).toEqual({
        status: outcome.status,
        message: outcome.status === 'error' ? outcome.message : undefined,
      });
      expect(final.seconds).toBeLessThan(2 * PAGE_TIMEOUT_S + 30);
    },
    CASE_TIMEOUT_MS,
  );

  it('kept every service up and answering health quickly throughout', async () => {
    stopProbing = true;
    await probing;
    expect(healthProblems).toEqual([]);
  });
});
