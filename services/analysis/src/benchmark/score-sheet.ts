import type { TruthConnection, TruthSheet } from './ground-truth';
import { isSymbolElement } from '@pid/contracts';
import { jointId, jointsWhole, throughUnscored, type PredictedElement, type Prediction } from './predictions';
import { calibrate, type BandCounts } from './score-calibration';
import type { SheetMisses } from './misses-overlay';
import { scoreConnections, type OutcomeCounts } from './score-connections';
import { scorePipes, type PipeScore } from './score-pipes';
import { scoreSymbols, type MatchCounts, type NamingCounts } from './score-symbols';
import { scoreText, type TextScore } from './score-text';

/** Every figure of one drawing, as counts so that a dataset adds its drawings up; absent = not measurable. */
export interface SheetScore {
  symbols?: {
    all: MatchCounts;
    byType: Record<string, MatchCounts>;
    byClass: Record<string, MatchCounts>;
    naming: Record<string, NamingCounts>;
    confusions: Record<string, number>;
  };
  text?: TextScore['detection'];
  tags?: TextScore['tags'];
  pipes?: PipeScore;
  connections?: MatchCounts;
  /** Connections between symbols that were both found (`ConnectionScore.onFoundEnds`). */
  tracedConnections?: MatchCounts;
  /** The truth connections by outcome and line style (`ConnectionScore.outcomes`). */
  connectionOutcomes?: OutcomeCounts;
  calibration: { symbols?: BandCounts[]; connections?: BandCounts[] };
  found: { elements: number; connections: number };
}

export function scoreSheet(truth: TruthSheet | undefined, predicted: Prediction): SheetScore {
  return judgeSheet(truth, predicted).score;
}

export interface SheetJudgement {
  score: SheetScore;
  misses?: SheetMisses;
  /** Each scored connection of the result (by `_id`) and whether it is right. */
  connectionsRight?: Map<string, boolean>;
  /**
   * Each scored symbol of the result (by `_id`) and whether it matches a truth symbol: a joint's flanges as their
   * joint where the truth boxes joints whole; one passed through an unscored truth symbol is not scored.
   */
  symbolsRight?: Map<string, boolean>;
}

/** A drawing's figures, and what of its truth was missed and what was found that is not there (for the misses overlay). */
export function judgeSheet(truth: TruthSheet | undefined, predicted: Prediction): SheetJudgement {
  const joined = truth?.jointsWhole ? jointsWhole(predicted) : predicted;
  // (Text and pipes are read from every element and path: a symbol passed through still carries the text it was
  // given, and its pipes are drawn.)
  const prediction = truth?.unscored
    ? throughUnscored(
        joined,
        truth.unscored,
        truth.symbols.map((s) => s.bbox),
      )
    : joined;
  const score: SheetScore = {
    calibration: {},
    found: { elements: joined.elements.length, connections: joined.connections.length },
  };
  if (!truth) return { score };
  const { complete } = truth;
  const symbols = scoreSymbols(truth.symbols, prediction.elements);
  const misses: SheetMisses = { symbols: [], extra: [], connections: [] };
  if (complete.symbols) {
    const { all, byType, byClass, naming, confusions } = symbols;
    score.symbols = { all, byType, byClass, naming, confusions };
    score.calibration.symbols = calibrate(
      prediction.elements.filter(isSymbolElement).map((p) => ({ confidence: p.confidence, correct: symbols.matches.has(p.id) })),
    );
    const found = new Set(symbols.matches.values());
    misses.symbols = truth.symbols.filter((s) => !found.has(s.id)).map((s) => ({ box: s.bbox, label: s.className }));
    misses.extra = prediction.elements
      .filter((p) => isSymbolElement(p) && !symbols.matches.has(p.id))
      .map((p) => ({ box: p.bbox, label: p.className }));
  }
  if (complete.texts || truth.symbols.some((s) => s.tag)) {
    const text = scoreText({ symbols: complete.symbols ? truth.symbols : [], texts: truth.texts }, joined.elements, symbols.matches);
    if (complete.texts) score.text = text.detection;
    if (text.tags.truth > 0) score.tags = text.tags;
  }
  if (complete.pipes) {
    score.pipes = scorePipes(
      truth.pipes.map((p) => p.polyline),
      joined.connections.flatMap((c) => c.path),
    );
  }
  const symbolsRight = complete.symbols ? symbolVerdicts(predicted, prediction, symbols.matches) : undefined;
  let connectionsRight: Map<string, boolean> | undefined;
  // A connection's ends are found through the symbol matching: without symbol boxes it cannot be judged.
  // Connections to a pipe's open end are scored as pipes only: the truths name no such ends.
  if (complete.connections && complete.symbols) {
    const symbolIds = new Set(prediction.elements.filter(isSymbolElement).map((element) => element.id));
    const betweenSymbols = prediction.connections.filter((c) => symbolIds.has(c.sourceId) && symbolIds.has(c.targetId));
    const styles = new Map(truth.pipes.map((pipe) => [pipe.id, pipe.style]));
    const styleOf = (connection: TruthConnection) => (connection.pipeId && styles.get(connection.pipeId)) || 'unknown';
    const connections = scoreConnections(truth.connections, betweenSymbols, symbols.matches, styleOf);
    score.connections = connections.counts;
    score.connectionOutcomes = connections.outcomes;
    score.tracedConnections = connections.onFoundEnds;
    score.calibration.connections = calibrate(
      betweenSymbols.map((c, i) => ({ confidence: c.confidence, correct: connections.correct[i] })),
    );
    connectionsRight = new Map(betweenSymbols.flatMap((c, i) => (c.id ? [[c.id, connections.correct[i]] as const] : [])));
    const boxOf = new Map(truth.symbols.map((s) => [s.id, s.bbox]));
    misses.connections = truth.connections.flatMap((c, i) => {
      const [from, to] = [boxOf.get(c.sourceId), boxOf.get(c.targetId)];
      const outcome = connections.truthOutcomes[i];
      return outcome === 'matched' || !from || !to ? [] : [{ from, to, outcome, style: styleOf(c) }];
    });
  }
  return { score, misses, ...(connectionsRight ? { connectionsRight } : {}), ...(symbolsRight ? { symbolsRight } : {}) };
}

/** Each symbol of the result as given, right where it (or the joint it is part of) is matched in the scored prediction. */
function symbolVerdicts(given: Prediction, scored: Prediction, matches: Map<string, string>): Map<string, boolean> {
  const ids = new Set(scored.elements.map(({ id }) => id));
  const scoredId = (element: PredictedElement) => (element.joint && !ids.has(element.id) ? jointId(element.joint) : element.id);
  return new Map(
    given.elements
      .filter((element) => isSymbolElement(element) && ids.has(scoredId(element)))
      .map((element) => [element.id, matches.has(scoredId(element))]),
  );
}

/** Adds two records of counts field by field; one absent stands for nothing to add. */
function addNumbers<T extends object>(a: T | undefined, b: T | undefined): T | undefined {
  if (!a || !b) return a ?? b;
  const sum: Record<string, number> = { ...(a as Record<string, number>) };
  for (const [key, value] of Object.entries(b as Record<string, number>)) sum[key] = (sum[key] ?? 0) + value;
  return sum as T;
}

function addRecords<T extends object>(a: Record<string, T>, b: Record<string, T>): Record<string, T> {
  const sum = { ...a };
  for (const key of Object.keys(b)) sum[key] = addNumbers(sum[key], b[key])!;
  return sum;
}

function addBands(a: BandCounts[] | undefined, b: BandCounts[] | undefined): BandCounts[] | undefined {
  if (!a || !b) return a ?? b;
  return a.map((band, i) => addNumbers(band, b[i])!);
}

/** A dataset's figures: the counts of its drawings added up (micro-averages). */
export function addScores(a: SheetScore, b: SheetScore): SheetScore {
  return {
    symbols:
      a.symbols && b.symbols
        ? {
            all: addNumbers(a.symbols.all, b.symbols.all)!,
            byType: addRecords(a.symbols.byType, b.symbols.byType),
            byClass: addRecords(a.symbols.byClass, b.symbols.byClass),
            naming: addRecords(a.symbols.naming, b.symbols.naming),
            confusions: addNumbers(a.symbols.confusions, b.symbols.confusions)!,
          }
        : (a.symbols ?? b.symbols),
    text: addNumbers(a.text, b.text),
    tags: addNumbers(a.tags, b.tags),
    pipes: addNumbers(a.pipes, b.pipes),
    connections: addNumbers(a.connections, b.connections),
    tracedConnections: addNumbers(a.tracedConnections, b.tracedConnections),
    connectionOutcomes: addNumbers(a.connectionOutcomes, b.connectionOutcomes),
    calibration: {
      symbols: addBands(a.calibration.symbols, b.calibration.symbols),
      connections: addBands(a.calibration.connections, b.calibration.connections),
    },
    found: addNumbers(a.found, b.found)!,
  };
}

/** The counts of some drawings added up; undefined for none. */
export function sumScores(scores: SheetScore[]): SheetScore | undefined {
  return scores.reduce<SheetScore | undefined>((sum, s) => (sum ? addScores(sum, s) : s), undefined);
}
