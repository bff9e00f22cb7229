/**
 * MODEL.md beside the line-ink model: data, the exact command and commit, wall time and machine, and the held-out
 * corpus figures recorded in `line-ink.json`. The `## In the pipeline` section (from `npm run bench:analysis`) is
 * kept when the card is written again.
 */
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusCommands, HEADER, row, type Figures, type TrainingRecord, type TrainingRun } from '../symbols/detector/model-card';
import type { LineInkManifest } from './line-ink-files';

interface HeldOut {
  sheets: number;
  'pipe ink': Figures;
  classes: Record<string, Figures>;
  bands: Record<string, Figures>;
  confusion: { classes: string[]; cells: number[][] };
}

const table = (entries: Array<[string, Figures]>) => [HEADER, ...entries.map(([name, f]) => row(name, f))].join('\n');

export async function writeLineInkCard(dir: string, run: TrainingRun): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'line-ink.json'), 'utf8')) as LineInkManifest;
  const training = manifest.training as unknown as TrainingRecord & { sheets: number; heldOut: HeldOut };
  const heldOut = training.heldOut;
  const bytes = (await stat(path.join(dir, 'line-ink.onnx'))).size;
  const corpora = corpusCommands(run);
  const { classes, cells } = heldOut.confusion;
  const confusion = [
    `| truth \\ model | ${classes.join(' | ')} |`,
    `| --- | ${classes.map(() => '---:').join(' | ')} |`,
    ...cells.map((counts, i) => {
      const total = Math.max(
        1,
        counts.reduce((a, b) => a + b, 0),
      );
      return `| ${classes[i]} | ${counts.map((count) => `${((100 * count) / total).toFixed(1)} %`).join(' | ')} |`;
    }),
  ].join('\n');
  const card = path.join(dir, 'MODEL.md');
  const previous = existsSync(card) ? await readFile(card, 'utf8') : '';
  const inPipeline =
    previous.match(/## In the pipeline[\s\S]*$/)?.[0] ??
    '## In the pipeline\n\nNot measured yet: run `npm run bench:analysis -- --lines model`.\n';
  const text = `# Line-ink model

${manifest.architecture}: a small U-shaped network that names each bit of a page's ink \`${manifest.classes.join('`, `')}\`
(sheet furniture, borders, specks), one answer per ${manifest.stride} × ${manifest.stride} pixels. A page is read at ${manifest.scaleOverDetector} times the symbol
detector's scale (its text brought to ${manifest.textHeight * manifest.scaleOverDetector} px), at most full size, in ${manifest.tile}-px tiles whose ${manifest.margin}-px
borders are read but not kept. Weights: \`line-ink.onnx\` (${(bytes / 1e6).toFixed(2)} MB, float32) with \`line-ink.json\`.

## Data

Generated only (\`src/synthetic/\`, our library and draw.io's, CC BY 4.0); no pid-dev sheet or anything derived from
one. ${corpora}; the first ${training.sheets} training sheets. Each sheet's truth is painted per cell (other ink, then text boxes,
pipes a cell and a half wider each side than drawn, symbol boxes, the later winning), and only cells holding ink are scored.

## Training

- Command: \`${run.command}\` (\`training/line_ink/train.py\`, PyTorch from Debian's \`python3-torch\`).
- Commit: \`${manifest.commit}\`.
- ${training.steps} steps of ${training.batch} crops of ${training.crop} px (random scale ${training.cropScales.join('–')}, quarter
  turns, mirroring, thicker or thinner strokes, coarser scans, ink gamma); AdamW, cosine schedule, cross-entropy over ink cells.
- Wall time: ${run.wallMinutes.toFixed(1)} min in all (${training.trainMinutes} min of training), on ${run.machine}.

## Held-out corpus (${heldOut.sheets} sheets, ink cells)

Pipe ink (process and signal lines as one), then by drafting-style band:

${table([['pipe ink', heldOut['pipe ink']], ...Object.entries(heldOut.bands)])}

Per class:

${table(Object.entries(heldOut.classes))}

Share of each class's ink cells, by what the model called them:

${confusion}

${inPipeline}`;
  await writeFile(card, text);
}
