/**
 * Benchmark: list a drawing of 5,000 elements and 5,000 connections over HTTP.
 *
 *   npm run bench:graph            (from the repository root; builds the graph service first)
 *
 * Starts embedded PostgreSQL and NATS, the graph service on a free port, and stand-ins that answer
 * for auth, billing and drawing over NATS. Writes one analysis result of ELEMENTS elements and
 * CONNECTIONS connections (the service's own bulk writer), then times RUNS requests of each list
 * route end to end (access guard, ownership look-up, query, JSON, HTTP) and prints a table.
 * Environment: BENCH_ELEMENTS, BENCH_CONNECTIONS, BENCH_RUNS.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SUBJECTS } from '@pid/contracts';
import { answerRequests, createServiceApp, JwtService } from '@pid/platform';
import { startEmbeddedNats, startEmbeddedPostgres } from '@pid/platform/embedded';

const ELEMENTS = Number(process.env.BENCH_ELEMENTS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP = 3;
const JWT_SECRET = 'benchmark-secret-that-is-long-enough-for-hs256';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const { graphServiceDefinition } = await import(path.join(dist, 'graph.service-definition.js'));
const { parseAnalysisResult } = await import(path.join(dist, 'analysis', 'analysis-result.parser.js'));
const { applyAnalysisResult } = await import(path.join(dist, 'analysis', 'apply-analysis-result.js'));

const out = (line = '') => process.stdout.write(`${line}\n`);

/** A plausible drawing: a grid of boxes of the analysis's types, each connected to its neighbour, with a two-segment route. */
function analysisResult(drawingId, userId, jobId) {
  const types = ['equipment', 'valve', 'instrument', 'fitting', 'pipe', 'text'];
  const elements = Array.from({ length: ELEMENTS }, (_, i) => ({
    key: `e${i}`,
    elementType: types[i % types.length],
    name: `TAG-${1000 + i}`,
    description: '',
    boundingBox: { x: (i % 100) * 60, y: Math.floor(i / 100) * 60, width: 36, height: 28 },
    metadata: { confidence: 0.5 + (i % 50) / 100 },
  }));
  const connections = Array.from({ length: CONNECTIONS }, (_, i) => {
    const source = i % ELEMENTS;
    const target = (i + 1 + Math.floor(i / ELEMENTS)) % ELEMENTS;
    const [sx, sy] = [(source % 100) * 60 + 36, Math.floor(source / 100) * 60 + 14];
    const [tx, ty] = [(target % 100) * 60, Math.floor(target / 100) * 60 + 14];
    return {
      key: `c${i}`,
      sourceKey: `e${source}`,
      targetKey: `e${target}`,
      relationshipType: 'connects to',
      metadata: {
        confidence: 0.8,
        path_data: {
          path: [
            { orientation: 'horizontal', start: [sx, sy], end: [tx, sy] },
            { orientation: 'vertical', start: [tx, sy], end: [tx, ty] },
          ],
        },
      },
    };
  });
  return { jobId, drawingId, userId, imageSize: { width: 6000, height: 3000 }, elements, connections };
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { min: sorted[0], median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

/** A Markdown table, text left-aligned and numbers right-aligned, ready to paste into the README. */
function printTable(header, rows) {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  const numeric = header.map((_, column) => rows.every((row) => typeof row[column] === 'number' || /^[\d.]+$/.test(String(row[column]))));
  const line = (row) =>
    `| ${row.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(' | ')} |`;
  out(line(header));
  out(`| ${widths.map((width, column) => (numeric[column] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`);
  for (const row of cells.slice(1)) out(line(row));
}

const cleanups = [];
try {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'pid-bench-graph-'));
  cleanups.push(() => rm(tempDir, { recursive: true, force: true }));
  // As root, PostgreSQL runs as the `postgres` user and must reach its data folder in here.
  await chmod(tempDir, 0o755);
  out(`Starting embedded PostgreSQL and NATS…`);
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg'), password: randomUUID(), persistent: false });
  cleanups.push(() => postgres.stop());
  const nats = await startEmbeddedNats({ storeDir: path.join(tempDir, 'nats') });
  cleanups.push(() => nats.stop());

  const service = await createServiceApp(graphServiceDefinition, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: postgres.adminUrl,
    NATS_URL: nats.url,
    JWT_SECRET,
  });
  cleanups.push(() => service.close());
  await service.app.listen(0, '127.0.0.1');
  const baseUrl = await service.app.getUrl();

  const userId = randomUUID();
  const drawingId = randomUUID();
  const { nats: nc, logger, dataSource } = service.context;
  const standIns = [
    answerRequests(nc, {
      subject: SUBJECTS.userLookup,
      queue: 'auth',
      logger,
      handler: async () => ({ user: { _id: userId, username: 'bench', email: 'bench@example.com', isEmailVerified: true } }),
    }),
    answerRequests(nc, {
      subject: SUBJECTS.subscriptionLookup,
      queue: 'billing',
      logger,
      handler: async () => ({ isActive: true, subscriptionId: 'sub_bench', status: 'active', currentPeriodEnd: '2999-01-01T00:00:00Z' }),
    }),
    answerRequests(nc, {
      subject: SUBJECTS.drawingLookup,
      queue: 'drawing',
      logger,
      handler: async (request) => ({
        drawing: request.drawingId === drawingId && request.userId === userId ? { _id: drawingId, userId, status: 'completed' } : null,
      }),
    }),
  ];
  cleanups.push(async () => {
    for (const stop of standIns) await stop();
  });

  out(`Writing ${ELEMENTS} elements and ${CONNECTIONS} connections as one analysis result…`);
  let started = performance.now();
  const first = await applyAnalysisResult(dataSource, parseAnalysisResult(analysisResult(drawingId, userId, randomUUID())));
  const firstWriteMs = performance.now() - started;
  if (first.status !== 'applied' || first.inserted.elements !== ELEMENTS || first.inserted.connections !== CONNECTIONS) {
    throw new Error(`unexpected write outcome: ${JSON.stringify(first)}`);
  }
  // Re-analysis of the same size: every unconfirmed item replaced in one transaction.
  started = performance.now();
  await applyAnalysisResult(dataSource, parseAnalysisResult(analysisResult(drawingId, userId, randomUUID())));
  const replaceMs = performance.now() - started;
  await dataSource.query('ANALYZE elements; ANALYZE connections');

  const token = new JwtService(JWT_SECRET).sign(userId);
  async function timeList(kind) {
    const url = `${baseUrl}/api/drawings/${drawingId}/${kind}`;
    const samples = [];
    let bytes = 0;
    let count = 0;
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      const begin = performance.now();
      const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      const body = await response.text();
      const elapsed = performance.now() - begin;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
      if (run >= WARM_UP) samples.push(elapsed);
      bytes = body.length;
      count = JSON.parse(body).length;
    }
    return { kind, count, bytes, ...stats(samples) };
  }
  const rows = [await timeList('elements'), await timeList('connections')];

  out();
  out(
    `GET /api/drawings/:id/{elements,connections}: ${RUNS} runs after ${WARM_UP} warm-up, node ${process.version}, ${os.cpus().length} CPU(s)`,
  );
  out();
  printTable(
    ['list', 'items', 'bytes', 'min ms', 'median ms', 'p95 ms', 'max ms'],
    rows.map((row) => [row.kind, row.count, row.bytes, ...[row.min, row.median, row.p95, row.max].map((value) => value.toFixed(1))]),
  );
  out();
  out(
    `Writing the analysis result: ${firstWriteMs.toFixed(0)} ms on an empty drawing, ${replaceMs.toFixed(0)} ms replacing the previous run.`,
  );
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}
