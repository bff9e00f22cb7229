import { describe, expect, it } from '@jest/globals';
import type { PixelPoint } from './ground-truth';
import { samplePolylines, scorePipes } from './score-pipes';

const truth: PixelPoint[][] = [
  [
    [0, 50],
    [100, 50],
  ],
];

describe('pipe scoring', () => {
  it('samples every pixel of a polyline and keeps its length', () => {
    const samples = samplePolylines([
      [
        [0, 0],
        [10, 0],
        [10, 5],
      ],
    ]);
    expect(samples).toHaveLength(15);
    expect(samples.reduce((sum, s) => sum + s.length, 0)).toBeCloseTo(15);
  });

  it('counts overlapping paths once', () => {
    const twice = samplePolylines([
      truth[0],
      truth[0],
      [
        [50, 50],
        [150, 50],
      ],
    ]);
    expect(twice.reduce((sum, s) => sum + s.length, 0)).toBeCloseTo(150);
  });

  it('counts a path 4 px off as found and one 6 px off as not (5 px tolerance)', () => {
    const near = scorePipes(truth, [
      [
        [0, 54],
        [100, 54],
      ],
    ]);
    expect(near.truthCovered / near.truthLength).toBeCloseTo(1);
    expect(near.predictedCovered / near.predictedLength).toBeCloseTo(1);
    const far = scorePipes(truth, [
      [
        [0, 56],
        [100, 56],
      ],
    ]);
    expect(far.truthCovered).toBe(0);
    expect(far.predictedCovered).toBe(0);
  });

  it('measures recall and precision as shares of length', () => {
    // Half the pipe found, plus 50 px of path where there is no pipe.
    const score = scorePipes(truth, [
      [
        [0, 50],
        [50, 50],
      ],
      [
        [0, 200],
        [50, 200],
      ],
    ]);
    expect(score.truthLength).toBeCloseTo(100);
    expect(score.truthCovered / score.truthLength).toBeCloseTo(0.55, 1);
    expect(score.predictedCovered / score.predictedLength).toBeCloseTo(0.5);
  });
});
