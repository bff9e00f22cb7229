/**
 * `npm run corpus -- --out DIR --count N --seed S [--tiles] [--sheets] [--workers W]`
 * Builds a training corpus of N sheets from seed S (the same seed gives the same files), on every core: one
 * child process per worker, sheets handed out one at a time, progress on stderr. Writes `manifest.json`
 * (sheets, coverage, size in sheet-equivalents), `truth/`, `previews/`, and `tiles/` (COCO) or `sheets/`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { drawioShapes } from '../synthetic/stencils/drawio-library';
import { SYMBOL_CLASSES } from '../synthetic/symbol-library';
import {
  mergeCocoParts,
  prepareCorpusFolders,
  sheetSeed,
  SHEET_EQUIVALENT_PIXELS,
  writeCorpusSheet,
  type SheetRecord,
} from '../synthetic/corpus/corpus-writer';
import { runCli, typedPath, usageExit } from './run-cli';

const USAGE = 'usage: npm run corpus -- --out <dir> --count N --seed S [--tiles] [--sheets] [--workers W]\n';

interface Job {
  out: string;
  seed: number;
  tiles: boolean;
  sheets: boolean;
}

async function main(): Promise<number> {
  if (process.argv.includes('--worker')) return worker();
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      count: { type: 'string', default: '10' },
      seed: { type: 'string', default: '1' },
      tiles: { type: 'boolean', default: false },
      sheets: { type: 'boolean', default: false },
      workers: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.out) return usageExit(USAGE, values.help);
  const count = Number(values.count);
  const seed = Number(values.seed);
  const workers = Number(values.workers ?? availableParallelism());
  if (![count, seed, workers].every(Number.isInteger) || count < 1 || seed < 0 || workers < 1) {
    return usageExit(`--count, --seed and --workers must be whole numbers\n${USAGE}`);
  }
  const out = typedPath(values.out);
  await prepareCorpusFolders(out, values.tiles);
  const started = Date.now();
  const jobs: Job[] = Array.from({ length: count }, (_, i) => ({
    out,
    seed: sheetSeed(seed, i),
    tiles: values.tiles,
    sheets: values.sheets,
  }));
  // CPU seconds per sheet, summed over the workers: on a shared machine wall time says little.
  const cpu: number[] = [];
  const records = await runPool(jobs, Math.min(workers, count), cpu, (done, record) => {
    const seconds = (Date.now() - started) / 1000;
    const eta = (seconds / done) * (count - done);
    process.stderr.write(
      `\r[${done}/${count}] ${record.name} ${record.paper} ${record.dpi} dpi · ${(seconds / done).toFixed(1)} s/sheet · ETA ${Math.round(eta)} s   `,
    );
  });
  process.stderr.write('\n');
  records.sort((a, b) => a.seed - b.seed);
  const coco = values.tiles ? await mergeCocoParts(out, records) : undefined;
  const seconds = (Date.now() - started) / 1000;
  const summary = coverage(records);
  await writeFile(
    path.join(out, 'manifest.json'),
    JSON.stringify(
      { schema: 'pid-corpus/1', seed, count: records.length, asked: count, tiles: values.tiles, coverage: summary, sheets: records },
      null,
      1,
    ),
  );
  const equivalents = records.reduce((sum, record) => sum + record.sheetEquivalents, 0);
  const cpuSeconds = cpu.reduce((sum, value) => sum + value, 0);
  // Timings vary from run to run: a log beside the manifest, which stays the same for the same seed.
  await writeFile(path.join(out, 'build-log.json'), JSON.stringify({ seconds, workers, cpuSeconds, equivalents }, null, 1));
  process.stdout.write(
    [
      `${records.length} sheets, ${equivalents.toFixed(1)} sheet-equivalents (A3 at 200 dpi, ${(SHEET_EQUIVALENT_PIXELS / 1e6).toFixed(2)} MP each) in ${seconds.toFixed(0)} s on ${workers} workers`,
      `${(seconds / equivalents).toFixed(2)} s per sheet-equivalent, ${(seconds / records.length).toFixed(2)} s per sheet (wall)`,
      `${(cpuSeconds / equivalents).toFixed(2)} CPU s per sheet-equivalent: 2,000 of them take ${(((cpuSeconds / equivalents) * 2000) / 60 / workers).toFixed(0)} min on ${workers} free cores`,
      coco ? `${coco.images} tiles, ${coco.annotations} symbol annotations (tiles/annotations.json)` : 'whole sheets in sheets/',
      `draw.io shapes drawn: ${summary.drawioShapes} of ${summary.drawioTotal}; our classes drawn: ${summary.classes} of ${summary.classTotal}` +
        (summary.missingClasses.length ? ` (missing: ${summary.missingClasses.join(', ')})` : ''),
      `out: ${out}`,
    ].join('\n') + '\n',
  );
  return 0;
}

function coverage(records: SheetRecord[]) {
  const shapes = new Set(records.flatMap((record) => record.drawioShapes));
  const classes = new Set(records.flatMap((record) => record.classes));
  const own = SYMBOL_CLASSES.map((cls) => cls.className);
  return {
    drawioShapes: shapes.size,
    drawioTotal: drawioShapes().length,
    missingDrawioShapes: drawioShapes()
      .map((shape) => `${shape.stencil.library}/${shape.stencil.name}`)
      .filter((key) => !shapes.has(key)),
    classes: own.filter((name) => classes.has(name)).length,
    classTotal: own.length,
    missingClasses: own.filter((name) => !classes.has(name)),
  };
}

/** Hands jobs to `size` child processes one at a time; answers every record, in any order. */
function runPool(jobs: Job[], size: number, cpu: number[], progress: (done: number, record: SheetRecord) => void): Promise<SheetRecord[]> {
  return new Promise((resolve, reject) => {
    const records: SheetRecord[] = [];
    let next = 0;
    let stopping = false;
    const children: ChildProcess[] = [];
    // Ctrl-C: no new sheets; those in progress finish and the manifest lists what is done.
    process.once('SIGINT', () => {
      stopping = true;
      process.stderr.write('\nstopping: finishing the sheets in progress\n');
      if (records.length === next) resolve(records);
    });
    const feed = (child: ChildProcess) => {
      if (!stopping && next < jobs.length) child.send(jobs[next++]);
      else child.disconnect();
    };
    for (let i = 0; i < size; i++) {
      const child = fork(__filename, ['--worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      child.on('message', (message: { record?: SheetRecord; cpuSeconds?: number; error?: string }) => {
        if (message.error) {
          children.forEach((other) => other.kill());
          reject(new Error(message.error));
          return;
        }
        records.push(message.record!);
        cpu.push(message.cpuSeconds ?? 0);
        progress(records.length, message.record!);
        if (records.length === jobs.length || (stopping && records.length === next)) resolve(records);
        feed(child);
      });
      child.on('exit', (code) => {
        if (code && records.length < jobs.length) reject(new Error(`a worker stopped with code ${code}`));
      });
      feed(child);
    }
  });
}

/** A child: builds each sheet it is sent and answers its record. */
function worker(): Promise<number> {
  // Ctrl-C reaches the whole process group: the parent decides when a worker stops.
  process.on('SIGINT', () => undefined);
  return new Promise((resolve) => {
    process.on('message', (job: Job) => {
      const before = process.cpuUsage();
      writeCorpusSheet(job.out, job.seed, job)
        .then((record) => {
          const used = process.cpuUsage(before);
          process.send!({ record, cpuSeconds: (used.user + used.system) / 1e6 });
        })
        .catch((error: Error) => process.send!({ error: `sheet seed ${job.seed}: ${error.stack ?? error.message}` }));
    });
    process.on('disconnect', () => resolve(0));
  });
}

runCli(main, (error) => error.message);
