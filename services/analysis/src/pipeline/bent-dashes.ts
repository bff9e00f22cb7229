import { boxGap, boxHeight, boxWidth, type Box, type Component, type InkImage } from './components';
import { segmentBox, type Segment } from './lines';

/** A straight dashed run found along one axis, and how far it was reached past its end dashes (one gap). */
export interface DashRun {
  segment: Segment;
  reach: number;
}

type Vector = [number, number];

/** Where a stroke ends, and which way it points there. */
interface StrokeEnd {
  point: Vector;
  outward: Vector;
}

/** A dash, a dash bent round a corner (an L), or a straight run already found. */
interface Piece {
  ends: [StrokeEnd, StrokeEnd];
  /** Ink length along the line (both arms of a bent dash); absent for a run. */
  length?: number;
  thickness: number;
  component?: Component;
  /** A short solid piece cut where it touches a symbol or a line: a line's end dash, stuck to what it meets. */
  stub?: Segment;
  run?: DashRun;
  /** A bent dash's corner. */
  elbow?: Vector;
}

interface Link {
  pieces: [number, number];
  ends: [number, number];
  distance: number;
  /** Where the line turns between the two, when it turns in the gap. */
  corner?: Vector;
}

const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1];
const minus = (a: Vector, b: Vector): Vector => [a[0] - b[0], a[1] - b[1]];
const along = (end: StrokeEnd, distance: number): Vector => [
  end.point[0] + end.outward[0] * distance,
  end.point[1] + end.outward[1] * distance,
];

/**
 * Signal lines turn corners, and a short leg (a jog of one or two dashes, the last leg into a bubble) has too
 * few dashes for a straight run. Dashes are chained through corners here: the pattern runs on round a bend,
 * so a corner falls in a gap (two dashes square to each other) or inside a dash (an L). A chain with a bend,
 * or one that continues a run already found, with like dashes and like gaps, is a line: one segment per leg.
 * Pieces touching round corners between two solid pipe ends are no dashes but a pipe's jog: solid legs.
 */
export function joinBentDashes(
  runs: DashRun[],
  components: Component[],
  dashes: Set<Component>,
  stubs: Segment[],
  unit: number,
  ink: InkImage,
): { segments: Segment[]; dashes: Set<Component>; stubs: Set<Segment> } {
  const maxThickness = 1.5 * unit + 2;
  const maxLength = 20 * unit;
  const pieces: Piece[] = runs.map(runPiece);
  for (const stub of stubs) {
    const piece = stubPiece(stub, maxThickness, maxLength);
    if (piece) pieces.push(piece);
  }
  for (const c of components) {
    if (dashes.has(c)) continue;
    const piece = straightDash(c, unit, maxThickness, maxLength) ?? bentDash(c, ink, unit, maxThickness, maxLength);
    if (piece) pieces.push(piece);
  }
  const links = chooseLinks(pieces, unit);
  const used = new Set<DashRun>();
  const segments: Segment[] = [];
  const found = new Set(dashes);
  const endDashes = new Set<Segment>();
  for (const chain of chains(pieces, links)) {
    const jog = solidJog(chain, unit);
    if (!jog && !lineLike(chain, unit)) continue;
    segments.push(...legs(chain, !jog));
    for (const { piece } of chain.steps) {
      if (piece.run) used.add(piece.run);
      if (piece.component) found.add(piece.component);
      if (piece.stub) endDashes.add(piece.stub);
    }
  }
  return { segments: [...runs.filter((run) => !used.has(run)).map((run) => run.segment), ...segments], dashes: found, stubs: endDashes };
}

/** The two ends of a straight stroke from `start` to `end` along its axis, centred on `across`. */
function axisEnds(orientation: Segment['orientation'], across: number, start: number, end: number): Piece['ends'] {
  return orientation === 'horizontal'
    ? [
        { point: [start, across], outward: [-1, 0] },
        { point: [end, across], outward: [1, 0] },
      ]
    : [
        { point: [across, start], outward: [0, -1] },
        { point: [across, end], outward: [0, 1] },
      ];
}

function stubPiece(stub: Segment, maxThickness: number, maxLength: number): Piece | undefined {
  const [length, thickness] = [stub.end - stub.start + 1, stub.hi - stub.lo + 1];
  if (thickness > maxThickness || length > maxLength || length < 1.5 * thickness) return undefined;
  return { ends: axisEnds(stub.orientation, (stub.lo + stub.hi) / 2, stub.start, stub.end), length, thickness, stub };
}

function runPiece(run: DashRun): Piece {
  const { segment, reach } = run;
  return {
    ends: axisEnds(segment.orientation, (segment.lo + segment.hi) / 2, segment.start + reach, segment.end - reach),
    thickness: segment.hi - segment.lo + 1,
    run,
  };
}

/** A short straight bar, longer than thick (not a sliver left of a removed line). */
function straightDash(c: Component, unit: number, maxThickness: number, maxLength: number): Piece | undefined {
  const [width, height] = [boxWidth(c), boxHeight(c)];
  const horizontal = width >= height;
  const [length, thickness] = horizontal ? [width, height] : [height, width];
  if (thickness > maxThickness || length > maxLength || length < Math.max(1.5 * thickness, 2 * unit)) return undefined;
  if (c.area < 0.6 * width * height) return undefined;
  const ends = horizontal ? axisEnds('horizontal', (c.y0 + c.y1) / 2, c.x0, c.x1) : axisEnds('vertical', (c.x0 + c.x1) / 2, c.y0, c.y1);
  return { ends, length, thickness, component: c };
}

/** A dash bent round a corner: two thin arms meeting at one corner of its box; the opposite corner is empty. */
function bentDash(c: Component, ink: InkImage, unit: number, maxThickness: number, maxLength: number): Piece | undefined {
  const [width, height] = [boxWidth(c), boxHeight(c)];
  if (width > maxLength || height > maxLength) return undefined;
  const thickness = c.area / (width + height);
  if (thickness > maxThickness || Math.min(width, height) < thickness + 2 || width + height < 3 * unit) return undefined;
  const size = Math.max(1, Math.round(thickness));
  const inked = (x: number, y: number) => {
    const [xs, ys] = [x === c.x0 ? c.x0 : c.x1 - size + 1, y === c.y0 ? c.y0 : c.y1 - size + 1];
    for (let row = ys; row < ys + size; row++) for (let col = xs; col < xs + size; col++) if (ink.mask[row * ink.width + col]) return true;
    return false;
  };
  const empty = ([c.x0, c.x1] as const).flatMap((x) => ([c.y0, c.y1] as const).map((y): Vector => [x, y])).filter(([x, y]) => !inked(x, y));
  if (empty.length !== 1) return undefined;
  const [ex, ey] = empty[0];
  const [elbowLeft, elbowTop] = [ex === c.x1, ey === c.y1];
  // Only the two arms are inked (an F, a 5 or a 2 has strokes inside).
  const band = Math.ceil(thickness) + 1;
  let inside = 0;
  for (let y = c.y0; y <= c.y1; y++)
    for (let x = c.x0; x <= c.x1; x++) {
      const inArm = (elbowLeft ? x < c.x0 + band : x > c.x1 - band) || (elbowTop ? y < c.y0 + band : y > c.y1 - band);
      if (!inArm && ink.mask[y * ink.width + x]) inside++;
    }
  if (inside > 0.05 * c.area) return undefined;
  const half = thickness / 2;
  const elbow: Vector = [elbowLeft ? c.x0 + half : c.x1 - half, elbowTop ? c.y0 + half : c.y1 - half];
  return {
    ends: [
      { point: [elbowLeft ? c.x1 : c.x0, elbow[1]], outward: [elbowLeft ? 1 : -1, 0] },
      { point: [elbow[0], elbowTop ? c.y1 : c.y0], outward: [0, elbowTop ? 1 : -1] },
    ],
    length: width + height - thickness,
    thickness,
    component: c,
    elbow,
  };
}

/** How two stroke ends would join: straight on across a gap, or round a corner ahead of both. */
function linkBetween(p: StrokeEnd, q: StrokeEnd, lateral: number, slack: number): { distance: number; corner?: Vector } | undefined {
  const turn = dot(p.outward, q.outward);
  if (turn === -1) {
    const offset = minus(q.point, p.point);
    const distance = dot(offset, p.outward);
    const aside = Math.abs(offset[0] * p.outward[1] - offset[1] * p.outward[0]);
    return distance >= 1 && aside <= lateral ? { distance } : undefined;
  }
  if (turn !== 0) return undefined;
  const corner: Vector = p.outward[0] !== 0 ? [q.point[0], p.point[1]] : [p.point[0], q.point[1]];
  const [a, b] = [dot(minus(corner, p.point), p.outward), dot(minus(corner, q.point), q.outward)];
  if (a < -slack || b < -slack) return undefined;
  const distance = Math.max(a, 0) + Math.max(b, 0);
  return distance >= 1 ? { distance, corner } : undefined;
}

/** The nearest pairs of ends first, each end joined once, no loops. */
function chooseLinks(pieces: Piece[], unit: number): Link[] {
  const gapFor = (piece: Piece) => (piece.run ? 2.5 * piece.run.reach + 2 * unit : Math.max(6 * unit, 1.5 * piece.length!));
  const cell = Math.max(...pieces.map(gapFor), 1);
  const grid = new Map<string, Array<[number, number]>>();
  const key = (x: number, y: number) => `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
  pieces.forEach((piece, i) =>
    piece.ends.forEach((end, e) => {
      const k = key(...end.point);
      if (!grid.has(k)) grid.set(k, []);
      grid.get(k)!.push([i, e]);
    }),
  );
  const candidates: Link[] = [];
  pieces.forEach((piece, i) =>
    piece.ends.forEach((end, e) => {
      const [gx, gy] = [Math.floor(end.point[0] / cell), Math.floor(end.point[1] / cell)];
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (const [j, f] of grid.get(`${gx + dx},${gy + dy}`) ?? []) {
            const other = pieces[j];
            if (j <= i || (piece.run && other.run)) continue;
            const link = linkBetween(end, other.ends[f], 0.6 * unit + 1, Math.max(piece.thickness, other.thickness));
            if (link && link.distance <= Math.min(gapFor(piece), gapFor(other))) candidates.push({ pieces: [i, j], ends: [e, f], ...link });
          }
    }),
  );
  candidates.sort((a, b) => a.distance - b.distance);
  const taken = new Set<string>();
  const group = pieces.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i])));
  return candidates.filter((link) => {
    const [i, j] = link.pieces;
    const [a, b] = [`${i}:${link.ends[0]}`, `${j}:${link.ends[1]}`];
    if (taken.has(a) || taken.has(b) || root(i) === root(j)) return false;
    taken.add(a).add(b);
    group[root(i)] = root(j);
    return true;
  });
}

interface Chain {
  /** Each piece with the end it is entered by (-1 for the first). */
  steps: Array<{ piece: Piece; entry: number; link?: Link }>;
}

/** The linked pieces as paths, from one free end to the other. */
function chains(pieces: Piece[], links: Link[]): Chain[] {
  const byEnd = new Map<string, Link>();
  for (const link of links) {
    byEnd.set(`${link.pieces[0]}:${link.ends[0]}`, link);
    byEnd.set(`${link.pieces[1]}:${link.ends[1]}`, link);
  }
  const seen = new Set<number>();
  const result: Chain[] = [];
  pieces.forEach((_, first) => {
    if (seen.has(first)) return;
    const free = [0, 1].find((e) => !byEnd.has(`${first}:${e}`));
    if (free === undefined || byEnd.size === 0 || !byEnd.has(`${first}:${1 - free}`)) return;
    const steps: Chain['steps'] = [{ piece: pieces[first], entry: free }];
    seen.add(first);
    let [current, exit] = [first, 1 - free];
    for (let link = byEnd.get(`${current}:${exit}`); link; link = byEnd.get(`${current}:${exit}`)) {
      const side = link.pieces[0] === current && link.ends[0] === exit ? 0 : 1;
      const [next, entry] = [link.pieces[1 - side], link.ends[1 - side]];
      steps.push({ piece: pieces[next], entry, link });
      seen.add(next);
      [current, exit] = [next, 1 - entry];
    }
    result.push({ steps });
  });
  return result;
}

/** Strokes square to each other with no paper between: one solid line turning a corner, no dash pattern. */
function touching(previous: Piece, piece: Piece, link: Link): boolean {
  return link.corner !== undefined && boxGap(pieceBox(previous), pieceBox(piece)) < 3;
}

/**
 * A pipe's short jog (into a nozzle, round a symbol): from one solid piece cut where it met a line to another,
 * through strokes too short to be found as lines, each touching the next round a corner.
 */
function solidJog(chain: Chain, unit: number): boolean {
  const { steps } = chain;
  if (steps.length < 3 || !steps[0].piece.stub || !steps[steps.length - 1].piece.stub) return false;
  if (steps.some(({ piece }) => piece.run)) return false;
  if (!steps.slice(1).every(({ piece, link }, k) => link && touching(steps[k].piece, piece, link))) return false;
  const thicknesses = steps.map(({ piece }) => piece.thickness);
  return Math.max(...thicknesses) - Math.min(...thicknesses) <= unit + 1;
}

/** The ink a piece covers (a run without the gap it was reached by at each end). */
function pieceBox(piece: Piece): Box {
  if (piece.component) return piece.component;
  if (piece.stub) return segmentBox(piece.stub);
  const { segment, reach } = piece.run!;
  return segmentBox({ ...segment, start: segment.start + reach, end: segment.end - reach });
}

/** A bend or a run continued, enough dashes, like gaps, like dash lengths, one thickness. */
function lineLike(chain: Chain, unit: number): boolean {
  const { steps } = chain;
  const dashes = steps.filter(({ piece }) => piece.component);
  const runs = steps.filter(({ piece }) => piece.run);
  if (dashes.length + runs.length === 0 || steps.length + runs.length < 3) return false;
  // Stuck dashes are a line's ends: a stub between two others is a pipe's.
  if (steps.slice(1, -1).some(({ piece }) => piece.stub)) return false;
  // A straight chain of free dashes alone was no run: too few dashes, or irregular.
  const bends = steps.some(({ piece, link }) => piece.elbow || link?.corner);
  const stuck = steps.some(({ piece }) => piece.stub);
  if (!bends && runs.length === 0 && !(stuck && dashes.length >= 2)) return false;
  const gaps = [...steps.flatMap(({ link }) => (link ? [link.distance] : [])), ...runs.map(({ piece }) => piece.run!.reach)];
  // Gaps of a pixel or two are a stroke broken where lines were removed, not a dash pattern.
  if (Math.min(...gaps) < Math.max(2, unit / 2) || Math.max(...gaps) > 2.5 * Math.min(...gaps) + 2 * unit) return false;
  if (steps.some(({ piece, link }, k) => link && touching(steps[k - 1].piece, piece, link))) return false;
  // The end dashes may be cut short where the line meets a symbol.
  const inner = steps.slice(1, -1).flatMap(({ piece }) => (piece.length ? [piece.length] : []));
  if (inner.length >= 2 && Math.max(...inner) > 2.5 * Math.min(...inner) + unit) return false;
  const thicknesses = steps.map(({ piece }) => piece.thickness);
  return Math.max(...thicknesses) - Math.min(...thicknesses) <= unit + 1;
}

/** The chain as axis-aligned segments: its ends reached one gap further, legs meeting at the corners. */
function legs(chain: Chain, dashed: boolean): Segment[] {
  const { steps } = chain;
  const gaps = steps.flatMap(({ link }) => (link ? [link.distance] : [])).sort((a, b) => a - b);
  const reach = gaps[Math.floor(gaps.length / 2)];
  const endOf = (piece: Piece, end: number) => along(piece.ends[end], piece.run ? piece.run.reach : reach);
  const first = steps[0];
  const last = steps[steps.length - 1];
  const points: Vector[] = [endOf(first.piece, first.entry)];
  for (const { piece, link } of steps) {
    if (link?.corner) points.push(link.corner);
    if (piece.elbow) points.push(piece.elbow);
  }
  points.push(endOf(last.piece, 1 - last.entry));
  const half = Math.max(...steps.map(({ piece }) => piece.thickness)) / 2;
  return points.slice(1).flatMap((to, i): Segment[] => {
    const from = points[i];
    const horizontal = Math.abs(to[0] - from[0]) >= Math.abs(to[1] - from[1]);
    const [a, b, across] = horizontal ? [from[0], to[0], (from[1] + to[1]) / 2] : [from[1], to[1], (from[0] + to[0]) / 2];
    if (Math.abs(b - a) < 1) return [];
    return [
      {
        orientation: horizontal ? 'horizontal' : 'vertical',
        start: Math.round(Math.min(a, b)),
        end: Math.round(Math.max(a, b)),
        lo: Math.round(across - half),
        hi: Math.round(across + half),
        dashed,
      },
    ];
  });
}
