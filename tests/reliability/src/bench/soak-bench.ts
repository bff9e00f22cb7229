/**
 * Soak benchmark: `npm run bench:soak` (builds everything first).
 *
 * Starts the local stack (each service its own process) and, for SOAK_MINUTES, has SOAK_USERS users upload and
 * process a mix of real-size synthetic sheets and hostile drawings one after the other, each user waiting for
 * each drawing to end. Halfway, the analysis worker is killed (SIGKILL) and started again, as Kubernetes
 * restarts a pod. Prints throughput, p50 / p95 time to completion per drawing size, peak RSS, the time health
 * was down (inside and outside the kill), jobs lost and jobs completed twice.
 * Environment: SOAK_MINUTES (default 10), SOAK_USERS (default 4), SOAK_SEEDS (sheets per size, default 3),
 * ANALYSIS_CONCURRENCY (default 2).
 */
import os from 'node:os';
import path from 'node:path';
import { STREAMS, SUBJECTS, type AnalysisResultEvent } from '@pid/contracts';
import { connect } from 'nats';
import { createAccount, type Account } from '../stack/accounts';
import { call, uploadForm } from '../stack/api-client';
import { runBench, withBenchStack, type BenchStack } from './bench-stack';
import { markdownTable } from './markdown-table';
import { drawingMix, type MixDrawing } from './soak/drawing-mix';
import { watchHealth } from './soak/health-watch';
import { treeMemory } from './soak/process-memory';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const USERS = Number(process.env.SOAK_USERS ?? 4);
const SEEDS = Number(process.env.SOAK_SEEDS ?? 3);
/** A drawing not ended this long after its processing was asked for is lost. */
const LOST_AFTER_MS = 15 * 60_000;
/** After the kill, health may be down until the restarted worker is ready, and this much longer. */
const KILL_GRACE_MS = 5_000;

interface Outcome {
  kind: string;
  filename: string;
  drawingId?: string;
  status: 'completed' | 'error' | 'refused' | 'lost';
  message: string;
  seconds: number;
  expected: MixDrawing['expect'];
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? NaN;
}

/** Uploads, asks for processing, and waits until the drawing ends. */
async function runOne(url: string, user: Account, drawing: MixDrawing): Promise<Outcome> {
  const base = { kind: drawing.kind, filename: drawing.filename, expected: drawing.expect };
  const uploaded = await call(url, 'POST', '/api/drawings', { token: user.token, body: uploadForm(drawing.bytes, drawing.filename) });
  if (uploaded.status >= 400 && uploaded.status < 500) {
    return { ...base, status: 'refused', message: String((uploaded.body as { msg?: string }).msg), seconds: 0 };
  }
  if (uploaded.status !== 201) throw new Error(`upload of ${drawing.filename} answered ${uploaded.status}: ${uploaded.text.slice(0, 200)}`);
  const drawingId = (uploaded.body as { _id: string })._id;
  const started = Date.now();
  const processed = await call(url, 'POST', `/api/drawings/${drawingId}/process`, { token: user.token });
  if (processed.status !== 200) throw new Error(`process answered ${processed.status}: ${processed.text.slice(0, 200)}`);
  while (Date.now() - started < LOST_AFTER_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const status = await call(url, 'GET', `/api/drawings/${drawingId}/status`, { token: user.token });
    const { drawingStatus, message } = (status.body ?? {}) as { drawingStatus?: string; message?: string };
    if (drawingStatus === 'completed' || drawingStatus === 'error') {
      return { ...base, drawingId, status: drawingStatus, message: message ?? '', seconds: (Date.now() - started) / 1000 };
    }
  }
  return { ...base, drawingId, status: 'lost', message: 'never ended', seconds: LOST_AFTER_MS / 1000 };
}

/** Result messages in the results stream per drawing; a job completed twice shows as two results (or two splits). */
async function resultsPerDrawing(natsUrl: string): Promise<Map<string, Set<string>>> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(STREAMS.analysisResults.name);
    const results = new Map<string, Set<string>>();
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const message = await jsm.streams.getMessage(STREAMS.analysisResults.name, { seq }).catch(() => undefined);
      if (message?.subject !== SUBJECTS.analysisResult) continue;
      const event = message.json<AnalysisResultEvent>();
      const seen = results.get(event.drawingId) ?? new Set<string>();
      // The parts of one split result share a resultId: one completion.
      seen.add(event.part?.resultId ?? `seq-${seq}`);
      results.set(event.drawingId, seen);
    }
    return results;
  } finally {
    await nc.close();
  }
}

async function soak(stack: BenchStack) {
  out(`Generating the drawing mix (${SEEDS} sheets per size)…`);
  const mix = await drawingMix(SEEDS, (line) => out(line));
  const users: Account[] = [];
  for (let i = 0; i < USERS; i++) users.push(await createAccount(stack.url, path.join(stack.varDir, 'mail')));

  const health = watchHealth(stack.url);
  const peaks: Record<string, number> = {};
  const sampling = setInterval(() => {
    void treeMemory(stack.processIds()).then((sizes) => {
      const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
      for (const [name, size] of Object.entries({ ...sizes, 'whole stack': total })) peaks[name] = Math.max(peaks[name] ?? 0, size);
    });
  }, 1_000);

  const started = Date.now();
  const deadline = started + MINUTES * 60_000;
  const kill = { at: 0, back: 0 };
  const killing = new Promise<void>((resolve) => {
    setTimeout(
      () => {
        out('Killing the analysis worker (SIGKILL) and starting it again…');
        kill.at = Date.now();
        void stack.kill('analysis').then(() => {
          kill.back = Date.now();
          out(`  back after ${round((kill.back - kill.at) / 1000)} s`);
          resolve();
        });
      },
      (deadline - started) / 2,
    );
  });

  out(`Soaking for ${MINUTES} min with ${USERS} users…`);
  const outcomes: Outcome[] = [];
  await Promise.all(
    users.map(async (user, index) => {
      // Each user walks the mix from its own place.
      for (let next = index * Math.ceil(mix.length / USERS); Date.now() < deadline; next++) {
        const outcome = await runOne(stack.url, user, mix[next % mix.length]!);
        outcomes.push(outcome);
        out(
          `  ${outcome.filename}: ${outcome.status} in ${round(outcome.seconds)} s ${outcome.status === 'error' ? `(${outcome.message})` : ''}`,
        );
      }
    }),
  );
  await killing;
  const ended = Date.now();
  clearInterval(sampling);
  await health.stop();
  return { outcomes, health, peaks, kill, seconds: (ended - started) / 1000, results: await resultsPerDrawing(stack.natsUrl) };
}

function report({ outcomes, health, peaks, kill, seconds, results }: Awaited<ReturnType<typeof soak>>) {
  const processed = outcomes.filter((outcome) => outcome.status !== 'refused');
  const byKind = new Map<string, Outcome[]>();
  for (const outcome of processed) byKind.set(outcome.kind, [...(byKind.get(outcome.kind) ?? []), outcome]);
  const rows = [...byKind].map(([kind, list]) => {
    const times = list.map((outcome) => outcome.seconds);
    return [
      kind,
      list.length,
      round(percentile(times, 0.5)),
      round(percentile(times, 0.95)),
      list.filter((o) => o.status === 'error').length,
    ];
  });
  const down = health.downMs(kill.at, kill.back + KILL_GRACE_MS);
  const lost = outcomes.filter((outcome) => outcome.status === 'lost').length;
  const twice = processed.filter((outcome) => (results.get(outcome.drawingId ?? '')?.size ?? 0) > 1).length;
  const unexpected = outcomes.filter(
    (outcome) =>
      (outcome.expected === 'completed' && outcome.status !== 'completed') ||
      (outcome.expected === 'refused' && outcome.status !== 'refused') ||
      outcome.message === 'The analysis failed. Please try again later.',
  );
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

  out();
  out(
    `Soak: ${round(seconds / 60)} min, ${USERS} users, ${os.availableParallelism()} cores, ANALYSIS_CONCURRENCY=${process.env.ANALYSIS_CONCURRENCY}`,
  );
  out();
  out(markdownTable(['drawing', 'ended', 'p50 s', 'p95 s', 'errors'], rows));
  out();
  out(
    markdownTable(
      ['figure', 'value'],
      [
        ['throughput (drawings ended per minute)', round((processed.length / seconds) * 60)],
        ['uploads refused (hostile, expected)', outcomes.filter((outcome) => outcome.status === 'refused').length],
        ['peak RSS, analysis worker with its job processes (MB)', mb(peaks.analysis ?? 0)],
        ['peak RSS, whole stack (MB)', mb(peaks['whole stack'] ?? 0)],
        ['health down outside the kill (s)', round((down.total - down.inside) / 1000)],
        ['health down during the kill and restart (s)', round(down.inside / 1000)],
        ['jobs lost', lost],
        ['jobs completed twice', twice],
        ['unexpected outcomes', unexpected.length],
      ],
    ),
  );
  for (const outcome of unexpected) out(`  unexpected: ${outcome.filename} → ${outcome.status} (${outcome.message})`);
  const killedAt = `kill at ${round((kill.at - health.began) / 1000)} s, back at ${round((kill.back - health.began) / 1000)} s`;
  if (health.failures().length > 0) out(`  health probes that failed (${killedAt}): ${health.failures().join('; ')}`);
  return lost === 0 && twice === 0 && down.total - down.inside === 0 && unexpected.length === 0;
}

async function main() {
  const env = { ANALYSIS_CONCURRENCY: process.env.ANALYSIS_CONCURRENCY ?? '2' };
  await withBenchStack('soak', env, async (stack) => {
    const healthy = report(await soak(stack));
    out();
    out(healthy ? '✔ nothing lost, nothing twice, health up outside the kill' : '✗ see the figures above');
    process.exitCode = healthy ? 0 : 1;
  });
}

runBench(main);
