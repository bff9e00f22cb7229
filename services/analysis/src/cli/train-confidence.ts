/**
 * `npm run train:confidence -- [--count N] [--vector-count N] [--held-out-count N] [--l2 X] [--work DIR] [--out DIR] [--rows FILE]`
 * Refits the committed confidence models: draws the calibration corpus (its own seed, apart from the detector's
 * training and held-out ones) where not drawn yet, and generated vector PDFs (seeds of their own); analyses each
 * sheet with the built CLI (no OCR) and judges it against the truth; fits the symbol model on the rated symbols, then
 * the connection model on the connections between symbols with their ends rated by that symbol model; scores both
 * on the held-out corpus and the benchmark's held-out PDFs (`--held-out-count`: the first N of each). Writes
 * `symbol-confidence/` and `connection-confidence/` (`model.json`, `MODEL.md`) under `--out` (and with `--rows`, every
 * labelled row as JSON, to study); progress on stderr.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchDrawing } from '../benchmark/datasets/bench-drawing';
import { corpusDrawings } from '../benchmark/datasets/corpus';
import { styledPdfDrawings, syntheticDrawings } from '../benchmark/datasets/synthetic';
import { calibrate } from '../benchmark/score-calibration';
import { fitLogistic } from '../confidence/fit';
import { connectionRows, judgedSheet, symbolRows, type JudgedSheet, type ScoredRow } from '../confidence/labelled-rows';
import { CONFIDENCE_MODELS, predictConfidence, type ConfidenceKind, type LogisticModel } from '../confidence/logistic-model';
import { confidenceFigures } from '../confidence/metrics';
import { writeModelCard, type ConfidenceJudgement, type ConfidenceTraining } from '../confidence/model-card';
import { generatorDigest } from '../synthetic/generator-digest';
import { formatWithPrettier } from './format-with-prettier';
import { runCli, typedPath } from './run-cli';
import {
  corpusDir,
  DEFAULT_CORPUS_WORK_DIR,
  ensureCorpus,
  headCommit,
  sheetCount,
  TRAINING_CORPORA,
  trainingMachine,
} from './training-setup';

export const CALIBRATION_CORPUS = { seed: 5151, count: 48 };
/** Generated vector PDFs (the older generator's sheets, which it draws as PDFs): seeds apart from the classifier's and the benchmark's. */
export const VECTOR_CALIBRATION = { seed: 51510, count: 12 };

const DEFAULT_L2 = 1;

/** Every judged sheet of a set, with progress. */
async function judgedDrawings(drawings: BenchDrawing[], label: string): Promise<JudgedSheet[]> {
  const sheets: JudgedSheet[] = [];
  for (const [i, drawing] of drawings.entries()) {
    const sheet = await judgedSheet(drawing);
    if (sheet) sheets.push(sheet);
    const counts = sheet ? `${sheet.symbolsRight.size} symbols and ${sheet.connectionsRight.size} connections scored` : 'not scored';
    process.stderr.write(`${label}: [${i + 1}/${drawings.length}] ${drawing.name}: ${counts}\n`);
  }
  return sheets;
}

/** How the analysis's own confidences and the fitted model's do on some rows. */
function judged(rows: ScoredRow[], model: Omit<LogisticModel, 'training'>): ConfidenceJudgement {
  const fitted = rows.map(({ features, correct }) => ({ confidence: predictConfidence(model, features), correct }));
  return {
    given: confidenceFigures(rows.map(({ given, correct }) => ({ confidence: given, correct }))),
    fitted: confidenceFigures(fitted),
    bands: calibrate(fitted),
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: String(CALIBRATION_CORPUS.count) },
      'vector-count': { type: 'string', default: String(VECTOR_CALIBRATION.count) },
      'held-out-count': { type: 'string', default: String(TRAINING_CORPORA.heldOut.count) },
      l2: { type: 'string', default: String(DEFAULT_L2) },
      work: { type: 'string', default: DEFAULT_CORPUS_WORK_DIR },
      out: { type: 'string', default: path.dirname(CONFIDENCE_MODELS.symbols.dir) },
      rows: { type: 'string' },
    },
  });
  const calibration = { ...CALIBRATION_CORPUS, count: sheetCount(values.count, 'count') };
  const vector = { ...VECTOR_CALIBRATION, count: sheetCount(values['vector-count'], 'vector-count') };
  const heldOut = { ...TRAINING_CORPORA.heldOut, count: sheetCount(values['held-out-count'], 'held-out-count') };
  const l2 = Number(values.l2);
  if (!(l2 >= 0)) throw new Error(`--l2 must be a number at least 0, not "${values.l2}"`);
  const out = typedPath(values.out);
  const commit = headCommit();
  const started = Date.now();
  const work = typedPath(values.work);
  const calibrationDir = corpusDir(work, calibration, 'calibration');
  const heldOutDir = corpusDir(work, heldOut, 'held-out');
  ensureCorpus(calibrationDir, calibration);
  ensureCorpus(heldOutDir, heldOut);
  const heldOutPdfs = syntheticDrawings()
    .filter(({ dataset }) => dataset === 'synthetic-pdf')
    .slice(0, heldOut.count);
  const calibrationSheets = [
    ...(await judgedDrawings(await corpusDrawings(calibrationDir), 'calibration')),
    ...(await judgedDrawings(styledPdfDrawings(vector), 'calibration, vector')),
  ];
  const heldOutSheets = [
    ...(await judgedDrawings(await corpusDrawings(heldOutDir), 'held-out')),
    ...(await judgedDrawings(heldOutPdfs, 'held-out, vector')),
  ];

  // The symbol model first: the connection model reads the confidences it gives the ends.
  const symbolsOf = (sheets: JudgedSheet[]) => sheets.flatMap(symbolRows);
  const symbols = { calibration: symbolsOf(calibrationSheets), heldOut: symbolsOf(heldOutSheets) };
  const symbolModel = fitLogistic(symbols.calibration, CONFIDENCE_MODELS.symbols.features, l2);
  const connectionsOf = (sheets: JudgedSheet[]) => sheets.flatMap((sheet) => connectionRows(sheet, symbolModel));
  const connections = { calibration: connectionsOf(calibrationSheets), heldOut: connectionsOf(heldOutSheets) };
  const connectionModel = fitLogistic(connections.calibration, CONFIDENCE_MODELS.connections.features, l2);
  if (values.rows) await writeFile(typedPath(values.rows), JSON.stringify({ symbols, connections }));

  const options = [
    calibration.count !== CALIBRATION_CORPUS.count ? ` --count ${calibration.count}` : '',
    vector.count !== VECTOR_CALIBRATION.count ? ` --vector-count ${vector.count}` : '',
    heldOut.count !== TRAINING_CORPORA.heldOut.count ? ` --held-out-count ${heldOut.count}` : '',
    l2 !== DEFAULT_L2 ? ` --l2 ${l2}` : '',
  ].join('');
  const record = {
    commit,
    command: `npm run train:confidence${options ? ` --${options}` : ''}`,
    generator: generatorDigest().slice(0, 8),
    corpora: { calibration, vector, heldOut, heldOutVector: heldOutPdfs.length },
    l2,
    wallMinutes: Math.round((Date.now() - started) / 6000) / 10,
    machine: trainingMachine(),
  };
  const fits: Array<[ConfidenceKind, Omit<LogisticModel, 'training'>, { calibration: ScoredRow[]; heldOut: ScoredRow[] }]> = [
    ['symbols', symbolModel, symbols],
    ['connections', connectionModel, connections],
  ];
  for (const [kind, fitted, rows] of fits) {
    const training: ConfidenceTraining = {
      ...record,
      calibration: judged(rows.calibration, fitted),
      heldOut: judged(rows.heldOut, fitted),
    };
    const dir = path.join(out, path.basename(CONFIDENCE_MODELS[kind].dir));
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'model.json');
    await writeFile(file, `${JSON.stringify({ ...fitted, training }, null, 2)}\n`);
    await writeModelCard(dir, kind, { ...fitted, training });
    formatWithPrettier([file, path.join(dir, 'MODEL.md')]);
    const { given, fitted: mine } = training.heldOut;
    process.stderr.write(
      `${kind}: fitted on ${rows.calibration.length}; held-out (${rows.heldOut.length}) ECE ${given.ece.toFixed(3)} → ` +
        `${mine.ece.toFixed(3)}, AUC ${given.auc.toFixed(3)} → ${mine.auc.toFixed(3)}; ${file}\n`,
    );
  }
  process.stderr.write(`Both models fitted in ${record.wallMinutes} min.\n`);
  return 0;
}

runCli(main, (error) => error.message);
