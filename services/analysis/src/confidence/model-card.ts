/**
 * MODEL.md beside each confidence model: data, the exact command and commit, wall time and machine, the fitted
 * weights, and how calibrated and how well ranked its confidences are, against the analysis's before. The
 * `## In the pipeline` section (from `npm run bench:analysis`) is kept when the card is written again from the same commit.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIDENCE_BANDS, type BandCounts } from '../benchmark/score-calibration';
import type { LogisticModel, ConfidenceKind } from './logistic-model';
import type { ConfidenceFigures } from './metrics';

/** One corpus's figures: the confidences the analysis gave, the fitted model's, and the model's by band. */
export interface ConfidenceJudgement {
  given: ConfidenceFigures;
  fitted: ConfidenceFigures;
  bands: BandCounts[];
}

/** What `npm run train:confidence` records of a fit in each `model.json`'s `training`. */
export interface ConfidenceTraining {
  commit: string;
  command: string;
  generator: string;
  corpora: {
    calibration: { seed: number; count: number };
    /** Generated vector PDFs, seeds `seed` on. */
    vector: { seed: number; count: number };
    heldOut: { seed: number; count: number };
    /** The benchmark's held-out synthetic PDFs scored. */
    heldOutVector: number;
  };
  l2: number;
  wallMinutes: number;
  machine: string;
  calibration: ConfidenceJudgement;
  heldOut: ConfidenceJudgement;
}

/** What each card says of its model: its title, what it rates and reads, and what a row is. */
const ABOUT: Record<ConfidenceKind, { title: string; noun: string; reads: string; rows: string }> = {
  symbols: {
    title: 'Symbol-confidence model',
    noun: 'symbols',
    reads: `A logistic regression that gives each symbol found in \`hybrid\` mode on a raster page, or on a page read all
from the file (a vector PDF), the probability that it is a drawn symbol (a truth symbol's box at IoU ≥ 0.5, whatever its class), so that the review can sort least-sure
first and the connection model reads sure ends. It reads (\`src/confidence/symbol-features.ts\`) the score its
finder gave it (the classifier's, a rule's or the detector's; kept as \`metadata.score\`), its element type and whether
it was named a class, its size and elongation against the page's symbols, the process and signal lines traced to it
and the symbols it overlaps, and whether the page was read from the file. The \`rules\` and \`detector\` modes on rasters
keep the finder's score. The detector's agreement (its surest score on the symbol's box) is left out: it ranks corpus
symbols far better and real ones worse (held-out corpus AUC 0.84 against 0.77; \`kr_refinery\` 0.61 against 0.71), sure
on the corpus it learned from.`,
    rows: 'A row is a symbol (no text, no pipe end).',
  },
  connections: {
    title: 'Connection-confidence model',
    noun: 'connections',
    reads: `A logistic regression that gives each traced connection the probability that it is right (both ends are the ends of
one drawn connection), so that the review can sort least-sure first. It reads what the result holds of the
connection (\`src/confidence/connection-features.ts\`): its two ends' confidences (the symbol model's) and types,
whether its line is dashed, its bends, its length and its smaller end's size in the page's symbol sizes, how far its
path stops short of its ends, the pipe junctions it passes, the busier end's connection count and whether the page
was read all from the file (a vector PDF's text layer and strokes).`,
    rows: `A row is a connection between two symbols; those to a pipe's open end are not in the truth, so they are not rows
(the model gives them a confidence all the same). Its ends' confidences are rated again by the symbol model fitted
in the same run, as the pipeline will.`,
  },
};

const figuresRow = (name: string, f: ConfidenceFigures) =>
  `| ${name} | ${f.count} | ${f.accuracy.toFixed(3)} | ${f.logLoss.toFixed(3)} | ${f.brier.toFixed(3)} | ${f.ece.toFixed(3)} | ${f.auc.toFixed(3)} |`;

export async function writeModelCard(
  dir: string,
  kind: ConfidenceKind,
  model: Omit<LogisticModel, 'training'> & { training: ConfidenceTraining },
): Promise<void> {
  const { title, noun, reads, rows } = ABOUT[kind];
  const record = model.training;
  const { calibration, vector, heldOut, heldOutVector } = record.corpora;
  const weights = model.features.map(
    (name, i) => `| ${name} | ${model.weights[i].toFixed(3)} | ${model.mean[i].toFixed(3)} | ${model.std[i].toFixed(3)} |`,
  );
  const bands = CONFIDENCE_BANDS.map(({ label }, i) => {
    const { predicted, correct } = record.heldOut.bands[i];
    return `| ${label} | ${predicted} | ${predicted ? (correct / predicted).toFixed(3) : '–'} |`;
  });
  const card = path.join(dir, 'MODEL.md');
  // The benchmark's section describes the weights it measured: kept for a card rewritten from the same commit only.
  const previous = existsSync(card) ? await readFile(card, 'utf8') : '';
  const sameFit = previous.includes(`- Commit: \`${record.commit}\`.`);
  const inPipeline =
    (sameFit && previous.match(/## In the pipeline[\s\S]*$/)?.[0]) ||
    '## In the pipeline\n\nNot measured yet: run `npm run bench:analysis`.\n';
  const text = `# ${title}

${reads} \`model.json\` holds the features' means and spreads, the weights (per spread: the table's) and the training
record.

## Data

Generated only (\`src/synthetic/\`); no pid-dev sheet. Fitted on the calibration corpus (\`npm run corpus -- --sheets
--seed ${calibration.seed} --count ${calibration.count}\`, generator \`${record.generator}\`) and ${vector.count} generated vector PDFs (seeds
${vector.seed} on, read from the file); scored on the held-out corpus (seed ${heldOut.seed}, ${heldOut.count} sheets) and the
benchmark's first ${heldOutVector} held-out PDFs; all analysed by the product without OCR. ${rows}

## Training

- Command: \`${record.command}\` (fits both confidence models from one analysis of the sheets).
- Commit: \`${record.commit}\`.
- Newton's method on the log likelihood with an L2 penalty of ${record.l2} on the standardized weights.
- Wall time: ${record.wallMinutes} min for both models (nearly all of it the analysis of the sheets), on ${record.machine}.

| feature | weight | mean | spread |
| --- | ---: | ---: | ---: |
${weights.join('\n')}

Bias ${model.bias.toFixed(3)}.

## Figures

"given": the confidences the analysis gave when the sheets were analysed (the models committed then); "fitted": this
model. ECE: expected calibration error over ten bins; AUC: the chance that a right one is rated above a wrong one.

| rows | ${noun} | accuracy | log loss | Brier | ECE | AUC |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${figuresRow('calibration, given', record.calibration.given)}
${figuresRow('calibration, fitted', record.calibration.fitted)}
${figuresRow('held-out, given', record.heldOut.given)}
${figuresRow('held-out, fitted', record.heldOut.fitted)}

Held-out, fitted, by the benchmark's confidence bands:

| confidence | ${noun} | right |
| --- | ---: | ---: |
${bands.join('\n')}

${inPipeline}`;
  await writeFile(card, text);
}
