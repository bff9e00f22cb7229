import type { SymbolPrediction } from '../../classifier/symbol-classifier';
import { boxArea, boxHeight, boxWidth, boxWithin, type Box } from '../components';
import type { DetectedSymbol } from '../symbols';
import type { BareStrokeSplit } from '../bare-strokes';
import { NOT_A_SYMBOL_CONFIDENCE, SPLIT_PART_CONFIDENCE, TRIM_CONFIDENCE } from './thresholds';

/** The classifier's word on each candidate whole, and on the parts of those split at bare strokes. */
export interface Verdicts {
  verdict: Map<DetectedSymbol, SymbolPrediction>;
  splits: Map<DetectedSymbol, BareStrokeSplit>;
  partVerdict: Map<Box, SymbolPrediction>;
  /** The parts a split keeps. */
  apartOf: Map<DetectedSymbol, KeptPart[]>;
}

/** A cut of a candidate and the classifier's name for it. */
export interface Replacement {
  box: Box;
  prediction: SymbolPrediction;
}

export const none = (prediction: SymbolPrediction) => prediction.elementType === 'none';

/** Named surely no symbol, it goes, unless drawn with lines or bars (shapes no stray mark makes) or text (it stays). */
export const goes = (symbol: DetectedSymbol, prediction: SymbolPrediction) =>
  none(prediction) &&
  prediction.confidence >= NOT_A_SYMBOL_CONFIDENCE &&
  !symbol.outlined &&
  !symbol.barred &&
  symbol.elementType !== 'text';

/**
 * One symbol found twice: a valve's body as a drawn box and the whole valve as a group of ink, one inside the
 * other. Where the classifier names both the same and their crops are nearly the same square (longer sides
 * within a quarter, centres within a sixth of the longer side), the inner one goes.
 */
export function withoutNestedTwins(symbols: DetectedSymbol[]): DetectedSymbol[] {
  const side = (box: Box) => Math.max(boxWidth(box), boxHeight(box));
  const sameSquare = (inner: Box, outer: Box) =>
    side(inner) >= 0.75 * side(outer) &&
    Math.abs(inner.x0 + inner.x1 - outer.x0 - outer.x1) / 2 <= side(outer) / 6 &&
    Math.abs(inner.y0 + inner.y1 - outer.y0 - outer.y1) / 2 <= side(outer) / 6;
  // Of two equal boxes the first stays.
  const outerOf = (i: number, j: number) =>
    boxWithin(symbols[i], symbols[j], 2) &&
    (boxArea(symbols[j]) > boxArea(symbols[i]) || (boxArea(symbols[j]) === boxArea(symbols[i]) && j < i));
  return symbols.filter(
    (symbol, i) =>
      !symbol.symbolClass ||
      !symbols.some((other, j) => j !== i && other.symbolClass === symbol.symbolClass && outerOf(i, j) && sameSquare(symbol, other)),
  );
}

export interface KeptPart {
  part: Box;
  prediction: SymbolPrediction;
}

/**
 * A split candidate's parts, when the classifier names two or more of them symbols, each surely and more surely
 * than the whole; the other parts stay unless it is sure they are none (a stray letter). One part alone, where it
 * is named all but surely, more surely than the whole, and every other part is a stray bit of a pipe, small and
 * surely none (an exchanger with the hop of the pipe below it; a valve's positioner on its stem is on no pipe).
 * Also splitting where the whole is named none, one part surely and another at all, was tried: it found pumps
 * with the strainers on their suction legs on synthetic scans, and as many false symbols on kr_refinery.
 */
export function partsToKeep(
  prediction: SymbolPrediction,
  parts: KeptPart[],
  onPipe: (part: Box, beside: Box) => boolean,
): KeptPart[] | undefined {
  const whole = prediction.elementType === 'none' ? 0 : prediction.confidence;
  const named = (read: KeptPart, least: number) =>
    read.prediction.elementType !== 'none' && read.prediction.confidence >= least && read.prediction.confidence > whole;
  const surelyNone = (read: KeptPart) => read.prediction.elementType === 'none' && read.prediction.confidence >= NOT_A_SYMBOL_CONFIDENCE;
  const sure = parts.filter((read) => named(read, SPLIT_PART_CONFIDENCE));
  if (sure.length >= 2) return parts.filter((read) => !surelyNone(read));
  const alone = parts.filter((read) => named(read, TRIM_CONFIDENCE));
  const stray = (read: KeptPart) =>
    surelyNone(read) && boxArea(read.part) <= STRAY_PART_SHARE * boxArea(alone[0].part) && onPipe(read.part, alone[0].part);
  return alone.length === 1 && parts.every((read) => read === alone[0] || stray(read)) ? alone : undefined;
}

/** How large a part cut off beside a symbol may be, as a share of the symbol's box, to be a stray bit (not an actuator). */
const STRAY_PART_SHARE = 0.2;
