import type { TruthConnection, TruthPipe } from './ground-truth';
import type { MatchCounts } from './score-symbols';
import type { PredictedConnection } from './predictions';

/** What became of a truth connection: found, an end's symbol not found, or both ends found but not traced between. */
export type ConnectionOutcome = 'matched' | 'end not found' | 'traced wrong';
export const CONNECTION_OUTCOMES: readonly ConnectionOutcome[] = ['matched', 'end not found', 'traced wrong'];
/** How the truth draws a connection's pipe; `unknown` where the dataset does not say. */
export type ConnectionStyle = TruthPipe['style'] | 'unknown';
export const CONNECTION_STYLES: readonly ConnectionStyle[] = ['solid', 'dashed', 'unknown'];
/** Truth connections counted by outcome and line style, keyed `outcome/style` (flat, to add up like other counts). */
export type OutcomeCounts = Record<string, number>;
export const outcomeKey = (outcome: ConnectionOutcome, style: ConnectionStyle) => `${outcome}/${style}`;

export interface ConnectionScore {
  counts: MatchCounts;
  /** Each truth connection's outcome, by the style of its pipe. */
  outcomes: OutcomeCounts;
  /**
   * The same, counting only connections whose two ends were both found (truth: both truth symbols matched;
   * predicted: both ends matched to some truth symbol): how well pipes are traced, apart from symbol finding.
   */
  onFoundEnds: MatchCounts;
  /** Per predicted connection, in order: whether it is right. */
  correct: boolean[];
  /** Per truth connection, in order: its outcome. */
  truthOutcomes: ConnectionOutcome[];
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
  styleOf: (connection: TruthConnection) => ConnectionStyle = () => 'unknown',
): ConnectionScore {
  const perPair = new Map<string, number>();
  for (const connection of truth) {
    const key = pairKey(connection.sourceId, connection.targetId);
    perPair.set(key, (perPair.get(key) ?? 0) + 1);
  }
  const open = new Map(perPair);
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
  // Per pair of ends, as many truth connections as predictions took are matched, the first in the truth's order (two
  // on one pair drawn in unlike styles are told apart by that order only).
  const taken = new Map([...perPair].map(([key, count]) => [key, count - (open.get(key) ?? 0)]));
  const outcomes: OutcomeCounts = {};
  const truthOutcomes = truth.map((connection) => {
    const key = pairKey(connection.sourceId, connection.targetId);
    const matchedHere = taken.get(key) ?? 0;
    let outcome: ConnectionOutcome = 'traced wrong';
    if (!endsFound(connection.sourceId, connection.targetId)) outcome = 'end not found';
    else if (matchedHere > 0) {
      outcome = 'matched';
      taken.set(key, matchedHere - 1);
    }
    const counted = outcomeKey(outcome, styleOf(connection));
    outcomes[counted] = (outcomes[counted] ?? 0) + 1;
    return outcome;
  });
  return { counts: { truth: truth.length, predicted: predicted.length, matched }, outcomes, onFoundEnds, correct, truthOutcomes };
}
