import { boxHeight, boxWidth, type Box } from './components';
import { indexAlong, segmentBox, transpose, type Segment } from './lines';

/** A straight slanted stroke: one thin run of ink per row (steep) or per column (shallow), drifting steadily. */
export interface SlantedStroke extends Box {
  /** Scanned by rows (`false`: by columns). */
  steep: boolean;
  /** Per position along the scan, the run across it. */
  runs: Array<{ along: number; lo: number; hi: number }>;
  length: number;
}

/** The least turn between two straight pieces of a chain for them to be strokes (30°); less is a curve. */
const MIN_BEND = Math.PI / 6;

interface Run {
  lo: number;
  hi: number;
}

interface OpenChain {
  runs: Array<{ along: number; lo: number; hi: number }>;
}

/**
 * Straight slanted strokes in a mask whose lines were removed: chains of runs no wider than a stroke at that
 * slant, one per row (or column), none branching, whose centres lie on a line at 5°–85° from the axes.
 * A chain stops where it forks, merges or widens into a shape, or where the ink stops.
 */
export function findSlantedStrokes(mask: Uint8Array, width: number, height: number, unit: number, minLength: number): SlantedStroke[] {
  return [...strokesAlong(mask, width, height, unit, minLength, true), ...strokesAlong(mask, width, height, unit, minLength, false)];
}

function strokesAlong(mask: Uint8Array, width: number, height: number, unit: number, minLength: number, steep: boolean): SlantedStroke[] {
  // Steep strokes are scanned row by row (along = y, across = x), shallow ones column by column.
  const [length, across] = steep ? [height, width] : [width, height];
  // Scanned row by row either way: columns are the rows of the mask turned (read down a column, the page's memory
  // is read across).
  const rows = steep ? mask : transpose(mask, width, height);
  // A stroke at 45° is √2 times as wide across a row, and a pixel more where it steps.
  const maxRun = Math.ceil((2 * unit + 1) * Math.SQRT2) + 2;
  const strokes: SlantedStroke[] = [];
  let open: OpenChain[] = [];
  // A chain that bends (a leader run on from a tick, an arc) is read as its straight pieces, each joined to the
  // next where it bends.
  const tolerance = Math.max(1.5, unit / 2);
  const close = (chain: OpenChain) => {
    if (chain.runs.length < 3) return;
    const pieces = straightPieces(chain.runs, tolerance);
    // Pieces that meet at a slight turn are a curve's (a bubble's arc), not strokes.
    const chord = ([from, to]: [number, number]) => {
      const [a, b] = [chain.runs[from], chain.runs[to]];
      return Math.atan2((b.lo + b.hi - a.lo - a.hi) / 2, b.along - a.along);
    };
    const bends = pieces.slice(1).map((piece, i) => Math.abs(chord(piece) - chord(pieces[i])) >= MIN_BEND);
    pieces.forEach(([from, to], i) => {
      if ((i > 0 && !bends[i - 1]) || (i < pieces.length - 1 && !bends[i])) return;
      const stroke = asStroke(chain.runs.slice(from, to + 1), steep, minLength, tolerance);
      if (stroke) strokes.push(stroke);
    });
  };
  for (let along = 0; along <= length; along++) {
    const runs: Array<Run & { wide: boolean }> = [];
    if (along < length) {
      for (let side = 0; side < across; side++) {
        if (rows[along * across + side] === 0) continue;
        const lo = side;
        while (side + 1 < across && rows[along * across + side + 1] === 1) side++;
        runs.push({ lo, hi: side, wide: side - lo + 1 > maxRun });
      }
    }
    // Which open chains each run continues (8-connected: a pixel's overlap either way). Runs and chains are in
    // order across, and disjoint: one sweep pairs them.
    const chainsOf = runs.map((): number[] => []);
    const runsOf = open.map(() => 0);
    for (let r = 0, c = 0; r < runs.length; r++) {
      while (c < open.length && lastOf(open[c]).hi < runs[r].lo - 1) c++;
      for (let k = c; k < open.length && lastOf(open[k]).lo <= runs[r].hi + 1; k++) {
        chainsOf[r].push(k);
        runsOf[k]++;
      }
    }
    const next: OpenChain[] = [];
    const done = new Set<number>();
    runs.forEach((run, r) => {
      const chains = chainsOf[r];
      if (!run.wide && chains.length === 1 && runsOf[chains[0]] === 1) {
        open[chains[0]].runs.push({ along, lo: run.lo, hi: run.hi });
        next.push(open[chains[0]]);
        done.add(chains[0]);
        return;
      }
      // Merging, forking or widening: the chains end here; a thin run starts a new one.
      for (const k of chains) {
        if (!done.has(k)) close(open[k]);
        done.add(k);
      }
      if (!run.wide) next.push({ runs: [{ along, lo: run.lo, hi: run.hi }] });
    });
    open.forEach((chain, k) => {
      if (!done.has(k)) close(chain);
    });
    open = next;
  }
  return strokes;
}

const lastOf = (chain: OpenChain) => chain.runs[chain.runs.length - 1];

/**
 * The index ranges of a chain's straight pieces (Douglas–Peucker on the runs' centres): where the centres stray
 * from the chord by more than `tolerance`, the chain is cut at the farthest one.
 */
function straightPieces(runs: OpenChain['runs'], tolerance: number): Array<[number, number]> {
  const centre = (i: number) => (runs[i].lo + runs[i].hi) / 2;
  const pieces: Array<[number, number]> = [];
  const split = (from: number, to: number) => {
    const [x0, y0, x1, y1] = [runs[from].along, centre(from), runs[to].along, centre(to)];
    const norm = Math.hypot(x1 - x0, y1 - y0) || 1;
    let farthest = -1;
    let most = tolerance;
    for (let i = from + 1; i < to; i++) {
      const distance = Math.abs((y1 - y0) * (runs[i].along - x0) - (x1 - x0) * (centre(i) - y0)) / norm;
      if (distance > most) [farthest, most] = [i, distance];
    }
    if (farthest < 0) pieces.push([from, to]);
    else {
      split(from, farthest);
      split(farthest, to);
    }
  };
  split(0, runs.length - 1);
  return pieces;
}

/** A chain as a stroke when it is long and straight enough and slanted; undefined otherwise. */
function asStroke(runs: OpenChain['runs'], steep: boolean, minLength: number, tolerance: number): SlantedStroke | undefined {
  if (runs.length < 3) return undefined;
  // Least squares: centre across = a + b · along.
  const n = runs.length;
  let sumX = 0;
  let sumY = 0;
  let sumXX = 0;
  let sumXY = 0;
  for (const { along, lo, hi } of runs) {
    const centre = (lo + hi) / 2;
    sumX += along;
    sumY += centre;
    sumXX += along * along;
    sumXY += along * centre;
  }
  const slope = (n * sumXY - sumX * sumY) / (n * sumXX - sumX * sumX);
  const offset = (sumY - slope * sumX) / n;
  // 5°–85° from the axes (a line nearer an axis is found as a line); exactly 45° belongs to the row scan only.
  const drift = Math.abs(slope);
  if (drift < 0.09 || (steep ? drift > 1 : drift >= 1)) return undefined;
  const length = n * Math.hypot(1, slope);
  if (length < minLength) return undefined;
  const straight = runs.every(({ along, lo, hi }) => Math.abs((lo + hi) / 2 - (offset + slope * along)) <= tolerance);
  if (!straight) return undefined;
  const first = runs[0].along;
  const last = runs[n - 1].along;
  const lo = Math.min(...runs.map((run) => run.lo));
  const hi = Math.max(...runs.map((run) => run.hi));
  const box = steep ? { x0: lo, y0: first, x1: hi, y1: last } : { x0: first, y0: lo, x1: last, y1: hi };
  return { ...box, steep, runs, length };
}

/**
 * The shapes at a stroke's ends with the stroke taken away: the box of the ink 8-connected to the pixels just
 * beyond each end, or `joined` where the two are one shape (the stroke is a side of it: a diamond's, a valve's
 * diagonal). An end with no ink beyond has none. A search stops after `budget` pixels: so large a shape counts as
 * joined.
 */
function shapesAtEnds(
  mask: Uint8Array,
  width: number,
  height: number,
  stroke: SlantedStroke,
  budget = 200_000,
): 'joined' | [Box | undefined, Box | undefined] {
  const at = indexAlong(width, !stroke.steep);
  const [length, across] = stroke.steep ? [height, width] : [width, height];
  const beside = (run: SlantedStroke['runs'][number], along: number) => {
    const seeds: number[] = [];
    if (along < 0 || along >= length) return seeds;
    for (let side = Math.max(0, run.lo - 1); side <= Math.min(across - 1, run.hi + 1); side++)
      if (mask[at(along, side)] === 1) seeds.push(at(along, side));
    return seeds;
  };
  const first = stroke.runs[0];
  const last = stroke.runs[stroke.runs.length - 1];
  const ends = [beside(first, first.along - 1), beside(last, last.along + 1)];
  setRuns(mask, width, stroke, 0);
  const shape = (i: number) => (ends[i].length > 0 ? shapeOf(mask, width, height, ends[i], ends[1 - i], budget) : undefined);
  // Where the start's shape holds the end, the end's holds the start: one search tells.
  const fromStart = shape(0);
  const fromEnd = fromStart === 'joined' ? 'joined' : shape(1);
  setRuns(mask, width, stroke, 1);
  if (fromStart === 'joined' || fromEnd === 'joined') return 'joined';
  return [fromStart, fromEnd];
}

/** The box of the ink 8-connected to `seeds`, or `joined` where it holds one of `others` or outgrows `budget`. */
function shapeOf(mask: Uint8Array, width: number, height: number, seeds: number[], others: number[], budget: number): Box | 'joined' {
  const stop = new Set(others);
  const seen = new Set<number>(seeds);
  const queue = [...seeds];
  const box = { x0: width, y0: height, x1: -1, y1: -1 };
  for (let head = 0; head < queue.length; head++) {
    if (queue.length > budget) return 'joined';
    const index = queue[head];
    const x = index % width;
    const y = (index - x) / width;
    box.x0 = Math.min(box.x0, x);
    box.y0 = Math.min(box.y0, y);
    box.x1 = Math.max(box.x1, x);
    box.y1 = Math.max(box.y1, y);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const neighbour = ny * width + nx;
        if (mask[neighbour] === 0 || seen.has(neighbour)) continue;
        if (stop.has(neighbour)) return 'joined';
        seen.add(neighbour);
        queue.push(neighbour);
      }
    }
  }
  return box;
}

/** Writes `value` over the stroke's runs. */
function setRuns(mask: Uint8Array, width: number, stroke: SlantedStroke, value: 0 | 1): void {
  const at = indexAlong(width, !stroke.steep);
  for (const { along, lo, hi } of stroke.runs) for (let side = lo; side <= hi; side++) mask[at(along, side)] = value;
}

/**
 * Erases leaders from a mask whose lines were removed: slanted strokes at least `minLength` long between shapes
 * at least `minShape` across (a symbol, a bubble) or lines' sides (a tag box, whose edges went with the lines),
 * or `2 * minLength` long from one of those to any shape or the open. Left on, they glue what they point at into
 * one candidate with its label. Strokes that are a side of a shape stay (a valve's diagonal), and so do those
 * between small parts (a check valve's bars, a box's corner and an arrowhead), short ones to a small part (a
 * strainer's leg to its cap), any at a line's end (an off-page arrow's point), and strokes alone. Returns the
 * strokes erased.
 */
export function eraseLeaders(
  mask: Uint8Array,
  width: number,
  height: number,
  lines: Segment[],
  unit: number,
  { minLength, minShape }: { minLength: number; minShape: number },
): SlantedStroke[] {
  const reach = 2 * unit + 2;
  // Where a stroke with no ink beyond an end stops at a line: beside it, or at its end (a corner of a shape
  // drawn with both, a box's diagonal), or in the open.
  const lineAt = ({ along, lo, hi }: SlantedStroke['runs'][number], steep: boolean): 'side' | 'corner' | 'open' => {
    const [x, y] = steep ? [(lo + hi) / 2, along] : [along, (lo + hi) / 2];
    const touching = lines.filter((line) => {
      const box = segmentBox(line);
      return x >= box.x0 - reach && x <= box.x1 + reach && y >= box.y0 - reach && y <= box.y1 + reach;
    });
    if (touching.length === 0) return 'open';
    const atEnd = touching.some((line) => {
      const along = line.orientation === 'horizontal' ? x : y;
      return Math.abs(along - line.start) <= reach || Math.abs(along - line.end) <= reach;
    });
    return atEnd ? 'corner' : 'side';
  };
  const big = (box: Box | undefined) => box !== undefined && Math.max(boxWidth(box), boxHeight(box)) >= minShape;
  const erased: SlantedStroke[] = [];
  for (const stroke of findSlantedStrokes(mask, width, height, unit, minLength)) {
    const shapes = shapesAtEnds(mask, width, height, stroke);
    if (shapes === 'joined') continue;
    if (shapes[0] === undefined && shapes[1] === undefined) continue;
    const ends = [stroke.runs[0], stroke.runs[stroke.runs.length - 1]];
    const meets = shapes.map((shape, i) => (shape ? (big(shape) ? 'big' : 'small') : lineAt(ends[i], stroke.steep)));
    // Between big shapes or lines' sides; twice the least length, from one of those to any shape.
    const anchor = (end: string) => end === 'big' || end === 'side';
    const leader = meets.every(anchor) || (stroke.length >= 2 * minLength && meets.some(anchor) && !meets.includes('corner'));
    if (!leader) continue;
    setRuns(mask, width, stroke, 0);
    erased.push(stroke);
  }
  return erased;
}
