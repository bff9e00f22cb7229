import type { SymbolPrediction } from '../../classifier/symbol-classifier';
import { boxOf, type Box } from '../components';
import type { Segment } from '../lines';
import type { DetectedSymbol } from '../symbols';
import { PAIR_CONFIDENCE, PROVISIONAL_CONFIDENCE } from './thresholds';
import { goes, withoutNestedTwins, type KeptPart, type Replacement, type Verdicts } from './verdicts';

/** The best-named cuts of the candidates, each keyed by what it was cut from. */
export interface BestCuts {
  bestPartTrim: Map<Box, Replacement>;
  bestTrim: Map<Box, Replacement>;
  bestPartOfGone: Map<Box, Replacement>;
  bestPair: Map<DetectedSymbol, Replacement[]>;
  /** An outline's name, read from a cut of it. */
  cutName: Map<DetectedSymbol, SymbolPrediction>;
  outlineOf: (symbol: DetectedSymbol) => Box | undefined;
}

const withClass = (symbol: DetectedSymbol, prediction: SymbolPrediction): DetectedSymbol => ({
  ...symbol,
  elementType: prediction.elementType === 'none' ? symbol.elementType : prediction.elementType,
  description: prediction.className.replace(/_/g, ' '),
  symbolClass: prediction.className,
  confidence: 0.3 * symbol.confidence + 0.7 * prediction.confidence,
});

/** Each candidate as the classifier's word leaves it: kept, named, taken apart, cut back or gone; and the stubs between the parts. */
export function keptCandidates(
  symbols: DetectedSymbol[],
  verdicts: Verdicts,
  best: BestCuts,
): { symbols: DetectedSymbol[]; stubs: Segment[] } {
  const stubs: Segment[] = [];
  // Outlined candidates as the classifier named them, and as found.
  const drawn = new Map<DetectedSymbol, DetectedSymbol>();
  const kept = symbols.flatMap((symbol): DetectedSymbol[] => {
    const prediction = verdicts.verdict.get(symbol);
    if (!prediction) return [symbol];
    const apart = verdicts.apartOf.get(symbol);
    if (apart) {
      stubs.push(...verdicts.splits.get(symbol)!.strokes);
      return partsKept(symbol, apart, best);
    }
    // Taken apart in two, else cut back.
    const trimmed = best.bestTrim.get(symbol) ?? best.bestPartOfGone.get(symbol);
    const apartAs = best.bestPair.get(symbol) ?? (trimmed ? [trimmed] : undefined);
    if (apartAs) {
      // A symbol cut back from a candidate that would have stayed whole still meets its pipes where the whole did (a
      // valve cut from the junction dot it hangs from). Not equipment: its pipes meet it at nozzles, found after.
      const reaches = apartAs.length === 1 && apartAs[0].prediction.elementType !== 'equipment' && !goes(symbol, prediction);
      const reach = reaches ? { reach: boxOf(symbol) } : {};
      // A part of a split kept alone meets its pipes through the split's bare strokes, as a split's parts do.
      const split = verdicts.splits.get(symbol);
      if (split && apartAs.length === 1 && apartAs[0] === best.bestPartOfGone.get(symbol)) stubs.push(...split.strokes);
      return apartAs.map(({ box, prediction: partPrediction }) => withClass({ ...symbol, ...box, ...reach }, partPrediction));
    }
    return wholeKept(symbol, prediction, best, drawn);
  });
  // A box or a shell drawn with lines is no valve or fitting but a strainer's basket: the classifier takes a plain
  // box with pipes into it for a reducer. (After the twins: a valve's body found as a box goes with its valve.)
  const inline = (symbol: DetectedSymbol) => symbol.elementType === 'valve' || symbol.elementType === 'fitting';
  const restored = withoutNestedTwins(kept).map((symbol) =>
    drawn.has(symbol) && inline(symbol) && symbol.symbolClass !== 'strainer' ? drawn.get(symbol)! : symbol,
  );
  return { symbols: restored, stubs };
}

/** The parts a split candidate keeps, as the classifier named them or cut back. */
function partsKept(symbol: DetectedSymbol, apart: KeptPart[], best: BestCuts): DetectedSymbol[] {
  // A part found only among a PDF's paths stays only where the classifier names it. One cut back meets its
  // pipes where the part did.
  return apart.flatMap(({ part, prediction: partPrediction }) => {
    const trimmed = best.bestPartTrim.get(part);
    if (trimmed) return [withClass({ ...symbol, ...trimmed.box, barred: false, reach: boxOf(part) }, trimmed.prediction)];
    return partPrediction.elementType !== 'none'
      ? [withClass({ ...symbol, ...part, barred: false }, partPrediction)]
      : symbol.provisional
        ? []
        : [{ ...symbol, ...part, barred: false, confidence: 0.4 }];
  });
}

/** A candidate kept whole: named as the classifier names it, kept as drawn, or gone. */
function wholeKept(
  symbol: DetectedSymbol,
  prediction: SymbolPrediction,
  best: BestCuts,
  drawn: Map<DetectedSymbol, DetectedSymbol>,
): DetectedSymbol[] {
  const sure = prediction.elementType !== 'none' && prediction.confidence >= PROVISIONAL_CONFIDENCE;
  // Text a pipe reaches stays text unless the classifier is sure it is a symbol (a blind flange's plate).
  if (symbol.elementType === 'text' && !sure) return [symbol];
  if (symbol.provisional && !sure) return [];
  // A circle with a tag inside is an instrument on every sheet measured (precision ≥ 0.95); the
  // classifier, trained on generated symbols, knows fewer bubble styles than real sheets draw. Unless it is all
  // but sure of another symbol (a strainer's square basket, its inner square dashed, was taken for a ring).
  const surelyOther = prediction.elementType !== 'none' && prediction.confidence >= PAIR_CONFIDENCE;
  if (symbol.elementType === 'instrument' && prediction.elementType !== 'instrument' && !surelyOther) return [symbol];
  // A big shape closed by its outline is drawn equipment the classifier does not know (a stepped pump casing).
  const going = goes(symbol, prediction);
  const outline = going ? best.outlineOf(symbol) : undefined;
  if (going && !outline) return [];
  const shape: DetectedSymbol = outline ? { ...symbol, ...outline, elementType: 'equipment', outlined: true } : symbol;
  // Kept for its drawing though the classifier calls it no symbol: named as a cut of the outline is named, or by
  // the class of its type that the classifier ranks next, as unsurely as it does (a butterfly valve's bars, a
  // blind flange's plate). A shape of ink alone, its type guessed from its outline, takes the next class of any
  // type where none of its own is ranked (a reducer's triangle, its tip gone with the pipe, taken for a valve).
  const inkAlone = !shape.outlined && !symbol.barred && symbol.elementType !== 'text';
  // So is a shell its outline makes a vessel (heads at both ends) that the classifier takes for a connector, unless
  // all but sure (a horizontal vessel has a connector's long box).
  const vesselTaken = shape.description === 'equipment (vessel)' && prediction.elementType === 'off_page_connector' && !surelyOther;
  const nameAs =
    prediction.elementType === 'none' || vesselTaken
      ? (best.cutName.get(symbol) ??
        prediction.alternatives.find((alternative) => alternative.elementType === shape.elementType) ??
        (inkAlone ? prediction.alternatives.find((alternative) => alternative.elementType !== 'none') : undefined))
      : prediction;
  if (!nameAs) return [shape];
  const named = withClass(shape, { ...prediction, ...nameAs });
  if (shape.outlined) drawn.set(named, shape);
  return [named];
}
