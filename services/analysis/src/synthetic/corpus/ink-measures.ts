/**
 * Measures of a drawing's ink read from its pixels alone, so that a corpus and real scans are measured the same
 * way: stroke width (the thinner of the horizontal and vertical runs through an ink pixel) and ink density.
 */
export interface InkMeasures {
  /** Median stroke width in pixels over the crop's ink. */
  strokeWidth: number;
  /** 90th percentile: the heavy lines. */
  heavyStrokeWidth: number;
  /** Share of pixels that are ink. */
  density: number;
}

/** Runs wider than this are filled areas (a solid valve, a title bar), not strokes. */
const MAX_STROKE = 40;

/**
 * Ink is what differs from the paper by more than a third of the range: the paper is the crop's median grey, so
 * light lines on a dark blueprint count as ink too. Answers undefined for a crop with almost no ink.
 */
export function measureInk(grey: Uint8Array, width: number, height: number): InkMeasures | undefined {
  const paper = median(sample(grey, 4096));
  const ink = new Uint8Array(grey.length);
  let count = 0;
  for (let i = 0; i < grey.length; i++) {
    if (Math.abs(grey[i] - paper) > 85) {
      ink[i] = 1;
      count++;
    }
  }
  if (count < grey.length * 0.002) return undefined;
  const horizontal = runLengths(ink, width, height, 1, width);
  const vertical = runLengths(ink, height, width, width, 1);
  const widths: number[] = [];
  for (let i = 0; i < ink.length; i += 3) {
    if (!ink[i]) continue;
    const across = Math.min(horizontal[i], vertical[i]);
    if (across <= MAX_STROKE) widths.push(across);
  }
  if (widths.length === 0) return undefined;
  widths.sort((a, b) => a - b);
  return {
    strokeWidth: widths[Math.floor(widths.length / 2)],
    heavyStrokeWidth: widths[Math.floor(widths.length * 0.9)],
    density: count / grey.length,
  };
}

/** For each pixel, the length of the ink run through it along one axis (`step` along, `stride` between lines). */
function runLengths(ink: Uint8Array, length: number, lines: number, step: number, stride: number): Uint16Array {
  const out = new Uint16Array(ink.length);
  for (let line = 0; line < lines; line++) {
    const base = line * stride;
    let start = -1;
    for (let k = 0; k <= length; k++) {
      const on = k < length && ink[base + k * step] === 1;
      if (on && start < 0) start = k;
      if (!on && start >= 0) {
        const run = Math.min(65535, k - start);
        for (let j = start; j < k; j++) out[base + j * step] = run;
        start = -1;
      }
    }
  }
  return out;
}

function sample(values: Uint8Array, count: number): number[] {
  const step = Math.max(1, Math.floor(values.length / count));
  const out: number[] = [];
  for (let i = 0; i < values.length; i += step) out.push(values[i]);
  return out;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Percentile `p` (0–100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round((p / 100) * (sorted.length - 1))))];
}
