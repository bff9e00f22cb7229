import { splitAtBareStrokes, type BareStrokeSplit } from '../bare-strokes';
import { closedOutline } from '../closed-outlines';
import { boxesTouch, boxHeight, boxWidth, type Box } from '../components';
import { segmentBox, segmentLength } from '../lines';
import type { DetectedSymbol } from '../symbols';
import { maxTextSize } from '../text-lines';
import { cutInTwo, inkIn, NAMED_CUT_INK_SHARE, pieceBoxes, trimmedBoxes, unmarkedBoxes } from '../trimmed-candidates';
import type { PageLines } from '../stages/page-lines';
import type { SymbolCandidates } from '../stages/symbol-candidates';
import { ruleOn, type RuleModule } from '../rule-modules';

/** The ways a page reads a candidate other than whole (see `classifySymbols`). */
export interface CandidateCuts {
  splitOf: (symbol: DetectedSymbol) => BareStrokeSplit | undefined;
  trimsOf: (symbol: DetectedSymbol) => Box[];
  namedCutsOf: (symbol: DetectedSymbol) => Box[];
  outlineOf: (symbol: DetectedSymbol) => Box | undefined;
  pairsOf: (symbol: DetectedSymbol) => Array<[Box, Box]>;
  outlineCutsOf: (symbol: DetectedSymbol) => Box[];
  onPipe: (part: Box, beside: Box) => boolean;
}

/** How much of a big candidate's box the paper closed in by an outline fills, for the candidate to be that shape. */
const OUTLINE_SHARE = 0.3;

/** The cuts of a candidate on this page, from its ink, lines and hatching; none of the rules named in `without`. */
export function candidateCuts(lines: PageLines, candidates: SymbolCandidates, without?: ReadonlySet<RuleModule>): CandidateCuts {
  const cuts = allCuts(lines, candidates);
  const on = (module: RuleModule) => ruleOn(without, module);
  const trimmed = on('trimmed-candidates');
  return {
    ...cuts,
    splitOf: on('bare-strokes') ? cuts.splitOf : () => undefined,
    trimsOf: trimmed ? cuts.trimsOf : () => [],
    namedCutsOf: trimmed ? cuts.namedCutsOf : () => [],
    pairsOf: trimmed ? cuts.pairsOf : () => [],
    outlineCutsOf: trimmed ? cuts.outlineCutsOf : () => [],
    outlineOf: on('closed-outlines') ? cuts.outlineOf : () => undefined,
  };
}

function allCuts({ ink, unit }: PageLines, { rest, solidLines, inHatching }: SymbolCandidates): CandidateCuts {
  const solidLineBoxes = solidLines.map(segmentBox);
  // Parts of a candidate are read where no hatching holds them (a wall's hatching looked like a row of exchangers).
  const cutsOf = (symbol: Box) =>
    [...trimmedBoxes(symbol, rest, 4 * unit), ...pieceBoxes(symbol, rest, 4 * unit)].filter((box) => !inHatching(box));
  return {
    splitOf: (symbol) => splitAtBareStrokes(symbol, rest, unit, solidLines),
    trimsOf: cutsOf,
    // Named a symbol unsurely: without a loose mark beside it, else cut back where the cut keeps most of its ink (a
    // junction dot or a stub cut off; half a valve, a cone named a reducer, is no symbol of its own).
    namedCutsOf: (symbol) => {
      const unmarked = unmarkedBoxes(symbol, rest, 4 * unit, solidLineBoxes, unit);
      if (unmarked.length > 0) return unmarked;
      const inkOf = inkIn(symbol, rest);
      return cutsOf(symbol).filter((box) => inkIn(box, rest) >= NAMED_CUT_INK_SHARE * inkOf);
    },
    // Big, and the outline big too (not a small closed shape the fill started in).
    outlineOf: (symbol) => {
      const big = (box: Box) => Math.max(boxWidth(box), boxHeight(box)) >= 2 * maxTextSize(unit);
      const outline = big(symbol) ? closedOutline(symbol, ink, unit, OUTLINE_SHARE) : undefined;
      return outline && big(outline) ? outline : undefined;
    },
    pairsOf: (symbol) => cutInTwo(symbol, rest, 4 * unit),
    // Cut on the page's ink, lines and all: an outline's sides are lines.
    outlineCutsOf: (symbol) => trimmedBoxes(symbol, ink, 4 * unit).filter((box) => !inHatching(box)),
    // A line shorter than the symbol beside is a stroke of its own (a positioner's square side), no pipe.
    onPipe: (part, beside) =>
      solidLines.some(
        (line) => segmentLength(line) >= Math.max(boxWidth(beside), boxHeight(beside)) && boxesTouch(segmentBox(line), part, 1),
      ),
  };
}
