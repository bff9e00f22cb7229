/**
 * Load benchmark: `npm run bench:load` (builds everything first).
 *
 * Starts the local stack (each service its own process, embedded PostgreSQL and NATS, a throw-away
 * var/ folder) and drives it through the gateway on loopback:
 *   1. autocannon on login, list drawings, list elements and update an element, at rising concurrency:
 *      throughput, p50 / p99 latency and errors;
 *   2. a batch of drawings uploaded and processed with one analysis worker, then again with two:
 *      drawings per minute and the ratio.
 * Environment: BENCH_SECONDS (per autocannon run, default 5), BENCH_CONCURRENCY (default 1,8,32),
 * BENCH_BATCH (drawings per batch, default 20), BENCH_ELEMENTS (on the listed drawing, default 200).
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateSyntheticDrawing } from '@pid/analysis/dist/synthetic';
import { createAccount, type Account } from '../stack/accounts';
import { call, uploadForm } from '../stack/api-client';
import { elementBody } from '../stack/graph-bodies';
import { runBench, withBenchStack } from './bench-stack';
import { markdownTable } from './markdown-table';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,8,32').split(',').map(Number);
const BATCH = Number(process.env.BENCH_BATCH ?? 20);
const ELEMENTS = Number(process.env.BENCH_ELEMENTS ?? 200);

const out = (line = '') => process.stdout.write(`${line}\n`);

async function expectStatus(pending: ReturnType<typeof call>, status: number) {
  const response = await pending;
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${response.text.slice(0, 300)}`);
  return response.body as { _id: string };
}

/** A drawing with a few hundred elements, as after a review, so that listing has work to do. */
async function drawingWithElements(baseUrl: string, account: Account, png: Buffer) {
  const drawing = await expectStatus(
    call(baseUrl, 'POST', '/api/drawings', { token: account.token, body: uploadForm(png, 'sheet.png', 'Load') }),
    201,
  );
  const elements: string[] = [];
  for (let index = 0; index < ELEMENTS; index += 1) {
    const body = {
      ...elementBody(drawing._id, `TAG-${1000 + index}`),
      boundingBox: { x: (index % 20) * 50, y: Math.floor(index / 20) * 50, width: 36, height: 36 },
    };
    elements.push((await expectStatus(call(baseUrl, 'POST', '/api/elements', { token: account.token, body }), 201))._id);
  }
  return { drawingId: drawing._id, elementId: elements[0]! };
}

async function requestLoad(baseUrl: string, account: Account, drawingId: string, elementId: string) {
  const bearer = { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' };
  const scenarios: Array<[string, autocannon.Options]> = [
    [
      'login',
      {
        url: `${baseUrl}/api/auth/login`,
        method: 'POST',
        headers: bearer,
        body: JSON.stringify({ email: account.email, password: account.password }),
      },
    ],
    ['list drawings', { url: `${baseUrl}/api/drawings`, headers: bearer }],
    [`list elements (${ELEMENTS})`, { url: `${baseUrl}/api/drawings/${drawingId}/elements`, headers: bearer }],
    [
      'update an element',
      {
        url: `${baseUrl}/api/elements/${elementId}`,
        method: 'PUT',
        headers: bearer,
        body: JSON.stringify({ boundingBox: { x: 5, y: 5, width: 36, height: 36 } }),
      },
    ],
  ];
  const rows: Array<Array<string | number>> = [];
  for (const [name, options] of scenarios) {
    for (const connections of CONCURRENCY) {
      const result = await autocannon({ ...options, connections, duration: SECONDS });
      const errors = result.errors + result.timeouts + result.non2xx;
      rows.push([name, connections, Math.round(result.requests.average), result.latency.p50, result.latency.p99, errors]);
      out(`  ${name} × ${connections}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${errors} errors`);
    }
  }
  return markdownTable(['request', 'concurrency', 'requests/s', 'p50 ms', 'p99 ms', 'errors'], rows);
}

/** Uploads the batch, asks for processing of every drawing at once, and waits until all are processed. */
async function processBatch(baseUrl: string, account: Account, sheets: Buffer[]): Promise<{ seconds: number; failed: number }> {
  const ids: string[] = [];
  for (const [index, png] of sheets.entries()) {
    ids.push(
      (
        await expectStatus(
          call(baseUrl, 'POST', '/api/drawings', { token: account.token, body: uploadForm(png, `s${index}.png`, `Batch ${index}`) }),
          201,
        )
      )._id,
    );
  }
  const started = performance.now();
  for (const id of ids) {
    const response = await call(baseUrl, 'POST', `/api/drawings/${id}/process`, { token: account.token });
    if (response.status >= 300) throw new Error(`process answered ${response.status}: ${response.text}`);
  }
  const pending = new Set(ids);
  let failed = 0;
  while (pending.size > 0) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const id of [...pending]) {
      const status = (
        (await call(baseUrl, 'GET', `/api/drawings/${id}/status`, { token: account.token })).body as { drawingStatus: string }
      ).drawingStatus;
      if (status === 'completed' || status === 'error') pending.delete(id);
      if (status === 'error') failed += 1;
    }
  }
  return { seconds: (performance.now() - started) / 1000, failed };
}

async function main() {
  // One job at a time per worker process, so that "two workers" means twice the analysis capacity.
  await withBenchStack('load', { ANALYSIS_CONCURRENCY: '1' }, async (stack) => {
    const account = await createAccount(stack.url, path.join(stack.varDir, 'mail'));
    out(`Generating ${BATCH} synthetic sheets (sparse, A3, 200 dpi)…`);
    const sheets: Buffer[] = [];
    for (let seed = 1; seed <= BATCH; seed += 1) sheets.push((await generateSyntheticDrawing({ seed, density: 'sparse' })).raster);

    out(`Requests through the gateway, ${SECONDS} s per run…`);
    const { drawingId, elementId } = await drawingWithElements(stack.url, account, sheets[0]!);
    const requests = await requestLoad(stack.url, account, drawingId, elementId);

    out(`Processing ${BATCH} drawings with one analysis worker…`);
    const one = await processBatch(stack.url, account, sheets);
    await stack.addInstance('analysis');
    out(`Processing ${BATCH} drawings with two analysis workers…`);
    const two = await processBatch(stack.url, account, sheets);
    const perMinute = (run: { seconds: number }) => Math.round((BATCH / run.seconds) * 60 * 10) / 10;

    out();
    out(`Load through the gateway (${os.availableParallelism()} cores, ${SECONDS} s per run):`);
    out();
    out(requests);
    out();
    out(`Analysis of ${BATCH} synthetic sheets (ANALYSIS_CONCURRENCY=1 per worker):`);
    out();
    out(
      markdownTable(
        ['workers', 'seconds', 'drawings/min', 'failed'],
        [
          [1, Math.round(one.seconds * 10) / 10, perMinute(one), one.failed],
          [2, Math.round(two.seconds * 10) / 10, perMinute(two), two.failed],
        ],
      ),
    );
    out();
    out(`Scaling, two workers over one: ${(one.seconds / two.seconds).toFixed(2)}×`);
  });
}

runBench(main);
