import type { SymbolClassifier, SymbolPrediction } from '../../classifier/symbol-classifier';
import type { GrayImage } from '../../classifier/crop';
import type { BareStrokeSplit } from '../bare-strokes';
import type { CandidateCuts } from './candidate-cuts';
import type { Box } from '../components';
import type { Segment } from '../lines';
import type { DetectedSymbol } from '../symbols';
import { keptCandidates } from './kept-candidates';
import { NOT_A_SYMBOL_CONFIDENCE, PAIR_CONFIDENCE, TRIM_CONFIDENCE } from './thresholds';
import { goes, none, partsToKeep, type KeptPart, type Replacement, type Verdicts } from './verdicts';

/** The candidates' cuts to be read, each with what it was cut from. */
interface Rereads {
  trims: Array<{ symbol: DetectedSymbol; box: Box }>;
  pairs: Array<{ symbol: DetectedSymbol; pair: [Box, Box] }>;
  outlineCuts: Array<{ symbol: DetectedSymbol; box: Box }>;
  partTrims: Array<{ part: Box; box: Box }>;
}

const doubtful = (prediction: SymbolPrediction) => none(prediction) || prediction.confidence < PAIR_CONFIDENCE;

/**
 * The learned classifier's word on each geometric candidate: its class (`metadata.symbol_class`), its type,
 * and a confidence that blends both; a candidate it is sure is no symbol (a letter, a corner, an arrow) goes.
 * A candidate with bare pipe pieces inside (`splitOf`) is taken apart there when the classifier names two parts
 * or more as symbols more surely than the whole (valves strung on a short drain leg); the pieces are returned
 * as pipe stubs, to connect the parts. A candidate it is sure is no symbol is read again cut back from each
 * side and piece by piece (`trimsOf`): a cut it names a symbol all but certainly is kept in its place (a pump
 * with its label touching it, a valve beside a flange's bar); so is one named no symbol unsurely. A candidate named a
 * symbol unsurely is read without a loose mark beside it (a valve and a lone letter), else cut back too, keeping
 * most of it (a valve and the junction dot it hangs from): `namedCutsOf`; and cut in two
 * (`pairsOf`): two halves both named surely, more surely than the whole, take its place (a valve and its blind
 * flange taken as one). A big candidate it names no symbol that an outline closes (`outlineOf`) stays as
 * that outline, equipment; an outline named no symbol unsurely is named as a cut of it is (`outlineCutsOf`).
 */
export async function classifySymbols(
  image: GrayImage,
  symbols: DetectedSymbol[],
  cuts: CandidateCuts,
  symbolClassifier: (() => Promise<SymbolClassifier>) | undefined,
): Promise<{ symbols: DetectedSymbol[]; stubs: Segment[] }> {
  const candidates = symbols.filter((symbol) => symbol.elementType !== 'text' || symbol.textOnPipe);
  if (!symbolClassifier || candidates.length === 0) return { symbols: symbols.filter((symbol) => !symbol.provisional), stubs: [] };
  const classifier = await symbolClassifier();
  const verdicts = await readWhole(classifier, image, candidates, cuts);
  const rereads = cutsToRead(candidates, verdicts, cuts);
  const { trims, pairs, outlineCuts, partTrims } = rereads;
  const [trimPredictions, pairPredictions, outlineCutPredictions, partTrimPredictions] = await classifyGroups(classifier, image, [
    trims.map(({ box }) => box),
    pairs.flatMap(({ pair }) => pair),
    outlineCuts.map(({ box }) => box),
    partTrims.map(({ box }) => box),
  ]);
  const pairRead = (i: number) => pairs[i].pair.map((box, k) => ({ box, prediction: pairPredictions[2 * i + k] }));
  const cutName = outlineCutNames(outlineCuts, outlineCutPredictions);
  const bestPair = bestPairs(pairs, pairRead, verdicts.verdict);
  // A candidate that would go, cut in two where paper parts a label from a symbol (a drain valve and the `3/4"`
  // written against it), is read cut back to either half as well.
  const halves = pairs.flatMap(({ symbol }, i) =>
    goes(symbol, verdicts.verdict.get(symbol)!) ? pairRead(i).map((half) => ({ symbol, ...half })) : [],
  );
  const bestTrim = bestCuts(
    [...trims, ...halves],
    [...trimPredictions, ...halves.map(({ prediction }) => prediction)],
    ({ symbol }) => symbol,
  );
  const bestPartTrim = bestCuts(partTrims, partTrimPredictions, ({ part }) => part);
  return keptCandidates(symbols, verdicts, {
    bestPartTrim,
    bestTrim,
    bestPartOfGone: bestPartsOfGone(verdicts),
    bestPair,
    cutName,
    outlineOf: cuts.outlineOf,
  });
}

/** The classifier's word on each candidate and on each part of the candidates bare strokes split. */
async function readWhole(
  classifier: SymbolClassifier,
  image: GrayImage,
  candidates: DetectedSymbol[],
  cuts: CandidateCuts,
): Promise<Verdicts> {
  // Bubbles and outlined shapes are whole; text is split by the text finder.
  const splits = new Map(
    candidates.flatMap((symbol): Array<[DetectedSymbol, BareStrokeSplit]> => {
      if (symbol.outlined || symbol.elementType === 'instrument' || symbol.elementType === 'text') return [];
      const split = cuts.splitOf(symbol);
      return split ? [[symbol, split]] : [];
    }),
  );
  const parts = candidates.flatMap((symbol) => splits.get(symbol)?.parts ?? []);
  const predictions = await classifier.classify(image, [...candidates, ...parts]);
  const verdict = new Map(candidates.map((symbol, i) => [symbol, predictions[i]]));
  const partVerdict = new Map(parts.map((part, i) => [part, predictions[candidates.length + i]]));
  const apartOf = new Map(
    [...splits].flatMap(([symbol, split]): Array<[DetectedSymbol, KeptPart[]]> => {
      const apart = partsToKeep(
        verdict.get(symbol)!,
        split.parts.map((part) => ({ part, prediction: partVerdict.get(part)! })),
        cuts.onPipe,
      );
      return apart ? [[symbol, apart]] : [];
    }),
  );
  return { verdict, splits, partVerdict, apartOf };
}

/** The cuts of the candidates the classifier could not settle whole, to be read in one call. */
function cutsToRead(candidates: DetectedSymbol[], { verdict, splits, apartOf }: Verdicts, cuts: CandidateCuts): Rereads {
  // Shapes found as ink alone (not outlines, bubbles or PDF paths) may be cut: those that hold no bars and were not
  // split, or were split in vain and would go (one kept is a valve on its stem: cut back, it would lose its actuator).
  const inkShapes = candidates.filter((symbol) => !symbol.outlined && !symbol.provisional && symbol.elementType !== 'instrument');
  const cuttable = inkShapes.filter(
    (symbol) => !symbol.barred && (!splits.has(symbol) || (!apartOf.has(symbol) && goes(symbol, verdict.get(symbol)!))),
  );
  // A candidate named no symbol may be one with a label or a mark stuck to a side, or beside another: read it cut
  // back, and piece by piece. One named a symbol unsurely may be one with a loose mark beside it (a valve and a lone
  // letter): read without it; with none, it is read cut back too where the cut keeps most of its ink (a junction
  // dot, a pipe's stub or a blind's plate stuck to one end; `namedCutsOf`). Only a cut named all but surely replaces
  // it.
  // One kept for its bars though surely no symbol, with no class of its type to be named by, is read cut back too: a
  // control valve with its actuator's box and a stroke of its signal line stuck on was kept as that, named no class.
  // (Not an outline: a shape found by it is whole, an off-page connector a tag fills; nor a flange found as its
  // bars, a symbol whatever the classifier says.)
  const barredShapes = inkShapes.filter((symbol) => symbol.barred && symbol.description !== 'flange');
  const trims = [...cuttable, ...barredShapes].flatMap((symbol) => {
    const whole = verdict.get(symbol)!;
    const unnamed = none(whole) && !whole.alternatives.some((alternative) => alternative.elementType === symbol.elementType);
    if (symbol.barred && !(unnamed && whole.confidence >= NOT_A_SYMBOL_CONFIDENCE)) return [];
    const boxes = none(whole) ? cuts.trimsOf(symbol) : whole.confidence < PAIR_CONFIDENCE ? cuts.namedCutsOf(symbol) : [];
    return boxes.map((box) => ({ symbol, box }));
  });
  // A candidate named no symbol or a symbol unsurely may be two symbols stacked (valves on a short leg).
  const pairs = cuttable
    .filter((symbol) => doubtful(verdict.get(symbol)!))
    .flatMap((symbol) => cuts.pairsOf(symbol).map((pair) => ({ symbol, pair })));
  // An outline named no symbol unsurely may be named by a cut of it (a pipe's stub taken in with a vessel's head
  // made its crop no vessel). It keeps its box: its lines are the shape.
  const outlineCuts = candidates
    .filter((symbol) => {
      const whole = verdict.get(symbol)!;
      return symbol.outlined && symbol.elementType !== 'instrument' && none(whole) && whole.confidence < NOT_A_SYMBOL_CONFIDENCE;
    })
    .flatMap((symbol) => cuts.outlineCutsOf(symbol).map((box) => ({ symbol, box })));
  // A part kept named a symbol unsurely is read cut back too (a three-way valve with the junction dot it hangs
  // from, split from the valve on its drain leg).
  const partTrims = [...apartOf].flatMap(([symbol, apart]) =>
    apart
      .filter(({ prediction }) => !none(prediction) && prediction.confidence < PAIR_CONFIDENCE)
      .flatMap(({ part }) => cuts.trimsOf({ ...symbol, ...part }).map((box) => ({ part, box }))),
  );
  return { trims, pairs, outlineCuts, partTrims };
}

/** Boxes classified in one call, the predictions handed back group by group. */
async function classifyGroups(classifier: SymbolClassifier, image: GrayImage, groups: Box[][]): Promise<SymbolPrediction[][]> {
  const boxes = groups.flat();
  const predictions = boxes.length > 0 ? await classifier.classify(image, boxes) : [];
  let from = 0;
  return groups.map((group) => predictions.slice(from, (from += group.length)));
}

/** The surest name of each outline among its cuts' names of its own type. */
function outlineCutNames(outlineCuts: Rereads['outlineCuts'], predictions: SymbolPrediction[]): Map<DetectedSymbol, SymbolPrediction> {
  const cutName = new Map<DetectedSymbol, SymbolPrediction>();
  outlineCuts.forEach(({ symbol }, i) => {
    const prediction = predictions[i];
    if (prediction.elementType !== symbol.elementType || prediction.confidence < TRIM_CONFIDENCE) return;
    if (prediction.confidence > (cutName.get(symbol)?.confidence ?? 0)) cutName.set(symbol, prediction);
  });
  return cutName;
}

/** Each candidate's surest pair of halves, both named surely, more surely than the whole. */
function bestPairs(
  pairs: Rereads['pairs'],
  pairRead: (i: number) => Replacement[],
  verdict: Map<DetectedSymbol, SymbolPrediction>,
): Map<DetectedSymbol, Replacement[]> {
  const bestPair = new Map<DetectedSymbol, Replacement[]>();
  pairs.forEach(({ symbol }, i) => {
    const read = pairRead(i);
    const whole = verdict.get(symbol)!;
    const beats = (p: SymbolPrediction) =>
      p.elementType !== 'none' && p.confidence >= PAIR_CONFIDENCE && (whole.elementType === 'none' || p.confidence > whole.confidence);
    if (!read.every(({ prediction }) => beats(prediction))) return;
    const score = Math.min(...read.map(({ prediction }) => prediction.confidence));
    const best = bestPair.get(symbol);
    if (!best || score > Math.min(...best.map(({ prediction }) => prediction.confidence))) bestPair.set(symbol, read);
  });
  return bestPair;
}

/** Only a cut named all but surely replaces what it was cut from. */
function bestCuts<T>(
  cuts: Array<{ box: Box } & T>,
  predictions: SymbolPrediction[],
  of: (cut: T) => Box,
  minConfidence = TRIM_CONFIDENCE,
): Map<Box, Replacement> {
  const best = new Map<Box, Replacement>();
  cuts.forEach((cut, i) => {
    const prediction = predictions[i];
    if (prediction.elementType === 'none' || prediction.confidence < minConfidence) return;
    if (prediction.confidence > (best.get(of(cut))?.prediction.confidence ?? 0)) best.set(of(cut), { box: cut.box, prediction });
  });
  return best;
}

/**
 * A candidate that would go, split in vain, is read as its parts too: one cut off at bare pipe and named as surely
 * as a pair's half takes its place (a reducer on a safety valve drawn in a style the classifier does not know).
 */
function bestPartsOfGone({ verdict, splits, partVerdict, apartOf }: Verdicts): Map<Box, Replacement> {
  const partsOfGone = [...splits].flatMap(([symbol, split]) =>
    apartOf.has(symbol) || !goes(symbol, verdict.get(symbol)!) ? [] : split.parts.map((part) => ({ symbol, box: part })),
  );
  return bestCuts(
    partsOfGone,
    partsOfGone.map(({ box }) => partVerdict.get(box)!),
    ({ symbol }) => symbol,
    PAIR_CONFIDENCE,
  );
}
