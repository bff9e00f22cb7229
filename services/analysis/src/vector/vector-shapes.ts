import type { PdfPath } from '@pid/platform/imaging';
import { boxesTouch, boxWithin, pointsBox, unionBox, type Box } from '../pipeline/components';

type Point = [number, number];

/** A stroke at most this share of a symbol's pen is drawn finer than it: a shaft or a link, no pipe. */
const THIN_PEN = 0.75;

export interface ShapeOptions {
  /** An open straight stroke at least this long is a pipe or a leader, not part of a symbol. */
  pipeFrom: number;
  /** Shapes larger than this (either side) are equipment outlines or frames, found from the pixels. */
  maxSize: number;
  /** Shapes smaller than this (both sides) are marks: dots, arrow tips, hatching. */
  minSize: number;
  /** Parts this close are one symbol (the two plates of an orifice, a valve and its actuator). */
  joinGap: number;
}

interface Stroke {
  points: Point[];
  lineWidth: number;
}

const length = (points: Point[]) => points.slice(1).reduce((sum, p, i) => sum + Math.hypot(p[0] - points[i][0], p[1] - points[i][1]), 0);

/** Unit direction of the edge that ends a polyline at `end` (0: its start, 1: its end), pointing outwards. */
function endDirection(points: Point[], end: 0 | 1): Point {
  const [a, b] = end === 0 ? [points[1], points[0]] : [points[points.length - 2], points[points.length - 1]];
  const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  return [(b[0] - a[0]) / d, (b[1] - a[1]) / d];
}

/**
 * Whether a polyline is a zigzag (a spring), not a pipe: it turns back on itself somewhere (by more than a right
 * angle), stays within a box shorter than `pipeFrom` each way (a pipe's path may double back where it is long) and
 * ends away from where it starts (a valve's outline drawn as an open path comes back).
 */
function zigzag(points: Point[], pipeFrom: number): boolean {
  const box = pointsBox(points);
  const side = Math.max(box.x1 - box.x0, box.y1 - box.y0);
  const [first, last] = [points[0], points[points.length - 1]];
  if (side >= pipeFrom || Math.hypot(last[0] - first[0], last[1] - first[1]) < side / 2) return false;
  return points.slice(2).some((c, i) => {
    const [a, b] = [points[i], points[i + 1]];
    return (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) < 0;
  });
}

/**
 * Whether a polyline comes back to where it starts (within a tenth of its box's shorter side, a pixel at least): an
 * outline drawn as an open path (a valve's bow tie), no pipe.
 */
function returns(points: Point[]): boolean {
  const [first, last] = [points[0], points[points.length - 1]];
  const box = pointsBox(points);
  const side = Math.min(box.x1 - box.x0, box.y1 - box.y0);
  return points.length >= 4 && side > 1 && Math.hypot(last[0] - first[0], last[1] - first[1]) <= Math.max(1, 0.1 * side);
}

/** Whether the segments a–b and c–d cross (each has an end on either side of the other's line). */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}

/**
 * Which open strokes are pipes: long ones but zigzags (a safety valve's spring is as long) and outlines, and the pieces that go
 * straight on from a pipe's end with the same pen (CAD exports break a pipe where it meets a symbol: the stub into
 * the symbol is pipe too), touching it or across a break where another pipe crosses (up to half `pipeFrom`).
 */
function pipeStrokes(strokes: Stroke[], pipeFrom: number): Set<Stroke> {
  const pipes = new Set(
    strokes.filter((stroke) => length(stroke.points) >= pipeFrom && !zigzag(stroke.points, pipeFrom) && !returns(stroke.points)),
  );
  const key = ([x, y]: Point) => `${Math.round(x / 2)}:${Math.round(y / 2)}`;
  const byEnd = new Map<string, Stroke[]>();
  for (const stroke of strokes) {
    if (pipes.has(stroke) || stroke.points.length !== 2) continue;
    for (const end of stroke.points) {
      // Ends within a pixel or two meet: look in the neighbouring cells too.
      const [cx, cy] = [Math.round(end[0] / 2), Math.round(end[1] / 2)];
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++) byEnd.set(`${cx + dx}:${cy + dy}`, [...(byEnd.get(`${cx + dx}:${cy + dy}`) ?? []), stroke]);
    }
  }
  const long = [...pipes].map((pipe) => ({ pipe, box: pointsBox(pipe.points) }));
  // A break between the two: another pipe crosses it (its box first, to pass over the sheet's other pipes fast).
  const crossed = (from: Point, to: Point, own: Stroke[]) => {
    const gap = pointsBox([from, to]);
    return long.some(
      ({ pipe, box }) =>
        boxesTouch(box, gap, 0) && !own.includes(pipe) && pipe.points.slice(1).some((b, i) => segmentsCross(from, to, pipe.points[i], b)),
    );
  };
  const queue = [...pipes];
  while (queue.length > 0) {
    const pipe = queue.pop()!;
    for (const end of [0, 1] as const) {
      const at = end === 0 ? pipe.points[0] : pipe.points[pipe.points.length - 1];
      const out = endDirection(pipe.points, end);
      // Ahead of the end, every 2 px up to the longest break.
      const found = new Set<Stroke>();
      for (let step = 0; step <= pipeFrom / 2; step += 2)
        for (const stroke of byEnd.get(key([at[0] + step * out[0], at[1] + step * out[1]])) ?? []) found.add(stroke);
      for (const stroke of found) {
        if (pipes.has(stroke) || Math.abs(stroke.lineWidth - pipe.lineWidth) > 0.15 * pipe.lineWidth) continue;
        const [p, q] = stroke.points;
        const near =
          Math.hypot(p[0] - at[0], p[1] - at[1]) <= Math.hypot(q[0] - at[0], q[1] - at[1]) ? ([p, q] as const) : ([q, p] as const);
        const d = Math.hypot(near[1][0] - near[0][0], near[1][1] - near[0][1]) || 1;
        const straightOn = ((near[1][0] - near[0][0]) * out[0] + (near[1][1] - near[0][1]) * out[1]) / d > 0.99;
        // On the pipe's line, ahead of its end (a cell's width behind at most).
        const ahead = (near[0][0] - at[0]) * out[0] + (near[0][1] - at[1]) * out[1];
        const offLine = Math.abs((near[0][0] - at[0]) * -out[1] + (near[0][1] - at[1]) * out[0]);
        if (!straightOn || ahead < -2 || offLine > 2 || (ahead > 2 && !crossed(at, near[0], [pipe, stroke]))) continue;
        pipes.add(stroke);
        queue.push(stroke);
      }
    }
  }
  return pipes;
}

/**
 * Symbol candidates from the page's paths: the strokes and fills that are not pipes, grouped where they
 * touch. A CAD export draws a valve or an instrument as a few paths side by side; their union is the
 * symbol's box, exact even where a pipe runs through it. What each is, the classifier says.
 */
export interface VectorShapes {
  /** Boxes of path groups that are not pipes: symbol candidates. */
  shapes: Box[];
  /** Short straight pipe pieces between symbols (thin boxes), too short to be lines: they still connect. */
  stubs: Box[];
}

export function vectorShapes(paths: PdfPath[], map: (point: Point) => Point, options: ShapeOptions): VectorShapes {
  const mapped = paths
    // Dashed strokes are signal lines, never a symbol's outline.
    .filter((path) => !path.dashed)
    .flatMap((path) => path.subpaths.map((subpath) => ({ path, subpath, points: subpath.points.map(map) })))
    .filter(({ points }) => points.length >= 2);
  const open = mapped.filter(({ path, subpath }) => path.stroked && !path.filled && !subpath.closed);
  const strokes = new Map(open.map((item) => [item, { points: item.points, lineWidth: item.path.lineWidth }]));
  const pipes = pipeStrokes([...strokes.values()], options.pipeFrom);
  const pipeLines = pipeLineIndex(pipes);
  // A piece drawn with the pen of a pipe that runs on its line is that run's stub between two symbols.
  const onRun = (points: Point[], lineWidth: number) =>
    pipeLines(points).some(
      (edge) => Math.abs(edge.lineWidth - lineWidth) <= 0.15 * edge.lineWidth && collinearNear(edge.a, edge.b, points, options.maxSize),
    );
  const bodies: Box[] = [];
  const loose: Box[] = [];
  // The pen each piece is drawn with: a stroke thinner than the bodies it joins is theirs.
  const pens = new Map<Box, number>();
  const stubs: Box[] = [];
  const branches: Box[] = [];
  const onRuns: Box[] = [];
  for (const item of mapped) {
    const stroke = strokes.get(item);
    // The stroke's own width counts: a symbol's box is its ink.
    const half = item.path.stroked ? item.path.lineWidth / 2 : 0;
    const inner = pointsBox(item.points);
    const box = { x0: inner.x0 - half, y0: inner.y0 - half, x1: inner.x1 + half, y1: inner.y1 + half };
    const straight = stroke && item.points.length === 2 && Math.min(inner.x1 - inner.x0, inner.y1 - inner.y0) <= 0.5;
    pens.set(box, item.path.lineWidth);
    if (stroke && pipes.has(stroke)) {
      if (straight && length(stroke.points) < options.pipeFrom) stubs.push(box);
      continue;
    }
    if (box.x1 - box.x0 > options.maxSize || box.y1 - box.y0 > options.maxSize) continue;
    if (straight && onRun(item.points, item.path.lineWidth)) {
      onRuns.push(box);
      continue;
    }
    // A piece leaving a pipe's side is a branch of it (a drain leg to its valve), not a part of that valve.
    if (straight && leavesPipe(item.points, pipeLines)) {
      branches.push(box);
      continue;
    }
    (straight ? loose : bodies).push(box);
  }
  const groups = touchingGroups(bodies, options.joinGap);
  const groupPen = (group: Box) => Math.max(0, ...bodies.filter((box) => boxWithin(box, group, 0)).map((box) => pens.get(box)!));
  // Unless it starts inside a symbol's body: a control valve's stem to its actuator (in line with a pipe or
  // leaving the pipe drawn through the valve). A junction dot is no body: the leg leaving it is pipe.
  const body = (group: Box) => Math.max(group.x1 - group.x0, group.y1 - group.y0) >= options.minSize;
  const stem = (stroke: Box) => groups.some((group) => body(group) && endsInside(stroke, group, options.joinGap));
  for (const branch of branches) (stem(branch) ? loose : stubs).push(branch);
  loose.push(...onRuns.filter(stem));
  const { bridges, lone } = attachLoose(groups, loose, options.joinGap, (stroke, touched) =>
    touched.every((group) => pens.get(stroke)! <= THIN_PEN * groupPen(group)),
  );
  stubs.push(...bridges);
  // Strokes that touch only each other are bars side by side (an orifice plate, a flange); a lone one is a line.
  groups.push(...touchingGroups(lone, options.joinGap, 2));
  const size = (g: Box) => Math.max(g.x1 - g.x0, g.y1 - g.y0);
  const pixels = (g: Box) => ({ x0: Math.floor(g.x0), y0: Math.floor(g.y0), x1: Math.ceil(g.x1), y1: Math.ceil(g.y1) });
  return {
    shapes: groups.filter((g) => size(g) >= options.minSize && size(g) <= options.maxSize).map(pixels),
    stubs: stubs.map(pixels),
  };
}

/** Whether a straight stroke starts or ends on a pipe running across it (within 3 px past its end). */
function leavesPipe([p, q]: Point[], pipeLines: (stroke: Point[]) => PipeEdge[]): boolean {
  const d = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
  const [ux, uy] = [(q[0] - p[0]) / d, (q[1] - p[1]) / d];
  const across: Point = [-uy, ux];
  return [
    [p, -1],
    [q, 1],
  ].some(([end, sign]) => {
    const [x, y] = end as Point;
    for (let k = 0; k <= 3; k++) {
      const at: Point = [x + (sign as number) * k * ux, y + (sign as number) * k * uy];
      const edges = pipeLines([at, [at[0] + across[0], at[1] + across[1]]]);
      if (
        edges.some(
          (edge) =>
            Math.abs((edge.b[0] - edge.a[0]) * ux + (edge.b[1] - edge.a[1]) * uy) <
              0.1 * Math.hypot(edge.b[0] - edge.a[0], edge.b[1] - edge.a[1]) && collinearNear(edge.a, edge.b, [at, at], 0),
        )
      )
        return true;
    }
    return false;
  });
}

/**
 * The boxes of groups of at least `minParts` parts that touch (union-find, with a sweep along x to stay
 * near-linear on dense sheets).
 */
function touchingGroups(parts: Box[], gap: number, minParts = 1): Box[] {
  const parent = parts.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  const order = parts.map((_, i) => i).sort((a, b) => parts[a].x0 - parts[b].x0);
  for (let k = 0; k < order.length; k++) {
    const a = parts[order[k]];
    for (let m = k + 1; m < order.length && parts[order[m]].x0 <= a.x1 + gap; m++) {
      if (boxesTouch(a, parts[order[m]], gap)) parent[root(order[m])] = root(order[k]);
    }
  }
  const groups = new Map<number, { box: Box; parts: number }>();
  parts.forEach((box, i) => {
    const group = groups.get(root(i));
    groups.set(root(i), group ? { box: unionBox(group.box, box), parts: group.parts + 1 } : { box: { ...box }, parts: 1 });
  });
  return [...groups.values()].filter((group) => group.parts >= minParts).map((group) => group.box);
}

interface PipeEdge {
  a: Point;
  b: Point;
  lineWidth: number;
}

/**
 * The pipes' edges by the line they lie on (horizontal by y, vertical by x, to the pixel), so that a stroke
 * is compared with the few edges on its own line, not with every pipe of a dense sheet. Answers the
 * candidates for a horizontal or vertical stroke: the edges on lines within 2 px of it, and any slanted edge.
 */
function pipeLineIndex(pipes: Set<Stroke>): (stroke: Point[]) => PipeEdge[] {
  const lines = new Map<string, PipeEdge[]>();
  const slanted: PipeEdge[] = [];
  for (const pipe of pipes) {
    for (let i = 1; i < pipe.points.length; i++) {
      const edge = { a: pipe.points[i - 1], b: pipe.points[i], lineWidth: pipe.lineWidth };
      const key =
        Math.abs(edge.a[1] - edge.b[1]) <= 1.5
          ? `h${Math.round(edge.a[1])}`
          : Math.abs(edge.a[0] - edge.b[0]) <= 1.5
            ? `v${Math.round(edge.a[0])}`
            : undefined;
      if (key) lines.set(key, [...(lines.get(key) ?? []), edge]);
      else slanted.push(edge);
    }
  }
  return ([p, q]) => {
    const horizontal = Math.abs(q[0] - p[0]) >= Math.abs(q[1] - p[1]);
    const at = Math.round(horizontal ? p[1] : p[0]);
    const near: PipeEdge[] = [];
    for (let d = -2; d <= 2; d++) near.push(...(lines.get(`${horizontal ? 'h' : 'v'}${at + d}`) ?? []));
    return [...near, ...slanted];
  };
}

/** Whether the straight stroke p–q lies on the line of the edge a–b (within 1.5 px), within `reach` of it along that line. */
function collinearNear(a: Point, b: Point, [p, q]: Point[], reach: number): boolean {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (length === 0) return false;
  const [ux, uy] = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
  const off = (point: Point) => Math.abs((point[0] - a[0]) * -uy + (point[1] - a[1]) * ux);
  if (off(p) > 1.5 || off(q) > 1.5) return false;
  const along = (point: Point) => (point[0] - a[0]) * ux + (point[1] - a[1]) * uy;
  const [lo, hi] = [Math.min(along(p), along(q)), Math.max(along(p), along(q))];
  return hi >= -reach && lo <= length + reach;
}

/** Whether a straight stroke (as its thin box) has an end deep inside a group, not at its edge. */
function endsInside(stroke: Box, group: Box, gap: number): boolean {
  const horizontal = stroke.x1 - stroke.x0 >= stroke.y1 - stroke.y0;
  const half = (horizontal ? stroke.y1 - stroke.y0 : stroke.x1 - stroke.x0) / 2;
  const ends: Point[] = horizontal
    ? [
        [stroke.x0 + half, stroke.y0 + half],
        [stroke.x1 - half, stroke.y0 + half],
      ]
    : [
        [stroke.x0 + half, stroke.y0 + half],
        [stroke.x0 + half, stroke.y1 - half],
      ];
  return ends.some(([x, y]) => x > group.x0 + gap && x < group.x1 - gap && y > group.y0 + gap && y < group.y1 - gap);
}

/**
 * Straight strokes join the one group they touch, in rounds (a valve's end bar, then the bar beyond it). A
 * stroke between two groups is a pipe's stub from one symbol's port to the next: it joins neither, unless
 * it starts deep inside one of them (a control valve's stem from the body's centre to its actuator) or is
 * drawn finer than both (`finer`: a compressor's shaft to its driver), which makes them one. Returns the
 * stubs, and the strokes that touch no group.
 */
function attachLoose(
  groups: Box[],
  loose: Box[],
  gap: number,
  finer: (stroke: Box, touched: Box[]) => boolean,
): { bridges: Box[]; lone: Box[] } {
  const bridges: Box[] = [];
  let left = loose;
  for (let round = 0; round < 4 && left.length > 0; round++) {
    const next: Box[] = [];
    for (const stroke of left) {
      const touched = groups.filter((group) => boxesTouch(group, stroke, gap));
      if (touched.length === 0) next.push(stroke);
      else if (touched.length > 1 && !touched.some((group) => endsInside(stroke, group, gap)) && !finer(stroke, touched))
        bridges.push(stroke);
      else {
        const [first, ...rest] = touched;
        Object.assign(first, [stroke, ...rest].reduce(unionBox, first));
        for (const other of rest) groups.splice(groups.indexOf(other), 1);
      }
    }
    const settled = next.length === left.length;
    left = next;
    if (settled) break;
  }
  return { bridges, lone: left };
}
