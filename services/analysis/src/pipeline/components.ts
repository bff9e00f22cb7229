export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Component extends Box {
  /** Ink pixels. */
  area: number;
  /** Mean and standard deviation of the ink's distance from the box center (circle test). */
  meanRadius: number;
  radiusDeviation: number;
}

/** An ink mask, `width` × `height`. */
export interface InkImage {
  mask: Uint8Array;
  width: number;
  height: number;
}

/** Just the box of something boxed (a symbol), without its other fields. */
/** Whether the pixel at (x, y) is ink; off the page is paper. */
export const inkAt = (ink: InkImage, x: number, y: number) =>
  x >= 0 && y >= 0 && x < ink.width && y < ink.height && ink.mask[y * ink.width + x] !== 0;

export const boxOf = ({ x0, y0, x1, y1 }: Box): Box => ({ x0, y0, x1, y1 });
export const boxWidth = (box: Box) => box.x1 - box.x0 + 1;
export const boxHeight = (box: Box) => box.y1 - box.y0 + 1;

/** 8-connected components of a mask, with their boxes and radial statistics. */
export function connectedComponents(mask: Uint8Array, width: number, height: number): Component[] {
  const labels = new Int32Array(mask.length);
  const parent: number[] = [0];
  const find = (label: number): number => {
    let root = label;
    while (parent[root] !== root) root = parent[root];
    while (parent[label] !== root) {
      const next = parent[label];
      parent[label] = root;
      label = next;
    }
    return root;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x] === 0) continue;
      let label = 0;
      const neighbours = [
        x > 0 ? labels[row + x - 1] : 0,
        y > 0 && x > 0 ? labels[row - width + x - 1] : 0,
        y > 0 ? labels[row - width + x] : 0,
        y > 0 && x < width - 1 ? labels[row - width + x + 1] : 0,
      ];
      for (const neighbour of neighbours) {
        if (neighbour === 0) continue;
        if (label === 0) label = neighbour;
        else if (neighbour !== label) union(label, neighbour);
      }
      if (label === 0) {
        label = parent.length;
        parent.push(label);
      }
      labels[row + x] = label;
    }
  }
  const count = parent.length;
  const root = new Int32Array(count);
  const index = new Int32Array(count).fill(-1);
  let components = 0;
  for (let label = 1; label < count; label++) {
    root[label] = find(label);
    if (index[root[label]] < 0) index[root[label]] = components++;
  }
  const x0 = new Int32Array(components).fill(width);
  const y0 = new Int32Array(components).fill(height);
  const x1 = new Int32Array(components).fill(-1);
  const y1 = new Int32Array(components).fill(-1);
  const area = new Float64Array(components);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const label = labels[row + x];
      if (label === 0) continue;
      const c = index[root[label]];
      labels[row + x] = c + 1;
      area[c]++;
      if (x < x0[c]) x0[c] = x;
      if (x > x1[c]) x1[c] = x;
      if (y < y0[c]) y0[c] = y;
      if (y > y1[c]) y1[c] = y;
    }
  }
  const sum = new Float64Array(components);
  const sumSquares = new Float64Array(components);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const label = labels[row + x];
      if (label === 0) continue;
      const c = label - 1;
      const distance = Math.hypot(x - (x0[c] + x1[c]) / 2, y - (y0[c] + y1[c]) / 2);
      sum[c] += distance;
      sumSquares[c] += distance * distance;
    }
  }
  const result: Component[] = [];
  for (let c = 0; c < components; c++) {
    const mean = sum[c] / area[c];
    result.push({
      x0: x0[c],
      y0: y0[c],
      x1: x1[c],
      y1: y1[c],
      area: area[c],
      meanRadius: mean,
      radiusDeviation: Math.sqrt(Math.max(0, sumSquares[c] / area[c] - mean * mean)),
    });
  }
  return result;
}

export function unionBox(a: Box, b: Box): Box {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

/** The box around points (not whole pixels: path coordinates). */
export function pointsBox(points: ReadonlyArray<readonly [number, number]>): Box {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

/** Pixels two boxes share. */
export function overlapArea(a: Box, b: Box): number {
  return Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1);
}

/** Gap between two boxes (0 when they overlap). */
export function boxGap(a: Box, b: Box): number {
  const dx = Math.max(0, Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1));
  const dy = Math.max(0, Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1));
  return Math.hypot(dx, dy);
}

export function boxesTouch(a: Box, b: Box, gap: number): boolean {
  return a.x0 - gap <= b.x1 && b.x0 - gap <= a.x1 && a.y0 - gap <= b.y1 && b.y0 - gap <= a.y1;
}

/** A box's [low, high] along an orientation, and across it. */
export const boxSpans = (box: Box, orientation: 'horizontal' | 'vertical') =>
  orientation === 'horizontal'
    ? { along: [box.x0, box.x1], across: [box.y0, box.y1] }
    : { along: [box.y0, box.y1], across: [box.x0, box.x1] };

/** Pixels a box covers, as `boxWidth` × `boxHeight`. */
export const boxArea = (box: Box) => boxWidth(box) * boxHeight(box);

/** Intersection over union of two boxes. */
export function boxIou(a: Box, b: Box): number {
  const common = overlapArea(a, b);
  return common === 0 ? 0 : common / (boxArea(a) + boxArea(b) - common);
}

/** Whether `inner` lies within `outer` grown by `margin` on every side. */
export function boxWithin(inner: Box, outer: Box, margin = 0): boolean {
  return inner.x0 >= outer.x0 - margin && inner.y0 >= outer.y0 - margin && inner.x1 <= outer.x1 + margin && inner.y1 <= outer.y1 + margin;
}

export function containsPoint(box: Box, x: number, y: number, margin = 0): boolean {
  return x >= box.x0 - margin && x <= box.x1 + margin && y >= box.y0 - margin && y <= box.y1 + margin;
}

/** Where an unbroken run of ink along the axis through `mid`, from `start` in direction `step`, ends (at most `limit` on). */
export function runAlong(
  { mask, width, height }: InkImage,
  upright: boolean,
  mid: number,
  start: number,
  step: number,
  limit: number,
): number {
  const across = Math.round(mid);
  let last = Math.round(start) - step;
  for (let along = Math.round(start); Math.abs(along - start) <= limit; along += step) {
    const [x, y] = upright ? [across, along] : [along, across];
    if (x < 0 || y < 0 || x >= width || y >= height) break;
    // A stroke a pixel off the axis still runs on.
    const hit = [-1, 0, 1].some((off) => {
      const [px, py] = upright ? [x + off, y] : [x, y + off];
      return px >= 0 && py >= 0 && px < width && py < height && mask[py * width + px] === 1;
    });
    if (!hit) break;
    last = along;
  }
  return last;
}
