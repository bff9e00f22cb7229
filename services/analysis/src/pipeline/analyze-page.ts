import type { AnalysisConnection, AnalysisElement, AnalysisSource, ImageSize } from '@pid/contracts';
import type { PageImage } from '../ingest/page-image';
import type { SymbolClassifier } from '../classifier/symbol-classifier';
import type { LineInkModel } from '../line-ink/line-ink-model';
import type { SymbolDetector } from '../symbols/detector/symbol-detector';
import type { SymbolMode } from '../symbols/symbol-mode';
import type { VectorPage } from '../vector/vector-page';
import { ruleOn, type RuleModule } from './rule-modules';
import { assemblePage } from './stages/assemble';
import { equipmentNozzles } from './stages/equipment-nozzles';
import { pageConnections } from './stages/page-connections';
import { pageLines } from './stages/page-lines';
import { pageSymbols } from './stages/page-symbols';
import { pageText } from './stages/page-text';
import { symbolCandidates } from './stages/symbol-candidates';
import { symbolTags } from './stages/symbol-tags';
import type { TextReader } from './text-reader';
import { withoutUnreachedBoxes, withoutUnreachedFlanges } from './unreached-boxes';
import { withoutDimensionLines } from './dimension-lines';

export type AnalysisStage = 'rendering' | 'lines' | 'symbols' | 'text' | 'connections' | 'saving';

/** Where each stage starts, in percent of the whole job. */
export const STAGE_PROGRESS: Record<AnalysisStage, { progress: number; message: string }> = {
  rendering: { progress: 5, message: 'Rendering the drawing' },
  lines: { progress: 20, message: 'Finding lines' },
  symbols: { progress: 45, message: 'Finding symbols' },
  text: { progress: 65, message: 'Reading text' },
  connections: { progress: 75, message: 'Tracing connections' },
  saving: { progress: 95, message: 'Saving the results' },
};

export interface PageAnalysis {
  imageSize: ImageSize;
  elements: AnalysisElement[];
  connections: AnalysisConnection[];
  /** Line segments found (pipes, outlines, border), in original pixels; for overlays and checks. */
  lineCount: number;
  /** Share of ink pixels; zero on a blank page. */
  inkRatio: number;
}

export interface AnalyzeOptions {
  /** Called as each stage begins; may be async (progress events, heartbeats). */
  onStage?: (stage: AnalysisStage) => Promise<void> | void;
  page?: number;
  /** OCR for tags and text; without it, text is found but not read. */
  textReader?: () => Promise<TextReader>;
  /** The learned classifier: names each symbol's class and drops candidates that are not symbols. */
  symbolClassifier?: () => Promise<SymbolClassifier>;
  /** The learned detector: on a raster page, it finds and names the symbols in place of the candidates' rules. */
  symbolDetector?: () => Promise<SymbolDetector>;
  /**
   * With the detector: its symbols alone (default), or `hybrid`: the rules' symbols corrected by the detector's, and
   * the detector's alone on a page it is as sure of as of its corpus (`detector-trust.ts`).
   */
  symbolMode?: Exclude<SymbolMode, 'rules'>;
  /** The line-ink model: on a raster page, the signal lines it finds are added to the rules' lines. */
  lineInk?: () => Promise<LineInkModel>;
  /** At most this many regions are read (bubbles first). */
  maxTextRegions?: number;
  /** Called while long stages run (job heartbeats). */
  onTick?: () => void;
  /** A PDF page's own text and strokes, used instead of OCR and line finding where present. */
  vector?: VectorPage;
  /** How the page is read (`sourceOf`): a page read all from the file has its symbols rated, and both confidence models read it. */
  source?: AnalysisSource;
  /** Symbol rules switched off, to measure what each adds (`npm run bench:ablation`); none in the product. */
  without?: ReadonlySet<RuleModule>;
}

/** Lets timers and I/O run between the CPU-bound stages (heartbeats, progress events). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The geometric pipeline on one page image, stage by stage: lines, symbols, text, connections; coordinates in
 * original pixels. Each stage takes the earlier stages' results (`src/pipeline/stages/`).
 */
export async function analyzePage(image: PageImage, options: AnalyzeOptions = {}): Promise<PageAnalysis> {
  const stage = async (name: AnalysisStage) => {
    await options.onStage?.(name);
    await breathe();
  };
  const { vector } = options;
  await stage('lines');
  const inkClasses = options.lineInk && !vector ? await (await options.lineInk()).classify(image, options.onTick) : undefined;
  const lines = pageLines(image, vector, inkClasses, options.without);

  await stage('symbols');
  const candidates = symbolCandidates(image, lines, vector, options.without);
  const named = await pageSymbols(image, lines, candidates, options);

  await stage('text');
  const text = await pageText(image, lines, candidates, named, options);
  const { spectacles, platedJoints } = named;
  const found = { symbols: text.symbols, lines: text.lines, spectacles, platedJoints };
  const withNozzles = equipmentNozzles(lines, candidates, found, options.without);

  await stage('connections');
  const { connections, pipeEnds } = pageConnections(lines, candidates, withNozzles, named.splitStubs, vector, options.without);
  // (Before the tags: a tag beside a box dropped here names something else, or stays free text.)
  const boxesReached = ruleOn(options.without, 'unreached-boxes')
    ? withoutUnreachedBoxes(withNozzles.symbols, connections, withNozzles.nozzleOf)
    : withNozzles.symbols;
  const flangesReached = ruleOn(options.without, 'unreached-flanges')
    ? withoutUnreachedFlanges(boxesReached, connections, candidates.lineSegments, lines.ink, lines.unit)
    : boxesReached;
  const traced = { symbols: flangesReached, connections, pipeEnds };
  const { symbols, ...pipes } = ruleOn(options.without, 'dimension-lines') ? withoutDimensionLines(traced, lines.ink, lines.unit) : traced;
  const tags = symbolTags(symbols, named.breakSymbols, text, candidates.area);

  const { vectorTexts, kept, area } = candidates;
  return assemblePage(image, options.page, {
    symbols: [...symbols, ...pipes.pipeEnds],
    bubbleTags: text.bubbleTags,
    bubbleReadings: text.bubbleReadings,
    tags,
    vectorTexts,
    kept,
    area,
    connections: pipes.connections,
    rateSymbols: named.rated || options.source === 'vector',
    vectorPage: options.source === 'vector',
    lineCount: lines.allSegments.length,
    inkRatio: lines.inkPixels / lines.ink.mask.length,
  });
}
