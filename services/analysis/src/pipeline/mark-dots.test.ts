import { describe, expect, it } from '@jest/globals';
import type { Box } from './components';
import { withoutMarkDots } from './mark-dots';
import { lineSegment } from '../testing/segments';

/** A dot 11 px across centred on (x, y). */
const dot = (x: number, y: number): Box => ({ x0: x - 5, y0: y - 5, x1: x + 5, y1: y + 5 });
const unit = 3;

describe('withoutMarkDots', () => {
  const signal = lineSegment('horizontal', 100, 0, 400);

  it('takes a line’s evenly spaced bare blobs, and one on their pitch where a line crosses, for marks', () => {
    const crossing = lineSegment('vertical', 148, 0, 300);
    const dots = [dot(40, 100), dot(76, 100), dot(112, 100), dot(148, 100)];
    expect(withoutMarkDots(dots, [signal, crossing], unit)).toEqual([]);
  });

  it('keeps a dot where a line crosses off the marks’ pitch: a junction on a marked line', () => {
    const branch = lineSegment('vertical', 130, 100, 300);
    const junction = dot(130, 100);
    expect(withoutMarkDots([dot(40, 100), dot(76, 100), junction], [signal, branch], unit)).toEqual([junction]);
  });

  it('keeps junction dots on a line with too few bare blobs to set a pitch', () => {
    const branches = [lineSegment('vertical', 130, 100, 300), lineSegment('vertical', 166, 100, 300)];
    const dots = [dot(40, 100), dot(130, 100), dot(166, 100)];
    expect(withoutMarkDots(dots, [signal, ...branches], unit)).toEqual(dots);
  });

  it('keeps the dots of tees evenly spaced along a header: another line meets each', () => {
    const branches = [40, 76, 112].map((x) => lineSegment('vertical', x, 100, 300));
    const dots = [dot(40, 100), dot(76, 100), dot(112, 100)];
    expect(withoutMarkDots(dots, [signal, ...branches], unit)).toEqual(dots);
  });
});
