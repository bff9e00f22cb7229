import { describe, expect, it } from '@jest/globals';
import { calibrate, CONFIDENCE_BANDS } from './score-calibration';

describe('calibration', () => {
  it('puts each confidence in its band, the lower bound included, 1 in the last', () => {
    const bands = calibrate([
      { confidence: 0.2, correct: false },
      { confidence: 0.49, correct: true },
      { confidence: 0.5, correct: true },
      { confidence: 0.7, correct: false },
      { confidence: 0.89, correct: true },
      { confidence: 0.9, correct: true },
      { confidence: 1, correct: true },
    ]);
    expect(CONFIDENCE_BANDS.map((b) => b.label)).toEqual(['0–0.5', '0.5–0.7', '0.7–0.9', '0.9–1']);
    expect(bands).toEqual([
      { predicted: 2, correct: 1 },
      { predicted: 1, correct: 1 },
      { predicted: 2, correct: 1 },
      { predicted: 2, correct: 2 },
    ]);
  });
});
