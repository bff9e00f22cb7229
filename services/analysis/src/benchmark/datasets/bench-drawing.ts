import type { StyleBands } from '../../synthetic/corpus/style-bands';
import type { TruthSheet } from '../ground-truth';

/** One row of the benchmark: a drawing file (and page) and, where the dataset has it, its ground truth. */
export interface BenchDrawing {
  /** The table it belongs to. */
  dataset: string;
  name: string;
  page?: number;
  /** A corpus sheet's drafting-style bands, for the tables by band. */
  bands?: StyleBands;
  /** Lazy, so that `--only` skips reading or generating what it filters out. */
  prepare(): Promise<{ file: string; truth?: TruthSheet }>;
}

export const NOTHING_COMPLETE: TruthSheet['complete'] = { symbols: false, texts: false, pipes: false, connections: false };
