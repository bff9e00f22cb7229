import type { AnalysisConnection, AnalysisElement, BoundingBox, ImageSize, PathSegment } from '@pid/contracts';
import { toOriginalPoint, type PageImage } from '../ingest/page-image';
import { binarize } from './binarize';
import { connectedComponents, type Box } from './components';
import { traceConnections } from './connections';
import { defaultLineOptions, findLineSegments, isBorder, removeLines } from './lines';
import { findSymbols, strokeUnit, type DetectedSymbol } from './symbols';
import { cropGray, type GrayRegion, type TextReader } from './text-reader';

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
  /** At most this many regions are read (bubbles first). */
  maxTextRegions?: number;
  /** Called while long stages run (job heartbeats). */
  onTick?: () => void;
}

function whiteOutside(region: GrayRegion, radius: number): void {
  const cx = (region.width - 1) / 2;
  const cy = (region.height - 1) / 2;
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) if (Math.hypot(x - cx, y - cy) > radius) region.gray[y * region.width + x] = 255;
  }
}

/** Reads the tag in each instrument bubble and the words of each text region; sets `name`. */
async function readTexts(
  image: PageImage,
  symbols: DetectedSymbol[],
  options: AnalyzeOptions,
): Promise<Map<DetectedSymbol, { text: string; confidence: number }>> {
  const readings = new Map<DetectedSymbol, { text: string; confidence: number }>();
  if (!options.textReader) return readings;
  const regions = [...symbols.filter((s) => s.elementType === 'instrument'), ...symbols.filter((s) => s.elementType === 'text')].slice(
    0,
    options.maxTextRegions ?? 400,
  );
  if (regions.length === 0) return readings;
  const reader = await options.textReader();
  for (const symbol of regions) {
    options.onTick?.();
    const bubble = symbol.elementType === 'instrument';
    const inset = bubble ? Math.round(0.1 * (symbol.x1 - symbol.x0)) : -2;
    const region = cropGray(image.gray, image.width, image.height, {
      x0: symbol.x0 + inset,
      y0: symbol.y0 + inset,
      x1: symbol.x1 - inset,
      y1: symbol.y1 - inset,
    });
    // Only the inside of a bubble: its ring would be read as letters.
    if (bubble) whiteOutside(region, 0.4 * (symbol.x1 - symbol.x0));
    const reading = await reader.read(region, bubble ? 'block' : 'line');
    if (reading.confidence >= 0.5 && /[A-Za-z0-9]/.test(reading.text)) readings.set(symbol, reading);
  }
  return readings;
}

/** Lets timers and I/O run between the CPU-bound stages (heartbeats, progress events). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The geometric pipeline v1 on one page image: lines, symbols, connections; coordinates in original pixels. */
export async function analyzePage(image: PageImage, options: AnalyzeOptions = {}): Promise<PageAnalysis> {
  const stage = async (name: AnalysisStage) => {
    await options.onStage?.(name);
    await breathe();
  };
  const { width, height } = image;
  await stage('lines');
  const mask = binarize(image.gray);
  let ink = 0;
  for (let i = 0; i < mask.length; i++) ink += mask[i];
  const allSegments = findLineSegments(mask, width, height, defaultLineOptions(width, height));
  const segments = allSegments.filter((segment) => !isBorder(segment, width, height));
  const unit = strokeUnit(segments);

  await stage('symbols');
  const rest = removeLines(mask, width, height, allSegments);
  const components = connectedComponents(rest, width, height);
  const { symbols, dots, outlines } = findSymbols(components, segments, width, height, unit);

  await stage('text');
  const readings = await readTexts(image, symbols, options);

  await stage('connections');
  const nodes = symbols.map((symbol, index) => ({ symbol, index })).filter(({ symbol }) => symbol.elementType !== 'text');
  const pipes = segments.filter((segment) => !outlines.has(segment));
  const traced = traceConnections(
    pipes,
    nodes.map(({ symbol }) => symbol),
    dots,
    unit,
  );

  const elements: AnalysisElement[] = symbols.map((symbol, index) => {
    return {
      key: `e${index + 1}`,
      elementType: symbol.elementType,
      name: readings.get(symbol)?.text ?? '',
      description: symbol.description,
      boundingBox: toOriginalBox(image, symbol),
      ...(options.page ? { page: options.page } : {}),
      metadata: {
        confidence: round(symbol.confidence),
        ...(readings.has(symbol) ? { text_confidence: round(readings.get(symbol)!.confidence) } : {}),
      },
    };
  });
  const connections: AnalysisConnection[] = traced.map((connection, index) => {
    const source = symbols[nodes[connection.source].index];
    const target = symbols[nodes[connection.target].index];
    const confidence = Math.min(source.confidence, target.confidence, 0.9) * (connection.dashed ? 0.8 : 1) * 0.95 ** connection.junctions;
    const path: PathSegment[] = connection.path.map((segment) => ({
      orientation: segment.orientation,
      start: roundPoint(toOriginalPoint(image, ...segment.start)),
      end: roundPoint(toOriginalPoint(image, ...segment.end)),
    }));
    return {
      key: `c${index + 1}`,
      sourceKey: elements[nodes[connection.source].index].key,
      targetKey: elements[nodes[connection.target].index].key,
      relationshipType: 'connects to',
      description: connection.dashed ? 'signal line' : 'process line',
      metadata: { confidence: round(confidence), path_data: { path }, line_style: connection.dashed ? 'dashed' : 'solid' },
    };
  });
  return {
    imageSize: { width: image.originalWidth, height: image.originalHeight },
    elements,
    connections,
    lineCount: allSegments.length,
    inkRatio: ink / mask.length,
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const roundPoint = ([x, y]: [number, number]): [number, number] => [Math.round(x), Math.round(y)];

/** A box of the processed page in the `/file` pixel space (a turned box is bounded again). */
function toOriginalBox(image: PageImage, box: Box): BoundingBox {
  const corners = [
    toOriginalPoint(image, box.x0, box.y0),
    toOriginalPoint(image, box.x1 + 1, box.y0),
    toOriginalPoint(image, box.x0, box.y1 + 1),
    toOriginalPoint(image, box.x1 + 1, box.y1 + 1),
  ];
  const x = Math.round(Math.min(...corners.map(([cx]) => cx)));
  const y = Math.round(Math.min(...corners.map(([, cy]) => cy)));
  return {
    x,
    y,
    width: Math.max(1, Math.round(Math.max(...corners.map(([cx]) => cx))) - x),
    height: Math.max(1, Math.round(Math.max(...corners.map(([, cy]) => cy))) - y),
  };
}
