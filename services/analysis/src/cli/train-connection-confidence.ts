/**
 * `npm run train:connection-confidence -- [--count N] [--held-out-count N] [--l2 X] [--work DIR] [--out DIR] [--rows FILE]`
 * Refits the committed connection-confidence model: draws the calibration corpus (its own seed, apart from the
 * detector's training and held-out ones) where not drawn yet, analyses each sheet with the built CLI (no OCR),
 * labels its connections between symbols right or wrong against the truth, fits a logistic regression on their
 * features, and scores it on the held-out corpus. Writes `model.json` and `MODEL.md` (and with `--rows`, every
 * labelled connection as JSON, to study); progress on stderr.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { corpusDrawings } from '../benchmark/datasets/corpus';
import { CONNECTION_FEATURES } from '../connection-confidence/features';
import { fitLogistic } from '../connection-confidence/fit';
import { sheetRows, type ConnectionRow } from '../connection-confidence/labelled-connections';
import { confidenceFigures } from '../connection-confidence/metrics';
import { writeConnectionCard, type ConfidenceJudgement, type ConnectionTraining } from '../connection-confidence/model-card';
import { calibrate } from '../benchmark/score-calibration';
import { DEFAULT_MODEL_FILE, predictConfidence, type ConnectionConfidenceModel } from '../connection-confidence/model';
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
const DEFAULT_L2 = 1;

/** Every scored connection of a corpus, sheet by sheet, with progress. */
async function corpusRows(dir: string, label: string): Promise<ConnectionRow[]> {
  const drawings = await corpusDrawings(dir);
  const rows: ConnectionRow[] = [];
  for (const [i, drawing] of drawings.entries()) {
    const sheet = await sheetRows(drawing);
    rows.push(...sheet);
    process.stderr.write(`${label}: [${i + 1}/${drawings.length}] ${drawing.name}: ${sheet.length} connections scored\n`);
  }
  return rows;
}

/** How the analysis's own confidences and the fitted model's do on some rows. */
function judged(rows: ConnectionRow[], model: Omit<ConnectionConfidenceModel, 'training'>): ConfidenceJudgement {
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
      'held-out-count': { type: 'string', default: String(TRAINING_CORPORA.heldOut.count) },
      l2: { type: 'string', default: String(DEFAULT_L2) },
      work: { type: 'string', default: DEFAULT_CORPUS_WORK_DIR },
      out: { type: 'string', default: path.dirname(DEFAULT_MODEL_FILE) },
      rows: { type: 'string' },
    },
  });
  const calibration = { ...CALIBRATION_CORPUS, count: sheetCount(values.count, 'count') };
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
  const calibrationRows = await corpusRows(calibrationDir, 'calibration');
  const heldOutRows = await corpusRows(heldOutDir, 'held-out');
  if (values.rows) {
    const rows = { features: CONNECTION_FEATURES, calibration: calibrationRows, heldOut: heldOutRows };
    await writeFile(typedPath(values.rows), JSON.stringify(rows));
  }
  const fitted = fitLogistic(calibrationRows, CONNECTION_FEATURES, l2);
  const counts = [
    calibration.count !== CALIBRATION_CORPUS.count ? ` --count ${calibration.count}` : '',
    heldOut.count !== TRAINING_CORPORA.heldOut.count ? ` --held-out-count ${heldOut.count}` : '',
    l2 !== DEFAULT_L2 ? ` --l2 ${l2}` : '',
  ].join('');
  const training: ConnectionTraining = {
    commit,
    command: `npm run train:connection-confidence${counts ? ` --${counts}` : ''}`,
    generator: generatorDigest().slice(0, 8),
    corpora: { calibration, heldOut },
    l2,
    wallMinutes: Math.round((Date.now() - started) / 6000) / 10,
    machine: trainingMachine(),
    calibration: judged(calibrationRows, fitted),
    heldOut: judged(heldOutRows, fitted),
  };
  const model = { ...fitted, training };
  await mkdir(out, { recursive: true });
  const file = path.join(out, 'model.json');
  await writeFile(file, `${JSON.stringify(model, null, 2)}\n`);
  await writeConnectionCard(out, model);
  formatWithPrettier([file, path.join(out, 'MODEL.md')]);
  const { given, fitted: mine } = training.heldOut;
  process.stderr.write(
    `Fitted on ${calibrationRows.length} connections in ${training.wallMinutes} min. Held-out (${heldOutRows.length}): ` +
      `ECE ${given.ece.toFixed(3)} → ${mine.ece.toFixed(3)}, AUC ${given.auc.toFixed(3)} → ${mine.auc.toFixed(3)}; ${file}\n`,
  );
  return 0;
}

runCli(main, (error) => error.message);
