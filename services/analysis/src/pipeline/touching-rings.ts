import type { Box, Component } from './components';

/** Ink pixels (1) of a page `width` wide. */
interface Ink {
  mask: Uint8Array;
  width: number;
}

export interface Ring {
  cx: number;
  cy: number;
  /** To the stroke's middle for rings found by `ringsIn`; to its outer edge for a box's circle. */
  r: number;
}

const SAMPLES = 72;

/** How many of 72 rays from the centre meet ink within a stroke and a half inside the circle of radius `r`. */
export function ringHits({ cx, cy, r }: Ring, { mask, width }: Ink, unit: number): number {
  const height = mask.length / width;
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
  return hits;
}

/** Whether ink lies all round the circle (on 90 % of its rays at least). */
export const inkAllRound = (ring: Ring, ink: Ink, unit: number) => ringHits(ring, ink, unit) >= 0.9 * SAMPLES;

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
export function ringsIn(box: Box, ink: Ink, unit: number, minRadius: number, maxRadius: number): Ring[] {
  const [x0, y0] = [Math.floor(box.x0), Math.floor(box.y0)];
  const [w, h] = [Math.ceil(box.x1) - x0 + 1, Math.ceil(box.y1) - y0 + 1];
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
    if (!rings.every((ring) => distance(ring, circle) >= 0.85 * (ring.r + circle.r))) continue;
    const alike = found.filter((other) => distance(other, circle) <= near && circle.r - other.r <= near);
    const { cx, cy, r } = alike.reduce((a, b) => (b.votes > a.votes ? b : a));
    rings.push({ cx, cy, r });
  }
  return rings;
}

/** Half a stroke: from a found ring's radius (its stroke's middle) to its outer edge. */
const outerEdge = (unit: number) => Math.ceil(unit / 2);

/** The box a ring found by `ringsIn` bounds, to its stroke's outer edge. */
export function ringBox({ cx, cy, r }: Ring, unit: number): Box {
  const outer = r + outerEdge(unit);
  return { x0: cx - outer, y0: cy - outer, x1: cx + outer, y1: cy + outer };
}

/** A ring as a component of its own: its box and the ink in its stroke's band, measured as `findComponents` measures. */
export function ringComponent(ring: Ring, ink: Ink, unit: number): Component {
  const box = ringBox(ring, unit);
  const [x0, y0, x1, y1] = [Math.floor(box.x0), Math.floor(box.y0), Math.ceil(box.x1), Math.ceil(box.y1)];
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  let [area, sum, sumSquares] = [0, 0, 0];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const distance = Math.hypot(x - cx, y - cy);
      if (!ink.mask[y * ink.width + x] || Math.abs(distance - ring.r) > unit + 1) continue;
      area++;
      sum += distance;
      sumSquares += distance * distance;
    }
  }
  const mean = area > 0 ? sum / area : 0;
  return {
    x0,
    y0,
    x1,
    y1,
    area,
    meanRadius: mean,
    radiusDeviation: area > 0 ? Math.sqrt(Math.max(0, sumSquares / area - mean * mean)) : 0,
  };
}

/**
 * The ink of a blob (`box`: the blob's box) outside its rings' discs, as a component (a leader); none where that is
 * less than `minArea`. The blob's ink is what joins its rings' strokes: another blob's ink in its box is not.
 */
export function outsideRings(box: Box, rings: Ring[], ink: Ink, unit: number, minArea: number): Component | undefined {
  const [x0, y0, w, h] = [box.x0, box.y0, box.x1 - box.x0 + 1, box.y1 - box.y0 + 1];
  const inked = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && ink.mask[(y0 + y) * ink.width + x0 + x] === 1;
  const seen = new Uint8Array(w * h);
  const queue: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (inked(x, y) && rings.some((ring) => Math.abs(Math.hypot(x0 + x - ring.cx, y0 + y - ring.cy) - ring.r) <= unit + 1)) {
        seen[y * w + x] = 1;
        queue.push(y * w + x);
      }
  const kept: Array<[number, number]> = [];
  while (queue.length > 0) {
    const at = queue.pop()!;
    const [x, y] = [at % w, Math.floor(at / w)];
    if (rings.every((ring) => Math.hypot(x0 + x - ring.cx, y0 + y - ring.cy) > ring.r + unit + 1)) kept.push([x0 + x, y0 + y]);
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        if (inked(x + dx, y + dy) && !seen[(y + dy) * w + x + dx]) {
          seen[(y + dy) * w + x + dx] = 1;
          queue.push((y + dy) * w + x + dx);
        }
  }
  if (kept.length < minArea) return undefined;
  const xs = kept.map(([x]) => x);
  const ys = kept.map(([, y]) => y);
  const [kx0, ky0, kx1, ky1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const distances = kept.map(([x, y]) => Math.hypot(x - (kx0 + kx1) / 2, y - (ky0 + ky1) / 2));
  const mean = distances.reduce((sum, d) => sum + d, 0) / kept.length;
  const variance = distances.reduce((sum, d) => sum + d * d, 0) / kept.length - mean * mean;
  return { x0: kx0, y0: ky0, x1: kx1, y1: ky1, area: kept.length, meanRadius: mean, radiusDeviation: Math.sqrt(Math.max(0, variance)) };
}
