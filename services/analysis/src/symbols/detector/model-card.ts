/**
 * MODEL.md beside the detector's weights: data, the exact command and commit, wall time and machine, and the
 * held-out corpus figures recorded in `detector.json`. The `## pid-dev` section (from `npm run bench:analysis`)
 * is kept when the card is written again.
 */
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DetectorManifest } from './detector-files';

export interface Figures {
  precision: number;
  recall: number;
  f1: number;
  truth: number;
  found: number;
}

interface HeldOut {
  summary: { threshold: number; sheets: number; agnostic: Figures; 'with class': Figures };
  bands: Record<string, Figures>;
  classes: Record<string, Figures>;
}

/** What both trainers record of a run in their manifest's `training`. */
export interface TrainingRecord {
  trainMinutes: number;
  steps: number;
  batch: number;
  crop: number;
  cropScales: [number, number];
}

export interface TrainingRun {
  command: string;
  corpora: Record<string, { seed: number; count: number }>;
  wallMinutes: number;
  machine: string;
}

export const row = (name: string, f: Figures) =>
  `| ${name} | ${f.truth} | ${f.found} | ${f.precision.toFixed(3)} | ${f.recall.toFixed(3)} | ${f.f1.toFixed(3)} |`;
export const HEADER = '| | truth | found | precision | recall | F1 |\n| --- | ---: | ---: | ---: | ---: | ---: |';

/** How each corpus a model was trained or scored on is drawn, for its card's Data section. */
export const corpusCommands = (run: TrainingRun) =>
  Object.entries(run.corpora)
    .map(([name, { seed, count }]) => `${name}: \`npm run corpus -- --sheets --seed ${seed} --count ${count}\``)
    .join('; ');

export async function writeModelCard(dir: string, run: TrainingRun): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'detector.json'), 'utf8')) as DetectorManifest;
  const training = manifest.training as unknown as TrainingRecord & { heldOut: HeldOut };
  const { summary, bands, classes } = training.heldOut;
  const weightBytes = (await stat(path.join(dir, 'detector.bin'))).size;
  const card = path.join(dir, 'MODEL.md');
  const previous = existsSync(card) ? await readFile(card, 'utf8') : '';
  const pidDev = previous.match(/## pid-dev[\s\S]*$/)?.[0] ?? '## pid-dev\n\nNot measured yet: run `npm run bench:analysis`.\n';
  const corpora = corpusCommands(run);
  const text = `# Symbol detector

${manifest.architecture}: a CenterNet-style single-stage detector on greyscale ink, ${manifest.classes.length} classes (our
taxonomy, then \`other_symbol\`), reading the page in ${manifest.tile}-px tiles overlapping by ${manifest.overlap} px, at
the scale that brings its text to ${manifest.textHeight} px high (\`page-scale.ts\`; the training corpus's median text
height at half size; ${manifest.pageScale} where a page has too little text to measure). Training reads each corpus
sheet at the scale the product would. Weights: \`detector.bin\` (${(weightBytes / 1e6).toFixed(2)} MB, float32, batch norm
folded in) with \`detector.json\`; \`detector.onnx\` is the same network for onnxruntime.

## Data

Generated only (\`src/synthetic/\`, our library and draw.io's, CC BY 4.0); no pid-dev sheet or anything derived from
one. ${corpora}.

## Training

- Command: \`${run.command}\` (\`training/detector/train.py\`, PyTorch from Debian's \`python3-torch\`).
- Commit: \`${manifest.commit}\`.
- ${training.steps} steps of ${training.batch} crops of ${training.crop} px (random scale ${training.cropScales.join('–')}, quarter
  turns, mirroring, thicker or thinner strokes, coarser scans, ink gamma); AdamW, cosine schedule.
- Wall time: ${run.wallMinutes.toFixed(1)} min in all (${training.trainMinutes} min of training), on ${run.machine}.

## Held-out corpus (${summary.sheets} sheets, IoU ≥ 0.5, score ≥ ${summary.threshold})

${HEADER}
${row('class-agnostic', summary.agnostic)}
${row('with class', summary['with class'])}
${Object.entries(bands)
  .map(([name, figures]) => row(name, figures))
  .join('\n')}

Per class (a detection of the wrong class counts against both classes):

${HEADER}
${Object.entries(classes)
  .filter(([, figures]) => figures.truth + figures.found > 0)
  .map(([name, figures]) => row(name, figures))
  .join('\n')}

${pidDev}`;
  await writeFile(card, text);
}
