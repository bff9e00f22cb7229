import type { VectorPage } from '../../vector/vector-page';
import { containsPoint, type Box } from '../components';
import { traceConnections, type TracedConnection } from '../connections';
import { alongMargin, segmentBox, segmentCenter, type Segment } from '../lines';
import type { DetectedSymbol } from '../symbols';
import type { PageLines } from './page-lines';
import type { SymbolCandidates } from './symbol-candidates';
import type { EquipmentNozzles } from './equipment-nozzles';
import { touchingPairs } from '../touching-symbols';
import { legsToLines, shortLinks } from '../short-links';
import { pipeJogs } from '../pipe-jogs';
import { bentLegs, shortRoutes, type StrokePage } from '../short-routes';
import { ruleOn, type RuleModule } from '../rule-modules';
import { median } from '../text-lines';
import { nozzleNeck } from '../nozzles';

/** A connection traced between two symbols, or from a symbol to an open pipe end. */
export interface PageConnection extends Omit<TracedConnection, 'source' | 'target'> {
  source: DetectedSymbol;
  target: DetectedSymbol;
  /** A nozzle's neck to its equipment (`target` the nozzle): as sure as the nozzle is. */
  neck?: boolean;
}

export interface TracedPipes {
  connections: PageConnection[];
  /** Where process lines stop in the open: `pipe` elements, each the target of one connection. */
  pipeEnds: DetectedSymbol[];
}

/** How far a line must run from its last joint to end in the open, in stroke widths. */
const OPEN_END_STROKES = 15;
/**
 * How far either side of a pipe a line drawn broken to cross it may stop, in the page's character heights: a gap
 * crossing is drawn to the sheet's scale (on the corpus about two thirds of a character each side), not the pen's.
 */
const CROSSING_GAP_TEXT = 0.8;

/** The confidence of a pipe end: a line that stops may also run into a symbol not found. */
const PIPE_END_CONFIDENCE = 0.5;

/** How far off a kept symbol's box its outline may run, in sizes of the box: a detector's box is drawn in to its ink. */
const OUTLINE_SLACK = 0.1;

/**
 * Whether a line is a side of a kept symbol's outline (its middle on the symbol's box, give or take a stroke and a
 * tenth of the box): a box read from lines that a later stage dropped (a loop of pipe that other lines close into a
 * rectangle) leaves its sides to the pipes.
 */
export function outlineOfKept(segment: Segment, outlines: ReadonlySet<Segment>, kept: readonly Box[], unit: number): boolean {
  if (!outlines.has(segment)) return false;
  const along = (segment.start + segment.end) / 2;
  const [x, y] = segment.orientation === 'horizontal' ? [along, segmentCenter(segment)] : [segmentCenter(segment), along];
  return kept.some((box) => containsPoint(box, x, y, unit + 1 + OUTLINE_SLACK * Math.max(box.x1 - box.x0, box.y1 - box.y0)));
}

/**
 * Traces the pipes between the symbols (text is no end of a pipe) and to where they end in the open; a nozzle is
 * connected to its pipes and by its neck to its equipment (no pipe traced between them), flanges bolted together are
 * connected in order, and symbols drawn against each other on a pipe, or joined by a stroke too short to be a line
 * (rasters), are connected.
 */
export function pageConnections(
  { unit, ink, lineOptions }: PageLines,
  { lineSegments, dots, outlines, kept, pixelTextLines, layerLines }: SymbolCandidates,
  { symbols, nozzleOf, bolted, equipmentLines }: EquipmentNozzles,
  splitStubs: Segment[],
  vector: VectorPage | undefined,
  without?: ReadonlySet<RuleModule>,
): TracedPipes {
  const { width, height } = ink;
  const nodes = symbols.filter((symbol) => symbol.elementType !== 'text');
  const boxes = nodes.map((symbol): Box => symbol.reach ?? symbol);
  // The PDF's short pipe pieces between adjacent symbols connect them, though too short to be found as lines.
  const pipes = [...lineSegments, ...splitStubs, ...(vector?.stubs ?? [])].filter(
    (segment) => !outlineOfKept(segment, outlines, boxes, unit) && !equipmentLines.has(segment) && kept(segmentBox(segment)),
  );
  const text = [...pixelTextLines, ...layerLines, ...symbols.filter((symbol) => symbol.elementType === 'text')];
  // A raster pipe's last leg into a symbol (after a bend, on a short branch) may be shorter than a line.
  if (!vector && ruleOn(without, 'line-legs')) pipes.push(...legsToLines(boxes, pipes, ink, unit, text));
  // Its last legs into a symbol after a bend or two, each shorter than a line.
  // (`pipes` grows below: the short routes see the legs and jogs added.)
  const strokes: StrokePage = { symbols: boxes, ink, unit, maxLeg: lineOptions.minLength, text, lines: pipes, dashGap: lineOptions.maxGap };
  if (!vector && ruleOn(without, 'short-routes')) pipes.push(...bentLegs(strokes));
  // A pipe's short jog aside: its leg too short to be found as a line.
  if (!vector && ruleOn(without, 'pipe-jogs')) pipes.push(...pipeJogs(pipes, ink, unit, lineOptions.minLength, boxes, text));
  const boltedTogether = (a: DetectedSymbol, b: DetectedSymbol) => bolted.some(({ parts }) => parts.includes(a) && parts.includes(b));
  // A nozzle is its equipment's, and so is what is bolted to it: the equipment reaches them through the nozzle's neck.
  const owned = new Map<DetectedSymbol, Set<DetectedSymbol>>();
  for (const [nozzle, equipment] of nozzleOf) {
    const bolt = bolted.filter(({ parts }) => parts.includes(nozzle)).flatMap(({ parts }) => parts);
    owned.set(equipment, new Set([...(owned.get(equipment) ?? []), nozzle, ...bolt]));
  }
  const partOf = (a: DetectedSymbol, b: DetectedSymbol) => Boolean(owned.get(a)?.has(b) || owned.get(b)?.has(a));
  const openEnds: Array<[number, number]> = [];
  const crossingGap = vector ? undefined : CROSSING_GAP_TEXT * median(pixelTextLines.map(({ size }) => size));
  const traced = traceConnections(pipes, boxes, dots, unit, {
    openEndLength: OPEN_END_STROKES * unit,
    openEnds,
    crossingGap,
    cores: nodes,
    ink: vector ? undefined : ink,
    stemLength: lineOptions.minLength,
  });
  const pipeEnd = ([x, y]: [number, number]): DetectedSymbol => {
    const half = 3 * unit;
    return {
      x0: x - half,
      y0: y - half,
      x1: x + half,
      y1: y + half,
      elementType: 'pipe',
      description: 'pipe end',
      confidence: PIPE_END_CONFIDENCE,
    };
  };
  const ends = [...nodes, ...openEnds.map(pipeEnd)];
  // A way to an open end along the sheet's edge is the frame, its zone marks or the title block's lines, not a pipe.
  const alongFrame = ({ path }: TracedConnection) =>
    path.some(({ orientation, start }) => alongMargin(orientation, orientation === 'horizontal' ? start[1] : start[0], width, height));
  const tracedPairs = traced
    .filter((connection) => connection.target < nodes.length || !alongFrame(connection))
    .map((connection) => ({ ...connection, source: ends[connection.source], target: ends[connection.target] }));
  const pipeEnds = ends.slice(nodes.length).filter((end) => tracedPairs.some(({ target }) => target === end));
  const connections: PageConnection[] = [
    ...tracedPairs.filter(({ source, target }) => !partOf(source, target) && !boltedTogether(source, target)),
    ...bolted.flatMap(({ parts, links }) =>
      links.map((link, i) => ({ source: parts[i], target: parts[i + 1], path: [link], dashed: false, junctions: 0 })),
    ),
  ];
  for (const [nozzle, equipment] of nozzleOf)
    connections.push({ source: equipment, target: nozzle, path: [nozzleNeck(nozzle, equipment)], dashed: false, junctions: 0, neck: true });
  const joined = (a: DetectedSymbol, b: DetectedSymbol) =>
    partOf(a, b) || connections.some(({ source, target }) => (source === a && target === b) || (source === b && target === a));
  for (const { a, b, link } of touchingPairs(nodes, pipes, unit)) {
    if (!joined(nodes[a], nodes[b])) connections.push({ source: nodes[a], target: nodes[b], path: [link], dashed: false, junctions: 0 });
  }
  if (!vector) {
    const links = shortLinks(nodes, ink, unit, (a, b) => joined(nodes[a], nodes[b]), text, pipes);
    for (const { a, b, link, dashed } of links)
      connections.push({ source: nodes[a], target: nodes[b], path: [link], dashed, junctions: 0 });
    if (ruleOn(without, 'short-routes')) {
      const routes = shortRoutes(strokes, (a, b) => joined(nodes[a], nodes[b]));
      for (const { a, b, path, dashed } of routes) connections.push({ source: nodes[a], target: nodes[b], path, dashed, junctions: 0 });
    }
  }
  return { connections, pipeEnds };
}
