import type { TruthConnection } from './ground-truth';
import type { MatchCounts } from './score-symbols';
import type { PredictedConnection } from './predictions';

export interface ConnectionScore {
  counts: MatchCounts;
  /**
   * The same, counting only connections whose two ends were both found (truth: both truth symbols matched;
   * predicted: both ends matched to some truth symbol): how well pipes are traced, apart from symbol finding.
   */
  onFoundEnds: MatchCounts;
  /** Per predicted connection, in order: whether it is right. */
  correct: boolean[];
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/**
 * A predicted connection is right when its two ends are matched (symbol matching, predicted id → truth id)
 * to the two ends of a truth connection not yet taken, in either order.
 */
export function scoreConnections(
  truth: TruthConnection[],
  predicted: PredictedConnection[],
  symbolMatches: Map<string, string>,
): ConnectionScore {
  const open = new Map<string, number>();
  for (const connection of truth) {
    const key = pairKey(connection.sourceId, connection.targetId);
    open.set(key, (open.get(key) ?? 0) + 1);
  }
  const foundTruth = new Set(symbolMatches.values());
  const endsFound = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && foundTruth.has(a) && foundTruth.has(b);
  const correct = predicted.map((connection) => {
    const source = symbolMatches.get(connection.sourceId);
    const target = symbolMatches.get(connection.targetId);
    if (source === undefined || target === undefined) return false;
    const key = pairKey(source, target);
    const left = open.get(key) ?? 0;
    if (left === 0) return false;
    open.set(key, left - 1);
    return true;
  });
  const matched = correct.filter(Boolean).length;
  const onFoundEnds = {
    truth: truth.filter((c) => endsFound(c.sourceId, c.targetId)).length,
    predicted: predicted.filter((c) => endsFound(symbolMatches.get(c.sourceId), symbolMatches.get(c.targetId))).length,
    matched,
  };
  return { counts: { truth: truth.length, predicted: predicted.length, matched }, onFoundEnds, correct };
}
