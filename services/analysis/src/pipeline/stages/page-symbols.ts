import type { PageImage } from '../../ingest/page-image';
import { withTextAsPaper, type GrayImage } from '../../classifier/crop';
import { detectorTrusted } from '../../symbols/detector-trust';
import { namedByClassifier } from '../../symbols/classifier-names';
import { withReach } from '../../symbols/detection-reach';
import { withWholeEquipment } from '../../symbols/whole-equipment';
import { detectedSymbols, withDetections } from '../../symbols/detected-symbols';
import { fittedToInk } from '../../symbols/ink-fit';
import { withoutTeeDots } from '../../symbols/tee-dots';
import { withActuators } from '../../symbols/valve-actuators';
import { withoutLineInkSymbols } from '../../symbols/line-ink-veto';
import { pipedCandidates, pipedDetections } from '../../symbols/piped-detections';
import { distinctUnsure } from '../../symbols/distinct-unsure';
import { withoutSignalDashes } from '../../symbols/signal-dashes';
import { withoutSlantedMarks } from '../../symbols/slanted-marks';
import type { AnalyzeOptions } from '../analyze-page';
import { candidateCuts } from '../classification/candidate-cuts';
import { classifySymbols } from '../classification/classify-candidates';
import { boxArea, boxHeight, boxWidth, overlapArea, type Box } from '../components';
import { withoutSections, withStackedParts } from '../equipment-parts';
import type { Segment } from '../lines';
import { withoutDuplicates } from '../duplicate-symbols';
import { findArrowheads, findSpecBreaks, type SpecBreak } from '../spec-breaks';
import { findSpectacleBlinds, type SpectacleBlind } from '../spectacle-blinds';
import type { DetectedSymbol } from '../symbols';
import type { TextLine } from '../text-lines';
import type { PageLines } from './page-lines';
import { FLANGE, type SymbolCandidates } from './symbol-candidates';
import { ruleOn, type RuleModule } from '../rule-modules';

/** The page's symbols, named; and what was found of them by shape alone. */
export interface PageSymbols {
  symbols: DetectedSymbol[];
  /** Bare pipe pieces between the parts of candidates taken apart: pipes, to connect the parts. */
  splitStubs: Segment[];
  spectacles: SpectacleBlind[];
  specBreaks: SpecBreak[];
  /** The spec breaks as symbols (among `symbols`). */
  breakSymbols: DetectedSymbol[];
  /** Flange joints with a plate between the flanges (among `symbols`). */
  platedJoints: Set<DetectedSymbol>;
  /** Groups taken for text as a whole, as lines to read. */
  textGroups: TextLine[];
  /**
   * Read in `hybrid` mode (by the rules and the detector together, or by the detector alone on a trusted page): the
   * symbol-confidence model rates its symbols. The detector's own scores, over four views fused, run low.
   */
  rated: boolean;
}

/**
 * Names the candidates (the rules with the classifier, or the learned detector), then adds what is found by shape
 * whatever they say: spectacle blinds, spec breaks, plated flange joints.
 */
export async function pageSymbols(
  image: PageImage,
  lines: PageLines,
  candidates: SymbolCandidates,
  options: AnalyzeOptions,
): Promise<PageSymbols> {
  const { unit } = lines;
  const on = (module: RuleModule) => ruleOn(options.without, module);
  const { rest, components, lineSegments, solidLines, layerLines, pixelTextLines, kept } = candidates;
  const { classified, splitStubs, rated } = await namedSymbols(image, lines, candidates, options);
  // Spectacle blinds drawn as a figure 8 on a stem take the place of what was read of their parts.
  const spectacles = on('spectacle-blinds')
    ? findSpectacleBlinds(components, lines.ink, solidLines, unit).filter(({ box }) => kept(box))
    : [];
  const partOfSpectacle = (symbol: Box) => spectacles.some(({ box }) => overlapArea(symbol, box) >= 0.5 * boxArea(symbol));
  // Groups taken for text as a whole (letters touching a dash, a leader or each other) are read like any line,
  // and may be a spec break's specs.
  const textGroups = classified.filter((symbol) => symbol.elementType === 'text').map(groupAsTextLine);
  const specBreaks = on('spec-breaks')
    ? findSpecBreaks(
        findArrowheads(components, rest, unit),
        { faint: candidates.faintInk, letters: components },
        { lines: [...layerLines, ...pixelTextLines], groups: textGroups },
        unit,
      ).filter(({ box }) => kept(box))
    : [];
  // What was read of a break's arrows (with a spec, maybe) is part of it.
  const partOfSpecBreak = (symbol: Box) =>
    specBreaks.some(({ box, arrows }) => overlapArea(symbol, arrows) > 0 && overlapArea(symbol, box) >= 0.5 * boxArea(symbol));
  const own = classified.filter((symbol) => symbol.elementType !== 'text' && !partOfSpectacle(symbol) && !partOfSpecBreak(symbol));
  const whole = on('equipment-parts') ? withoutSections(withStackedParts(own, lineSegments, unit), unit) : own;
  const undashed = on('signal-dashes') ? withoutSignalDashes(whole, lineSegments, unit) : whole;
  const symbols = on('slanted-marks') ? withoutSlantedMarks(undashed, lines.ink, unit) : undashed;
  const breakSymbols = specBreaks.map(({ box }): DetectedSymbol => ({
    ...box,
    elementType: 'fitting',
    description: 'spec break',
    symbolClass: 'spec_break',
    confidence: 0.7,
  }));
  symbols.push(...breakSymbols);
  const platedJoints = new Set(candidates.flanges.plated.map(({ box }): DetectedSymbol => ({ ...box, ...FLANGE, confidence: 0.6 })));
  symbols.push(...platedJoints);
  return {
    symbols: on('duplicates') ? withoutDuplicates(symbols) : symbols,
    splitStubs,
    spectacles,
    specBreaks,
    breakSymbols,
    platedJoints,
    textGroups,
    rated,
  };
}

/**
 * The candidates as the classifier names them (`rules`), the detector's symbols alone (`detector`, or a page the
 * detector is as sure of as of its corpus, `detector-trust.ts`), or the rules' symbols corrected by the detector's
 * (`hybrid` on other pages). `rated`: read in `hybrid` mode, so the symbol-confidence model rates the symbols.
 */
async function namedSymbols(
  image: PageImage,
  lines: PageLines,
  candidates: SymbolCandidates,
  options: AnalyzeOptions,
): Promise<{ classified: DetectedSymbol[]; splitStubs: Segment[]; rated: boolean }> {
  const { unit } = lines;
  const { without } = options;
  const { lineSegments, layerLines, pixelTextLines, kept, inHatching } = candidates;
  const { flanges, flangeBars, pairTwins } = candidates.flanges;
  const detector = options.symbolDetector && !options.vector ? await options.symbolDetector() : undefined;
  const reading = detector && (await detectedSymbols(detector, image, options.onTick));
  // Trust is read on the whole page as drawn, as it was measured.
  const trusted = options.symbolMode === 'hybrid' && reading && ruleOn(without, 'detector-trust') && detectorTrusted(reading.asDrawn);
  // The detector's boxes are drawn in to their ink (it sizes them coarsely) and over a valve's actuator; those on a
  // tee's dot go.
  const fitted = (found: DetectedSymbol[]) => {
    const inked = ruleOn(without, 'ink-fit') ? found.map((symbol) => fittedToInk(symbol, lines.ink, lineSegments, unit)) : found;
    const dotless = ruleOn(without, 'tee-dots') ? withoutTeeDots(inked, lines.ink, lineSegments, unit) : inked;
    return ruleOn(without, 'valve-actuators')
      ? withActuators(dotless, lines.ink, lineSegments, [...layerLines, ...pixelTextLines], unit)
      : dotless;
  };
  // The page with its known text as paper, for the classifier's crops (a copy of the page: made where it is read).
  const textless = () => withTextAsPaper(image, [...layerLines, ...pixelTextLines]);
  if (reading && (trusted || options.symbolMode !== 'hybrid')) {
    const sure = fitted(reading.fused.filter(kept));
    // What the detector saw under its threshold stands where the drawing's pipes end at it.
    const unsure = trusted ? fitted(reading.unsure.filter(kept)) : [];
    const piped = trusted && ruleOn(without, 'trusted-piped') ? pipedDetections(sure, unsure, lineSegments, unit) : [];
    // Of the rest, a valve, equipment or connector the detector nearly called sure stands too.
    const distinct = trusted && ruleOn(without, 'distinct-unsure') ? distinctUnsure([...sure, ...piped], unsure) : [];
    const alone = await symbolsAlone([...sure, ...piped, ...distinct], candidates, textless, unit, options);
    return { classified: alone, splitStubs: [], rated: Boolean(trusted) };
  }
  // Beside the rules, the page as drawn corrects their symbols; the passes fused add only what they are sure of.
  const detected = reading && fitted(reading.asDrawn.filter(kept));
  const confirmed = reading ? fitted(reading.fused.filter(kept)) : [];
  const standing = candidates.symbols
    .filter((symbol) => kept(symbol) && !flangeBars.has(symbol) && !inHatching(symbol))
    .map((symbol) => (pairTwins.has(symbol) ? { ...symbol, ...FLANGE } : symbol));
  // A box with its fan and motor below is classified whole (an air cooler), before the loose parts are dropped.
  const ruled = await classifySymbols(
    textless(),
    [...(ruleOn(without, 'equipment-parts') ? withStackedParts(standing, lineSegments, unit) : standing), ...flanges],
    candidateCuts(lines, candidates, without),
    options.symbolClassifier,
  );
  // What neither model reads as a symbol and the pipes break for, on both sides, is one.
  if (ruleOn(without, 'piped-candidates'))
    ruled.symbols.push(...pipedCandidates(ruled.symbols, standing, [...(detected ?? []), ...confirmed], lineSegments, unit));
  if (!detected) return { classified: ruled.symbols, splitStubs: ruled.stubs, rated: false };
  let classified = withDetections(ruled.symbols, detected, without, confirmed);
  if (lines.inkClasses && ruleOn(without, 'line-ink-veto'))
    classified = withoutLineInkSymbols(classified, detected, lines.ink, lines.inkClasses);
  return { classified, splitStubs: ruled.stubs, rated: true };
}

/**
 * The detector's symbols standing alone: each reaching as far as the rules' candidate it lies in, its short legs
 * (`detection-reach.ts`), and named by the classifier within its element type (`classifier-names.ts`).
 */
async function symbolsAlone(
  detected: DetectedSymbol[],
  candidates: SymbolCandidates,
  textless: () => GrayImage,
  unit: number,
  { without, symbolClassifier }: AnalyzeOptions,
): Promise<DetectedSymbol[]> {
  const held = candidates.symbols.filter(candidates.kept);
  const whole = ruleOn(without, 'whole-equipment') ? withWholeEquipment(detected, held, unit) : detected;
  const reached = ruleOn(without, 'detection-reach') ? withReach(whole, held, unit) : whole;
  return ruleOn(without, 'classifier-names') && symbolClassifier ? namedByClassifier(textless(), reached, symbolClassifier) : reached;
}

/** A group read as text, as a line along its longer side. */
function groupAsTextLine(group: Box): TextLine {
  // Turned only when clearly taller than wide: a short stacked group is read as it stands.
  const orientation = boxHeight(group) > 1.5 * boxWidth(group) ? 'vertical' : 'horizontal';
  const size = orientation === 'horizontal' ? boxHeight(group) : boxWidth(group);
  return { x0: group.x0, y0: group.y0, x1: group.x1, y1: group.y1, orientation, size, members: [] };
}
