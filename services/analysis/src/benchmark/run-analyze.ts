import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResultDocument } from './predictions';
import type { LineMode } from '../line-ink/line-mode';
import type { SymbolMode } from '../symbols/symbol-mode';

export interface RunStats {
  seconds: number;
  peakRssMb: number;
}

export interface AnalyzeRun {
  file: string;
  page?: number;
  noOcr: boolean;
  /** The geometric classes only, without the learned classifier (to compare the two). */
  noClassifier?: boolean;
  /** PDFs read from their pixels only, not their text layer and strokes (to compare the two). */
  noVector?: boolean;
  overlay?: string;
  /** How raster symbols are found: the learned detector or the geometric rules with the classifier. */
  symbols?: SymbolMode;
  /** How raster lines are found: the rules alone, or with the line-ink model's signal lines added. */
  lines?: LineMode;
  /** Where the result and stats files go. */
  workDir: string;
}

/** The built CLI, next to this file once compiled. */
const CLI = path.resolve(__dirname, '../cli/analyze.js');

/** Runs the pipeline CLI as a child process (its own memory, so peak RSS is the drawing's); its progress goes to stderr. */
export async function runAnalyze(run: AnalyzeRun): Promise<{ document: ResultDocument; stats: RunStats }> {
  const out = path.join(run.workDir, 'result.json');
  const statsFile = path.join(run.workDir, 'stats.json');
  const args = [CLI, run.file, '--out', out, '--stats', statsFile];
  if (run.page) args.push('--page', String(run.page));
  if (run.noOcr) args.push('--no-ocr');
  if (run.noClassifier) args.push('--no-classifier');
  if (run.noVector) args.push('--no-vector');
  if (run.overlay) args.push('--overlay', run.overlay);
  if (run.symbols) args.push('--symbols', run.symbols);
  if (run.lines) args.push('--lines', run.lines);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`analyze exited with ${code}`);
  return {
    document: JSON.parse(await readFile(out, 'utf8')) as ResultDocument,
    stats: JSON.parse(await readFile(statsFile, 'utf8')) as RunStats,
  };
}
