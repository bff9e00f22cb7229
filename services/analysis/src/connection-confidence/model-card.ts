/**
 * MODEL.md beside the connection-confidence model: data, the exact command and commit, wall time and machine, the
 * fitted weights, and how calibrated and how well ranked its confidences are, against the analysis's before. The
 * `## In the pipeline` section (from `npm run bench:analysis`) is kept when the card is written again.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIDENCE_BANDS, type BandCounts } from '../benchmark/score-calibration';
import type { ConfidenceFigures } from './metrics';
import type { ConnectionConfidenceModel } from './model';

/** One corpus's figures: the confidences the analysis gave, the fitted model's, and the model's by band. */
export interface ConfidenceJudgement {
  given: ConfidenceFigures;
  fitted: ConfidenceFigures;
  bands: BandCounts[];
}

/** What `npm run train:connection-confidence` records of a fit in `model.json`'s `training`. */
export interface ConnectionTraining {
  commit: string;
  command: string;
  generator: string;
  corpora: { calibration: { seed: number; count: number }; heldOut: { seed: number; count: number } };
  l2: number;
  wallMinutes: number;
  machine: string;
  calibration: ConfidenceJudgement;
  heldOut: ConfidenceJudgement;
}

const figuresRow = (name: string, f: ConfidenceFigures) =>
  `| ${name} | ${f.count} | ${f.accuracy.toFixed(3)} | ${f.logLoss.toFixed(3)} | ${f.brier.toFixed(3)} | ${f.ece.toFixed(3)} | ${f.auc.toFixed(3)} |`;

export async function writeConnectionCard(
  dir: string,
  model: Omit<ConnectionConfidenceModel, 'training'> & { training: ConnectionTraining },
): Promise<void> {
  const record = model.training;
  const { calibration, heldOut } = record.corpora;
  const weights = model.features.map(
    (name, i) => `| ${name} | ${model.weights[i].toFixed(3)} | ${model.mean[i].toFixed(3)} | ${model.std[i].toFixed(3)} |`,
  );
  const bands = CONFIDENCE_BANDS.map(({ label }, i) => {
    const { predicted, correct } = record.heldOut.bands[i];
    return `| ${label} | ${predicted} | ${predicted ? (correct / predicted).toFixed(3) : '–'} |`;
  });
  const card = path.join(dir, 'MODEL.md');
  const previous = existsSync(card) ? await readFile(card, 'utf8') : '';
  const inPipeline =
    previous.match(/## In the pipeline[\s\S]*$/)?.[0] ?? '## In the pipeline\n\nNot measured yet: run `npm run bench:analysis`.\n';
  const text = `# Connection-confidence model

A logistic regression that gives each traced connection the probability that it is right (both ends are the ends of
one drawn connection), so that the review can sort least-sure first. It reads what the result holds of the
connection (\`src/connection-confidence/features.ts\`): its two ends' confidences and types, whether its line is
dashed, its bends, its length and its smaller end's size in the page's symbol sizes, how far its path stops short of
its ends, the pipe junctions it passes and the busier end's connection count. \`model.json\` holds the features'
means and spreads, the weights (per spread: the table's) and the training record.

## Data

Generated only (\`src/synthetic/\`); no pid-dev sheet. Fitted on the calibration corpus (\`npm run corpus -- --sheets
--seed ${calibration.seed} --count ${calibration.count}\`, generator \`${record.generator}\`), scored on the held-out corpus (seed ${heldOut.seed},
${heldOut.count} sheets), both analysed by the product without OCR. A row is a connection between two symbols; those to a
pipe's open end are not in the truth, so they are not rows (the model gives them a confidence all the same).

## Training

- Command: \`${record.command}\`.
- Commit: \`${record.commit}\`.
- Newton's method on the log likelihood with an L2 penalty of ${record.l2} on the standardized weights.
- Wall time: ${record.wallMinutes} min (nearly all of it the analysis of the sheets), on ${record.machine}.

| feature | weight | mean | spread |
| --- | ---: | ---: | ---: |
${weights.join('\n')}

Bias ${model.bias.toFixed(3)}.

## Figures

"given": the confidences the analysis gave when the sheets were analysed (the model committed then); "fitted": this
model. ECE: expected calibration error over ten bins; AUC: the chance that a right connection is rated above a wrong one.

| rows | connections | accuracy | log loss | Brier | ECE | AUC |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${figuresRow('calibration, given', record.calibration.given)}
${figuresRow('calibration, fitted', record.calibration.fitted)}
${figuresRow('held-out, given', record.heldOut.given)}
${figuresRow('held-out, fitted', record.heldOut.fitted)}

Held-out, fitted, by the benchmark's confidence bands:

| confidence | connections | right |
| --- | ---: | ---: |
${bands.join('\n')}

${inPipeline}`;
  await writeFile(card, text);
}
