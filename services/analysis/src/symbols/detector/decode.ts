/**
 * The detector's maps as boxes: 3x3 local maxima of each class's heat above the threshold, sized by the
 * regression at the peak; merged over tiles and between classes by non-maximum suppression. Mirrors
 * `training/detector/detections.py`, which scores the held-out corpus the same way.
 */
export interface Detection {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  score: number;
  /** Index into the manifest's classes. */
  classIndex: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export function decodeTile(
  heat: Float32Array,
  regression: Float32Array,
  classes: number,
  rows: number,
  cols: number,
  stride: number,
  minScore: number,
): Detection[] {
  const plane = rows * cols;
  const minLogit = Math.log(minScore / (1 - minScore));
  const found: Detection[] = [];
  for (let c = 0; c < classes; c++) {
    const base = c * plane;
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const value = heat[base + y * cols + x];
        if (value < minLogit || !isPeak(heat, base, rows, cols, x, y, value)) continue;
        const cell = y * cols + x;
        const w = Math.exp(Math.min(8, regression[cell]));
        const h = Math.exp(Math.min(8, regression[plane + cell]));
        const cx = (x + regression[2 * plane + cell]) * stride;
        const cy = (y + regression[3 * plane + cell]) * stride;
        found.push({ x0: cx - w / 2, y0: cy - h / 2, x1: cx + w / 2, y1: cy + h / 2, score: sigmoid(value), classIndex: c });
      }
    }
  }
  return found;
}

/** The largest in its 3x3 neighbourhood (ties kept, as a max-pool comparison keeps them). */
function isPeak(heat: Float32Array, base: number, rows: number, cols: number, x: number, y: number, value: number): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const [nx, ny] = [x + dx, y + dy];
      if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
      if (heat[base + ny * cols + nx] > value) return false;
    }
  }
  return true;
}

export function detectionIou(a: Detection, b: Detection): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return 0;
  const area = (d: Detection) => (d.x1 - d.x0) * (d.y1 - d.y0);
  return (w * h) / (area(a) + area(b) - w * h);
}

/** Class-agnostic: one place holds one symbol; the surer detection stays. */
export function suppress(detections: Detection[], iou: number): Detection[] {
  const kept: Detection[] = [];
  for (const detection of [...detections].sort((a, b) => b.score - a.score)) {
    if (kept.every((other) => detectionIou(detection, other) < iou)) kept.push(detection);
  }
  return kept;
}
