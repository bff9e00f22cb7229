import type { VectorPage } from '../../vector/vector-page';
import type { Box } from '../components';
import { traceConnections, type TracedConnection } from '../connections';
import { segmentBox, type Segment } from '../lines';
import type { DetectedSymbol } from '../symbols';
import type { PageLines } from './page-lines';
import type { SymbolCandidates } from './symbol-candidates';
import type { EquipmentNozzles } from './equipment-nozzles';
import { touchingPairs } from '../touching-symbols';

/** A connection traced between two symbols. */
export interface PageConnection extends Omit<TracedConnection, 'source' | 'target'> {
  source: DetectedSymbol;
  target: DetectedSymbol;
}

/**
 * Traces the pipes between the symbols (text is no end of a pipe); a nozzle is connected to its pipes, not to its
 * equipment, flanges bolted together are connected in order, and symbols drawn against each other on a pipe are
 * connected.
 */
export function pageConnections(
  { unit }: PageLines,
  { lineSegments, dots, outlines, kept }: SymbolCandidates,
  { symbols, nozzleOf, bolted, equipmentLines }: EquipmentNozzles,
  splitStubs: Segment[],
  vector: VectorPage | undefined,
): PageConnection[] {
  const nodes = symbols.filter((symbol) => symbol.elementType !== 'text');
  // The PDF's short pipe pieces between adjacent symbols connect them, though too short to be found as lines.
  const pipes = [...lineSegments, ...splitStubs, ...(vector?.stubs ?? [])].filter(
    (segment) => !outlines.has(segment) && !equipmentLines.has(segment) && kept(segmentBox(segment)),
  );
  const partOf = (a: DetectedSymbol, b: DetectedSymbol) => nozzleOf.get(a) === b || nozzleOf.get(b) === a;
  const boltedTogether = (a: DetectedSymbol, b: DetectedSymbol) => bolted.some(({ parts }) => parts.includes(a) && parts.includes(b));
  const traced = traceConnections(
    pipes,
    nodes.map((symbol): Box => symbol.reach ?? symbol),
    dots,
    unit,
  ).map((connection) => ({ ...connection, source: nodes[connection.source], target: nodes[connection.target] }));
  const connections: PageConnection[] = [
    ...traced.filter(({ source, target }) => !partOf(source, target) && !boltedTogether(source, target)),
    ...bolted.flatMap(({ parts, links }) =>
      links.map((link, i) => ({ source: parts[i], target: parts[i + 1], path: [link], dashed: false, junctions: 0 })),
    ),
  ];
  const joined = (a: DetectedSymbol, b: DetectedSymbol) =>
    partOf(a, b) || connections.some(({ source, target }) => (source === a && target === b) || (source === b && target === a));
  for (const { a, b, link } of touchingPairs(nodes, pipes, unit)) {
    if (!joined(nodes[a], nodes[b])) connections.push({ source: nodes[a], target: nodes[b], path: [link], dashed: false, junctions: 0 });
  }
  return connections;
}
