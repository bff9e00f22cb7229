import { describe, expect, it } from '@jest/globals';
import type { InkImage } from '../pipeline/components';
import type { DetectedSymbol } from '../pipeline/symbols';
import { inkWith } from '../testing/ink';
import { lean, withoutSlantedMarks } from './slanted-marks';

const UNIT = 2;

const flange = (x0: number, y0: number, x1: number, y1: number): DetectedSymbol => ({
  x0,
  y0,
  x1,
  y1,
  elementType: 'fitting',
  description: 'flange',
  confidence: 0.5,
});

/** Inks a stroke of `width` pixels from (x0, y0) to (x1, y1). */
function stroke(ink: InkImage, [x0, y0]: [number, number], [x1, y1]: [number, number], width = 2) {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
  for (let i = 0; i <= steps; i++) {
    const [x, y] = [Math.round(x0 + ((x1 - x0) * i) / steps), Math.round(y0 + ((y1 - y0) * i) / steps)];
    for (let d = 0; d < width; d++) ink.mask[y * ink.width + x + d] = 1;
  }
}

describe('withoutSlantedMarks', () => {
  // A vertical line at x 50..51, y 0..99.
  const page = () => inkWith(100, 100, [50, 0, 51, 99]);

  it("drops a flange boxing a signal line's slashes and keeps one square to its line", () => {
    const ink = page();
    // A square flange bar across the line at y 20..21, and two slashes lower down rising to the right.
    for (const y of [20, 21]) ink.mask.fill(1, y * 100 + 42, y * 100 + 60);
    stroke(ink, [42, 66], [56, 58]);
    stroke(ink, [46, 72], [60, 64]);
    const square = flange(42, 19, 59, 22);
    const slashes = flange(42, 58, 61, 72);
    expect(lean(square, ink, UNIT)).toBeCloseTo(0, 1);
    expect(lean(slashes, ink, UNIT)).toBeLessThan(-0.3);
    const valve = { ...flange(40, 80, 62, 95), elementType: 'valve' as const, description: 'gate valve' };
    expect(withoutSlantedMarks([square, slashes, valve], ink, UNIT)).toEqual([square, valve]);
  });

  it('reads a flange on a horizontal line the same way, and one with ink on a single side as square', () => {
    const ink = inkWith(100, 100, [0, 50, 99, 51]);
    stroke(ink, [40, 60], [46, 42]);
    expect(Math.abs(lean(flange(38, 42, 48, 60), ink, UNIT))).toBeGreaterThan(0.3);
    const blind = inkWith(100, 100, [0, 50, 60, 51], [60, 40, 62, 60]);
    expect(lean(flange(58, 40, 63, 60), blind, UNIT)).toBe(0);
  });

  it('reads a joint of two bars on a line thicker than a stroke as square', () => {
    // A horizontal pipe 6 px thick (y 47..52) through two bars (x 40..42 and 47..49, y 34..66).
    const joint = inkWith(100, 100, [0, 47, 99, 52], [40, 34, 42, 66], [47, 34, 49, 66]);
    expect(lean(flange(40, 34, 49, 66), joint, UNIT)).toBeCloseTo(0, 1);
  });
});
