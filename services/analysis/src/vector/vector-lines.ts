import type { PdfPath } from '@pid/platform/imaging';
import type { LineOptions, Segment } from '../pipeline/lines';

type Point = [number, number];

/** A stroke steeper than this (in pixels across per pixel along) is not horizontal or vertical. */
const MAX_SLOPE = 0.02;

interface Piece {
  orientation: Segment['orientation'];
  /** Along the line. */
  from: number;
  to: number;
  /** Across: the centre line. */
  at: number;
  thickness: number;
  dashed: boolean;
  /** A leg of a pipe drawn as one polyline with a line-long run: pipe however short (a bend up to a nozzle). */
  leg?: boolean;
}

function pieceOf(a: Point, b: Point, thickness: number, dashed: boolean): Piece | undefined {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  if (Math.abs(dy) <= MAX_SLOPE * Math.abs(dx)) {
    return { orientation: 'horizontal', from: Math.min(a[0], b[0]), to: Math.max(a[0], b[0]), at: (a[1] + b[1]) / 2, thickness, dashed };
  }
  if (Math.abs(dx) <= MAX_SLOPE * Math.abs(dy)) {
    return { orientation: 'vertical', from: Math.min(a[1], b[1]), to: Math.max(a[1], b[1]), at: (a[0] + b[0]) / 2, thickness, dashed };
  }
  return undefined;
}

/** A filled axis-aligned rectangle much longer than thick is a line drawn as an area (thick CAD lines). */
function filledBar(points: Point[], maxThickness: number): Piece | undefined {
  if (points.length < 4 || points.length > 5) return undefined;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const axisAligned = points.every(
    ([x, y]) => (Math.abs(x - x0) < 0.5 || Math.abs(x - x1) < 0.5) && (Math.abs(y - y0) < 0.5 || Math.abs(y - y1) < 0.5),
  );
  if (!axisAligned) return undefined;
  const [w, h] = [x1 - x0, y1 - y0];
  if (w >= h && h <= maxThickness && w >= 8 * h)
    return { orientation: 'horizontal', from: x0, to: x1, at: (y0 + y1) / 2, thickness: h, dashed: false };
  if (h > w && w <= maxThickness && h >= 8 * w)
    return { orientation: 'vertical', from: y0, to: y1, at: (x0 + x1) / 2, thickness: w, dashed: false };
  return undefined;
}

/**
 * The page's horizontal and vertical strokes from its paths (`map` takes rendition pixels to processing
 * pixels, `scale` is processing pixels per rendition pixel): collinear pieces that touch are joined, as a
 * CAD program often draws one pipe in several pieces; what is shorter than a line stays to the pixels
 * (exploded dashes, letters drawn as strokes).
 */
export function vectorSegments(paths: PdfPath[], map: (point: Point) => Point, scale: number, options: LineOptions): Segment[] {
  const pieces: Piece[] = [];
  for (const path of paths) {
    // A hairline is drawn one pixel wide.
    const thickness = Math.max(1, path.lineWidth * scale);
    for (const subpath of path.subpaths) {
      const points = subpath.points.map(map);
      if (path.filled && !path.stroked) {
        const bar = filledBar(points, options.maxThickness);
        if (bar) pieces.push(bar);
        continue;
      }
      if (!path.stroked || thickness > options.maxThickness) continue;
      const edges = subpath.closed ? [...points, points[0]] : points;
      const own: Piece[] = [];
      for (let i = 1; i < edges.length; i++) {
        const piece = pieceOf(edges[i - 1], edges[i], thickness, path.dashed);
        if (piece && piece.to - piece.from >= 1) own.push(piece);
      }
      const run = !subpath.closed && !path.dashed && own.some((piece) => piece.to - piece.from + 1 >= options.minLength);
      pieces.push(...own.map((piece) => (run ? { ...piece, leg: true } : piece)));
    }
  }
  return joinPieces(pieces)
    .filter((p) => p.leg || p.to - p.from + 1 >= (p.dashed ? options.minDash * 4 : options.minLength))
    .map((p) => ({
      orientation: p.orientation,
      start: Math.round(p.from),
      end: Math.round(p.to),
      lo: Math.floor(p.at - p.thickness / 2),
      hi: Math.max(Math.floor(p.at - p.thickness / 2), Math.ceil(p.at + p.thickness / 2) - 1),
      dashed: p.dashed,
    }));
}

/** Joins pieces of one orientation and style on the same centre line (±1 px) that overlap or touch. */
function joinPieces(pieces: Piece[]): Piece[] {
  const joined: Piece[] = [];
  const key = (p: Piece) => `${p.orientation}:${p.dashed}`;
  const groups = new Map<string, Piece[]>();
  for (const piece of pieces) groups.set(key(piece), [...(groups.get(key(piece)) ?? []), piece]);
  for (const group of groups.values()) {
    group.sort((a, b) => a.at - b.at || a.from - b.from);
    // Lines within a pixel of each other are one line: bucket by centre, then sweep along.
    let i = 0;
    while (i < group.length) {
      let j = i;
      while (j + 1 < group.length && group[j + 1].at - group[i].at <= 1) j++;
      const band = group.slice(i, j + 1).sort((a, b) => a.from - b.from);
      let current = { ...band[0] };
      for (const piece of band.slice(1)) {
        if (piece.from <= current.to + 1) {
          current.to = Math.max(current.to, piece.to);
          current.thickness = Math.max(current.thickness, piece.thickness);
          current.leg ||= piece.leg;
        } else {
          joined.push(current);
          current = { ...piece };
        }
      }
      joined.push(current);
      i = j + 1;
    }
  }
  return joined;
}

/**
 * The page's strokes: every vector segment, and the segments found in the pixels that no vector segment
 * draws (a scan embedded in the page, dashes the exporter wrote as separate strokes).
 */
export function withPixelSegments(vector: Segment[], pixels: Segment[]): Segment[] {
  const drawn = (segment: Segment) =>
    vector.some((v) => {
      if (v.orientation !== segment.orientation || segment.lo > v.hi + 2 || segment.hi < v.lo - 2) return false;
      const overlap = Math.min(v.end, segment.end) - Math.max(v.start, segment.start) + 1;
      return overlap >= 0.8 * (segment.end - segment.start + 1);
    });
  return [...vector, ...pixels.filter((segment) => !drawn(segment))];
}
