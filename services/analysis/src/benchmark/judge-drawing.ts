import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchDrawing } from './datasets/bench-drawing';
import type { TruthSheet } from './ground-truth';
import { readPrediction, type ResultDocument } from './predictions';
import { runAnalyze, type AnalyzeRun, type RunStats } from './run-analyze';
import { judgeSheet, type SheetJudgement } from './score-sheet';

export interface JudgedDrawing {
  document: ResultDocument;
  stats: RunStats;
  truth?: TruthSheet;
  judgement: SheetJudgement;
}

/** Analyses one drawing with the built CLI (in a folder of its own, removed after) and judges the result against its truth. */
export async function judgeDrawing(drawing: BenchDrawing, run: Omit<AnalyzeRun, 'file' | 'page' | 'workDir'>): Promise<JudgedDrawing> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'judge-drawing-'));
  try {
    const { file, truth } = await drawing.prepare();
    const { document, stats } = await runAnalyze({ ...run, file, page: drawing.page, workDir });
    const judgement = judgeSheet(truth, readPrediction(document, truth?.imageSize ?? document.image_size));
    return { document, stats, truth, judgement };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
