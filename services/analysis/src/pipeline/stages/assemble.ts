import type { AnalysisConnection, AnalysisElement, BoundingBox, PathSegment, RelationshipType } from '@pid/contracts';
import { isSymbolElement } from '@pid/contracts';
import { connectionFeatures, type ConnectionContext } from '../../confidence/connection-features';
import { endDegrees, symbolScale } from '../../confidence/element-geometry';
import { committedModel, predictConfidence } from '../../confidence/logistic-model';
import { symbolConfidences } from '../../confidence/symbol-confidence';
import { toOriginalPoint, type PageImage } from '../../ingest/page-image';
import type { IsaTag } from '../../tags/isa-tag';
import type { VectorText } from '../../vector/vector-text';
import type { PageAnalysis } from '../analyze-page';
import type { Box } from '../components';
import type { DetectedSymbol } from '../symbols';
import { insideAny } from '../tables';
import { pathCarries, type ReadLine } from '../text-attachment';
import type { TextReading } from '../text-reader';
import type { PageConnection } from './page-connections';
import type { SymbolTags } from './symbol-tags';

/** What the stages found, to be put into the result. */
export interface PageFindings {
  symbols: DetectedSymbol[];
  bubbleTags: Map<DetectedSymbol, IsaTag>;
  bubbleReadings: Map<DetectedSymbol, TextReading>;
  tags: SymbolTags;
  vectorTexts?: VectorText[];
  /** Whether a box is part of the process (not in a table or the margin). */
  kept: (box: Box) => boolean;
  area: Box;
  connections: PageConnection[];
  /** Symbols found in `hybrid` mode on a raster page, or on a vector page: rated by the symbol-confidence model, their finder's score kept as `score`. */
  rateSymbols?: boolean;
  /** Read all from the file (text layer and strokes): both confidence models read it. */
  vectorPage?: boolean;
  lineCount: number;
  inkRatio: number;
}

/**
 * The page's result in original pixels: an element for each symbol (named by its tag), then one for each text
 * (line numbers, free text, the layer's tables and margin), and the connections between elements.
 */
export function assemblePage(image: PageImage, pageNumber: number | undefined, found: PageFindings): PageAnalysis {
  const { symbols, bubbleTags, bubbleReadings, vectorTexts, kept, area } = found;
  const { attached, specsOf } = found.tags;
  const page = pageNumber ? { page: pageNumber } : {};
  const elements: AnalysisElement[] = symbols.map((symbol, index) => {
    const isa = bubbleTags.get(symbol);
    const tag = attached.tags.get(symbol);
    const bubble = tag ? undefined : bubbleReadings.get(symbol);
    const specs = specsOf.get(symbol);
    return {
      key: `e${index + 1}`,
      elementType: symbol.elementType,
      name: isa?.tag ?? bubble?.text ?? tag?.text ?? specs?.join(' / ') ?? '',
      description: symbol.description,
      boundingBox: toOriginalBox(image, symbol),
      ...page,
      metadata: {
        confidence: round(symbol.confidence),
        // The finder's own score, which the symbol-confidence model turns into `confidence`.
        ...(found.rateSymbols && isSymbolElement(symbol) ? { score: round(symbol.confidence) } : {}),
        ...(symbol.symbolClass ? { symbol_class: symbol.symbolClass } : {}),
        ...(bubble ? { text_confidence: round(bubble.confidence) } : {}),
        ...(isa ? { isa } : {}),
        ...(tag ? { text_confidence: round(tag.confidence), tag_box: toOriginalBox(image, tag.line) } : {}),
        ...(symbol.joint ? { joint_box: toOriginalBox(image, symbol.joint) } : {}),
        ...(specs ? { specs } : {}),
      },
    };
  });
  const textElement = (read: ReadLine, description: string, extra: Record<string, unknown> = {}): AnalysisElement => ({
    key: `e${elements.length + 1}`,
    elementType: 'text',
    name: read.text,
    description,
    boundingBox: toOriginalBox(image, read.line),
    ...page,
    metadata: {
      confidence: read.text ? round(0.5 + 0.45 * read.confidence) : 0.4,
      ...(read.text ? { text_confidence: round(read.confidence) } : {}),
      ...extra,
    },
  });
  // An OCR'd line number is named as parsed: its separators as drawn (`-`), not as misread (`~`).
  for (const { read, parsed } of attached.lineNumbers)
    elements.push(textElement(read.exact ? read : { ...read, text: parsed.text }, 'line number', { line_number: parsed }));
  for (const read of attached.free) elements.push(textElement(read, 'text'));
  // The text layer reads tables, the title block and the margin exactly (drawing number, revision,
  // equipment data): kept as text, apart from the process.
  for (const text of vectorTexts ?? []) {
    if (kept(text.line)) continue;
    const region = insideAny([area], text.line) ? 'table' : 'margin';
    elements.push(textElement({ line: text.line, text: text.text, confidence: 1 }, `${region} text`, { region }));
  }
  const symbolElement = new Map(symbols.map((symbol, index) => [symbol, elements[index]]));
  const links = found.connections.map(({ source, target, dashed }) => ({
    source: symbolElement.get(source)!,
    target: symbolElement.get(target)!,
    dashed,
  }));
  const vector = Boolean(found.vectorPage);
  for (const [element, confidence] of symbolConfidences({ elements, links, vector })) element.metadata!.confidence = confidence;
  const scale = symbolScale(elements) ?? 1;
  const degrees = endDegrees(found.connections.map(({ source, target }) => [source, target]));
  const contextOf = (a: DetectedSymbol, b: DetectedSymbol): ConnectionContext => ({
    scale,
    degrees: [degrees.get(a)!, degrees.get(b)!],
    vector,
  });
  const connections = found.connections.map((connection, index) =>
    pageConnection(image, connection, index, (symbol) => symbolElement.get(symbol)!, found.tags, contextOf),
  );
  // A pipe end is named by the line number its pipe carries: where that line goes is what a reader looks up.
  const pipeEnds = new Map(elements.filter(({ elementType }) => elementType === 'pipe').map((element) => [element.key, element]));
  for (const connection of connections) {
    const end = pipeEnds.get(connection.targetKey);
    if (end && !end.name && connection.name) end.name = connection.name;
  }
  return {
    imageSize: { width: image.originalWidth, height: image.originalHeight },
    elements,
    connections,
    lineCount: found.lineCount,
    inkRatio: found.inkRatio,
  };
}

/** A traced connection as a result, between the elements of its symbols, named by the line number its path carries. */
function pageConnection(
  image: PageImage,
  connection: PageConnection,
  index: number,
  elementOf: (symbol: DetectedSymbol) => AnalysisElement,
  { attached }: SymbolTags,
  contextOf: (source: DetectedSymbol, target: DetectedSymbol) => ConnectionContext,
): AnalysisConnection {
  let { source, target } = connection;
  const relationshipType = relationshipOf(source, target, connection.dashed);
  // A controller is the source of what it controls and senses.
  if (relationshipType !== 'connects to' && target.elementType === 'instrument') [source, target] = [target, source];
  const lineNumber = attached.lineNumbers.find(({ read }) => pathCarries(connection.path, read.line))?.parsed;
  const path: PathSegment[] = connection.path.map((segment) => ({
    orientation: segment.orientation,
    start: roundPoint(toOriginalPoint(image, ...segment.start)),
    end: roundPoint(toOriginalPoint(image, ...segment.end)),
  }));
  const [sourceElement, targetElement] = [elementOf(source), elementOf(target)];
  const metadata = {
    path_data: { path },
    junctions: connection.junctions,
    line_style: connection.dashed ? 'dashed' : 'solid',
    ...(lineNumber ? { line_number: lineNumber } : {}),
  };
  // The committed model's probability that the connection is right, from its ends, line and path; a nozzle's neck,
  // drawn by the rule that found the nozzle, is right where the nozzle is.
  const confidence = connection.neck
    ? (targetElement.metadata?.confidence ?? 0)
    : predictConfidence(
        committedModel('connections'),
        connectionFeatures({ metadata }, sourceElement, targetElement, contextOf(source, target)),
      );
  return {
    key: `c${index + 1}`,
    sourceKey: sourceElement.key,
    targetKey: targetElement.key,
    relationshipType,
    name: lineNumber?.text ?? '',
    description: connection.dashed ? 'signal line' : 'process line',
    metadata: { confidence: round(confidence), ...metadata },
  };
}

/**
 * Process lines connect. A signal line from an instrument to a valve controls it; to anything else
 * (equipment, a fitting on the pipe) the instrument senses it; between instruments it connects them.
 */
function relationshipOf(a: DetectedSymbol, b: DetectedSymbol, dashed: boolean): RelationshipType {
  if (!dashed) return 'connects to';
  const instrument = a.elementType === 'instrument' ? a : b.elementType === 'instrument' ? b : undefined;
  const other = instrument === a ? b : a;
  if (!instrument || other.elementType === 'instrument') return 'connects to';
  return other.elementType === 'valve' ? 'controls' : 'senses';
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
