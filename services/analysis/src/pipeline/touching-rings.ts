import { pointsBox, type Box, type Component, type InkImage } from './components';

export interface Ring {
  cx: number;
  cy: number;
  /** To the stroke's middle (rings found by `ringsIn`) or its outer edge (a box's circle): `inkAllRound` takes either. */
  r: number;
}

const SAMPLES = 72;

/** Whether ink lies all round a circle: on 90 % of 72 rays from its centre, within a stroke and a half inside `r`. */
export function inkAllRound({ cx, cy, r }: Ring, { mask, width, height }: InkImage, unit: number): boolean {
  let hits = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const [dx, dy] = [Math.cos((2 * Math.PI * i) / SAMPLES), Math.sin((2 * Math.PI * i) / SAMPLES)];
    for (let d = r - 1.5 * unit - 1; d <= r; d++) {
      const [x, y] = [Math.round(cx + d * dx), Math.round(cy + d * dy)];
      if (x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x]) {
        hits++;
        break;
      }
    }
  }
  return hits >= 0.9 * SAMPLES;
}

const VOTE_ANGLES = 32;
/** Centres taken at each radius: as many as circles of one size may lie in a blob. */
const PEAKS_PER_RADIUS = 3;

/**
 * Circles in one blob of ink (a bubble with its leader stuck to it, or drawn against another bubble), with radii
 * from `minRadius` to `maxRadius`. A circle's ink votes for its centre at its radius (about as many votes at any
 * radius: a stroke's width of them); the best-voted centres at each radius that have ink all round are circles.
 * The largest go first (a letter O inside a bubble is no circle of its own), each at the radius voted best about
 * its centre; one overlapping a circle taken by more than a sliver (centres closer than 0.85 of their radii's sum)
 * is left out. None where two circles of a size are drawn through each other: that is one symbol (an exchanger).
 */
export function ringsIn(box: Box, ink: InkImage, unit: number, minRadius: number, maxRadius: number): Ring[] {
  const [x0, y0] = [Math.max(0, Math.floor(box.x0)), Math.max(0, Math.floor(box.y0))];
  const [w, h] = [Math.min(ink.width - 1, Math.ceil(box.x1)) - x0 + 1, Math.min(ink.height - 1, Math.ceil(box.y1)) - y0 + 1];
  const inked: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (ink.mask[(y0 + y) * ink.width + x0 + x]) inked.push(y * w + x);
  const cos = Array.from({ length: VOTE_ANGLES }, (_, i) => Math.cos((2 * Math.PI * i) / VOTE_ANGLES));
  const sin = Array.from({ length: VOTE_ANGLES }, (_, i) => Math.sin((2 * Math.PI * i) / VOTE_ANGLES));
  const found: Array<Ring & { votes: number }> = [];
  const votes = new Uint16Array(w * h);
  for (let r = Math.ceil(minRadius); r <= Math.min(maxRadius, Math.min(w, h) / 2); r++) {
    votes.fill(0);
    for (const at of inked) {
      const [px, py] = [at % w, Math.floor(at / w)];
      for (let k = 0; k < VOTE_ANGLES; k++) {
        const [x, y] = [Math.round(px + r * cos[k]), Math.round(py + r * sin[k])];
        if (x >= 0 && y >= 0 && x < w && y < h) votes[y * w + x]++;
      }
    }
    for (let peak = 0; peak < PEAKS_PER_RADIUS; peak++) {
      let best = 0;
      for (let i = 1; i < votes.length; i++) if (votes[i] > votes[best]) best = i;
      if (votes[best] === 0) break;
      const [bx, by] = [best % w, Math.floor(best / w)];
      const ring = { cx: x0 + bx, cy: y0 + by, r, votes: votes[best] };
      if (inkAllRound(ring, ink, unit)) found.push(ring);
      // The next centre at this radius lies a circle away at least.
      for (let y = Math.max(0, by - r); y <= Math.min(h - 1, by + r); y++)
        for (let x = Math.max(0, bx - r); x <= Math.min(w - 1, bx + r); x++) votes[y * w + x] = 0;
    }
  }
  const near = 1.5 * unit + 1;
  const distance = (a: Ring, b: Ring) => Math.hypot(a.cx - b.cx, a.cy - b.cy);
  // Circles of a size (a letter's ring against a bubble's is none).
  const crossing = (a: Ring, b: Ring) =>
    Math.min(a.r, b.r) >= 0.5 * Math.max(a.r, b.r) && distance(a, b) < 0.85 * (a.r + b.r) && distance(a, b) > Math.abs(a.r - b.r) + near;
  const rings: Ring[] = [];
  for (const circle of [...found].sort((a, b) => b.r - a.r)) {
    if (rings.some((ring) => crossing(ring, circle))) return [];
    if (!rings.every((ring) => sideBySide(ring, circle))) continue;
    const alike = found.filter((other) => distance(other, circle) <= near && circle.r - other.r <= near);
    const { cx, cy, r } = alike.reduce((a, b) => (b.votes > a.votes ? b : a));
    rings.push({ cx, cy, r });
  }
  return rings;
}

/** Whether two circles lie side by side, overlapping by a sliver at most (not one inside or through the other). */
export const sideBySide = (a: Ring, b: Ring) => Math.hypot(a.cx - b.cx, a.cy - b.cy) >= 0.85 * (a.r + b.r);

/** Half a stroke: from a found ring's radius (its stroke's middle) to its outer edge. */
const outerEdge = (unit: number) => Math.ceil(unit / 2);

/** The box a ring found by `ringsIn` bounds, to its stroke's outer edge. */
export function ringBox({ cx, cy, r }: Ring, unit: number): Box {
  const outer = r + outerEdge(unit);
  return { x0: cx - outer, y0: cy - outer, x1: cx + outer, y1: cy + outer };
}

/** Pixels as a component, measured as `connectedComponents` measures one. */
function pixelsComponent(pixels: Array<[number, number]>): Component {
  const box = pointsBox(pixels);
  const [cx, cy] = [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2];
  let [sum, sumSquares] = [0, 0];
  for (const [x, y] of pixels) {
    const distance = Math.hypot(x - cx, y - cy);
    sum += distance;
    sumSquares += distance * distance;
  }
  const mean = sum / pixels.length;
  return {
    ...box,
    area: pixels.length,
    meanRadius: mean,
    radiusDeviation: Math.sqrt(Math.max(0, sumSquares / pixels.length - mean * mean)),
  };
}

/** A ring found by `ringsIn` as a component of its own: the ink in its stroke's band, within the page. */
export function ringComponent(ring: Ring, ink: InkImage, unit: number): Component | undefined {
  const box = ringBox(ring, unit);
  const pixels: Array<[number, number]> = [];
  for (let y = Math.max(0, Math.floor(box.y0)); y <= Math.min(ink.height - 1, Math.ceil(box.y1)); y++)
    for (let x = Math.max(0, Math.floor(box.x0)); x <= Math.min(ink.width - 1, Math.ceil(box.x1)); x++)
      if (ink.mask[y * ink.width + x] && Math.abs(Math.hypot(x - ring.cx, y - ring.cy) - ring.r) <= unit + 1) pixels.push([x, y]);
  return pixels.length > 0 ? pixelsComponent(pixels) : undefined;
}

/**
 * The ink of a blob (`box`: its box) outside its rings' discs, as components, one per piece (a leader each), those
 * of `minArea` pixels at least. The blob's ink is what joins the ink in its rings' strokes' bands: another blob's
 * ink in its box is not, unless it reaches into such a band (a dash ending on a bubble's stroke is a piece too).
 */
export function outsideRings(box: Box, rings: Ring[], ink: InkImage, unit: number, minArea: number): Component[] {
  const [x0, y0, w, h] = [box.x0, box.y0, box.x1 - box.x0 + 1, box.y1 - box.y0 + 1];
  const inked = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && ink.mask[(y0 + y) * ink.width + x0 + x] === 1;
  const outside = (x: number, y: number) => rings.every((ring) => Math.hypot(x0 + x - ring.cx, y0 + y - ring.cy) > ring.r + unit + 1);
  // The blob: its ink joined to the rings' strokes.
  const inBlob = new Uint8Array(w * h);
  const flood = (seeds: number[], within: (x: number, y: number) => boolean, mark: Uint8Array) => {
    const reached: number[] = [];
    for (const seed of seeds) mark[seed] = 1;
    const queue = [...seeds];
    while (queue.length > 0) {
      const at = queue.pop()!;
      reached.push(at);
      const [x, y] = [at % w, Math.floor(at / w)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const next = (y + dy) * w + x + dx;
          if (within(x + dx, y + dy) && !mark[next]) {
            mark[next] = 1;
            queue.push(next);
          }
        }
    }
    return reached;
  };
  const seeds: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (inked(x, y) && rings.some((ring) => Math.abs(Math.hypot(x0 + x - ring.cx, y0 + y - ring.cy) - ring.r) <= unit + 1))
        seeds.push(y * w + x);
  flood(seeds, inked, inBlob);
  // Its pieces outside the discs, each on its own.
  const taken = new Uint8Array(w * h);
  const pieces: Component[] = [];
  for (let at = 0; at < w * h; at++) {
    const [x, y] = [at % w, Math.floor(at / w)];
    if (!inBlob[at] || taken[at] || !outside(x, y)) continue;
    const piece = flood([at], (px, py) => inked(px, py) && inBlob[py * w + px] === 1 && outside(px, py), taken);
    if (piece.length >= minArea) pieces.push(pixelsComponent(piece.map((p): [number, number] => [x0 + (p % w), y0 + Math.floor(p / w)])));
  }
  return pieces;
}
