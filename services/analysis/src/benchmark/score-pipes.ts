import type { PixelPoint } from './ground-truth';

export const PIPE_TOLERANCE_PX = 5;

/** Lengths in pixels: recall = truthCovered / truthLength, precision = predictedCovered / predictedLength. */
export interface PipeScore {
  truthLength: number;
  truthCovered: number;
  predictedLength: number;
  predictedCovered: number;
}

interface Sample {
  point: PixelPoint;
  /** The length of polyline the sample stands for. */
  length: number;
}

/**
 * Points at most 1 px apart along the polylines, at the middle of equal pieces, one per pixel: where paths
 * overlap (connections sharing a pipe run) the length counts once.
 */
export function samplePolylines(polylines: PixelPoint[][]): Sample[] {
  const samples = new Map<number, Sample>();
  for (const polyline of polylines) {
    for (let i = 1; i < polyline.length; i++) {
      const [x0, y0] = polyline[i - 1];
      const [x1, y1] = polyline[i];
      const length = Math.hypot(x1 - x0, y1 - y0);
      const pieces = Math.max(1, Math.ceil(length));
      for (let k = 0; k < pieces; k++) {
        const t = (k + 0.5) / pieces;
        const point: PixelPoint = [x0 + t * (x1 - x0), y0 + t * (y1 - y0)];
        const key = Math.floor(point[1]) * 1_000_000 + Math.floor(point[0]);
        if (!samples.has(key)) samples.set(key, { point, length: length / pieces });
      }
    }
  }
  return [...samples.values()];
}

/** Points bucketed in square cells of the tolerance's size: a query looks at the 3 × 3 cells around it. */
class PointGrid {
  private readonly cells = new Map<number, PixelPoint[]>();

  constructor(
    points: PixelPoint[],
    private readonly cell: number,
  ) {
    for (const point of points) {
      const key = this.key(Math.floor(point[0] / cell), Math.floor(point[1] / cell));
      const bucket = this.cells.get(key);
      if (bucket) bucket.push(point);
      else this.cells.set(key, [point]);
    }
  }

  private key(cx: number, cy: number): number {
    return cy * 1_000_000 + cx;
  }

  hasWithin([x, y]: PixelPoint, radius: number): boolean {
    const cx = Math.floor(x / this.cell);
    const cy = Math.floor(y / this.cell);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const [px, py] of this.cells.get(this.key(cx + dx, cy + dy)) ?? []) if (Math.hypot(px - x, py - y) <= radius) return true;
      }
    }
    return false;
  }
}

function covered(samples: Sample[], other: Sample[], tolerance: number): number {
  const grid = new PointGrid(
    other.map((s) => s.point),
    tolerance,
  );
  return samples.reduce((sum, s) => sum + (grid.hasWithin(s.point, tolerance) ? s.length : 0), 0);
}

/** Truth pipe polylines against predicted connection paths: the length of each lying within `tolerance` of the other. */
export function scorePipes(truth: PixelPoint[][], predicted: PixelPoint[][], tolerance = PIPE_TOLERANCE_PX): PipeScore {
  const truthSamples = samplePolylines(truth);
  const predictedSamples = samplePolylines(predicted);
  const total = (samples: Sample[]) => samples.reduce((sum, s) => sum + s.length, 0);
  return {
    truthLength: total(truthSamples),
    truthCovered: covered(truthSamples, predictedSamples, tolerance),
    predictedLength: total(predictedSamples),
    predictedCovered: covered(predictedSamples, truthSamples, tolerance),
  };
}
