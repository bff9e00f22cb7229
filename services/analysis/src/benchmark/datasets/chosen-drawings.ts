import { typedPath } from '../../cli/run-cli';
import type { BenchDrawing } from './bench-drawing';
import { corpusDrawings } from './corpus';
import { pidDevDrawings } from './pid-dev';
import { syntheticDrawings } from './synthetic';

/** The command-line options that name drawings, and `--json` and `--help`, as every benchmark command reads them. */
export const DRAWING_OPTIONS = {
  dataset: { type: 'string' },
  corpus: { type: 'string' },
  only: { type: 'string' },
  json: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * The drawings a benchmark command names: a pid-dev folder and/or a training-corpus folder, else the synthetic
 * held-out set; `only` keeps those whose `dataset/name` contains it. None is an error.
 */
export async function chosenDrawings(options: { dataset?: string; corpus?: string; only?: string }): Promise<BenchDrawing[]> {
  const all = [
    ...(options.dataset ? await pidDevDrawings(typedPath(options.dataset)) : options.corpus ? [] : syntheticDrawings()),
    ...(options.corpus ? await corpusDrawings(typedPath(options.corpus)) : []),
  ];
  const drawings = all.filter((d) => !options.only || `${d.dataset}/${d.name}`.includes(options.only));
  if (drawings.length === 0) throw new Error(`no drawings${options.only ? ` match --only ${options.only}` : ''}`);
  return drawings;
}
