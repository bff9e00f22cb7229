import type { SheetScore } from './score-sheet';
import type { MatchCounts } from './score-symbols';

/** part / whole, undefined (n/a) when there is nothing to divide by. */
export const fraction = (part: number, whole: number) => (whole > 0 ? part / whole : undefined);

export function precisionRecallF1(counts: MatchCounts | undefined) {
  if (!counts) return {};
  return {
    precision: fraction(counts.matched, counts.predicted),
    recall: fraction(counts.matched, counts.truth),
    f1: fraction(2 * counts.matched, counts.truth + counts.predicted),
  };
}

/** The ratios of one drawing or dataset, as the tables and the JSON report give them. */
export function sheetFigures(score: SheetScore) {
  return {
    symbols: precisionRecallF1(score.symbols?.all),
    textRecall: score.text && fraction(score.text.found, score.text.truth),
    tagExact: score.tags && fraction(score.tags.exact, score.tags.truth),
    pipeRecall: score.pipes && fraction(score.pipes.truthCovered, score.pipes.truthLength),
    pipePrecision: score.pipes && fraction(score.pipes.predictedCovered, score.pipes.predictedLength),
    connections: precisionRecallF1(score.connections),
    traced: precisionRecallF1(score.tracedConnections),
  };
}
