import type { ElementType } from '@pid/contracts';
import type { TruthConnection } from '../benchmark/ground-truth';
import { samePoint, type Point } from './geometry';

export interface NetworkSymbol {
  id: string;
  elementType: ElementType;
  className: string;
  /** Where lines may attach. */
  ports: Point[];
}

export interface NetworkPipe {
  id: string;
  style: 'solid' | 'dashed';
  /** In drawing order: a piece starts at the symbol it leaves. */
  polyline: Point[];
}

/**
 * Which symbols a reader would say are connected, from the drawn geometry alone.
 *
 * Rule: lines join only where their END points meet (a T junction is three piece ends at one point, a bend is
 * inside one piece); two lines that cross mid-way join nothing. Two symbols are connected when a walk along
 * pieces from a port of one reaches a port of the other without passing through any symbol. Each pair is
 * reported once. The relationship: along process (solid) lines `connects to`; along signal (dashed) lines, an
 * instrument to a control valve `controls`, an instrument to any other non-instrument `senses` (the sensing
 * point is that symbol), instrument to instrument `connects to`. The source is the instrument for signals,
 * otherwise the symbol the first piece is drawn from (the upstream one), else the lower id.
 */
export function connectionTruth(symbols: readonly NetworkSymbol[], pipes: readonly NetworkPipe[]): TruthConnection[] {
  // Piece ends that meet form one vertex.
  const vertices: Point[] = [];
  const vertexOf = (point: Point) => {
    const found = vertices.findIndex((vertex) => samePoint(vertex, point));
    if (found >= 0) return found;
    vertices.push(point);
    return vertices.length - 1;
  };
  const edges = pipes.map((pipe) => ({ pipe, a: vertexOf(pipe.polyline[0]), b: vertexOf(pipe.polyline[pipe.polyline.length - 1]) }));
  const symbolsAt = new Map<number, NetworkSymbol[]>();
  for (const symbol of symbols) {
    for (const port of symbol.ports) {
      const vertex = vertices.findIndex((v) => samePoint(v, port));
      if (vertex >= 0 && !symbolsAt.get(vertex)?.includes(symbol)) symbolsAt.set(vertex, [...(symbolsAt.get(vertex) ?? []), symbol]);
    }
  }
  const found = new Map<string, TruthConnection>();
  for (const source of symbols) {
    for (const port of source.ports) {
      const start = vertices.findIndex((v) => samePoint(v, port));
      if (start < 0) continue;
      const seen = new Set<number>([start]);
      const queue: { vertex: number; first: NetworkPipe | undefined; leaves: boolean; dashed: boolean }[] = [
        { vertex: start, first: undefined, leaves: false, dashed: false },
      ];
      while (queue.length > 0) {
        const { vertex, first, leaves, dashed } = queue.shift() as (typeof queue)[number];
        for (const edge of edges) {
          if (edge.a !== vertex && edge.b !== vertex) continue;
          const next = edge.a === vertex ? edge.b : edge.a;
          if (seen.has(next)) continue;
          seen.add(next);
          const step = {
            vertex: next,
            first: first ?? edge.pipe,
            leaves: first ? leaves : edge.a === vertex,
            dashed: dashed || edge.pipe.style === 'dashed',
          };
          const reached = (symbolsAt.get(next) ?? []).filter((symbol) => symbol !== source);
          if (reached.length > 0) {
            for (const target of reached) record(found, source, target, step.first, step.leaves, step.dashed);
          } else queue.push(step);
        }
      }
    }
  }
  return [...found.values()];
}

function record(
  found: Map<string, TruthConnection>,
  a: NetworkSymbol,
  b: NetworkSymbol,
  pipe: NetworkPipe,
  aLeaves: boolean,
  dashed: boolean,
): void {
  const key = [a.id, b.id].sort().join('|');
  let source = a;
  let target = b;
  let relationshipType: TruthConnection['relationshipType'] = 'connects to';
  if (dashed && (a.elementType === 'instrument') !== (b.elementType === 'instrument')) {
    [source, target] = a.elementType === 'instrument' ? [a, b] : [b, a];
    relationshipType = target.className === 'control_valve' ? 'controls' : 'senses';
  } else if (!aLeaves) {
    // Only replace what another walk found when this one knows the direction better.
    if (found.has(key)) return;
    if (a.id > b.id) [source, target] = [b, a];
  }
  found.set(key, { sourceId: source.id, targetId: target.id, pipeId: pipe.id, relationshipType });
}
