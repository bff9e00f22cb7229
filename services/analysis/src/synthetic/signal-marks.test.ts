import { describe, expect, it } from '@jest/globals';
import type { Point } from './geometry';
import { markedLine, pieceMarks } from './signal-marks';

const UNIT = 20;
/** Signed distance of a point from the horizontal line y = 100. */
const side = ([, y]: Point) => y - 100;

describe('signal marks', () => {
  it('crosses a pneumatic line with pairs of slanted ticks, evenly along it and clear of its ends', () => {
    const line = markedLine(
      [
        [0, 100],
        [200, 100],
      ],
      'pneumatic',
      UNIT,
    );
    expect(line.lines).toEqual([
      [
        [0, 100],
        [200, 100],
      ],
    ]);
    // 200 px = 10 steps: marks every 3 steps, 1.2 steps clear of each end, so three pairs.
    expect(line.marks).toHaveLength(6);
    for (const [a, b] of line.marks) {
      expect(Math.sign(side(a))).toBe(-Math.sign(side(b)));
      expect(a[0]).not.toBeCloseTo(b[0]);
      expect(Math.min(a[0], b[0])).toBeGreaterThan(UNIT);
      expect(Math.max(a[0], b[0])).toBeLessThan(200 - UNIT);
    }
    expect(line.rings).toEqual([]);
  });

  it('crosses a capillary line with an x and leaves a run too short for a mark bare', () => {
    const line = markedLine(
      [
        [0, 100],
        [120, 100],
        [120, 130],
      ],
      'capillary',
      UNIT,
    );
    // The 120-px run holds two crosses (two strokes each); the 30-px one is shorter than its clearances.
    expect(line.marks).toHaveLength(4);
    expect(line.marks.every(([a, b]) => a[1] < 130 && b[1] < 130)).toBe(true);
  });

  it('breaks a data link at each ring, its pieces ending on the ring and no ink inside it', () => {
    const line = markedLine(
      [
        [0, 100],
        [200, 100],
      ],
      'data-link',
      UNIT,
    );
    expect(line.rings).toHaveLength(3);
    expect(line.lines).toHaveLength(4);
    const centres = line.rings.map((ring) => ring.reduce(([sx, sy], [x, y]) => [sx + x / ring.length, sy + y / ring.length], [0, 0]));
    for (const [cx] of centres) {
      for (const piece of line.lines) {
        for (let i = 1; i < piece.length; i++) {
          const [x0, x1] = [piece[i - 1][0], piece[i][0]];
          expect(cx > x0 + 1 && cx < x1 - 1).toBe(false);
        }
      }
    }
  });

  it('marks a share of pieces, the same ones each time', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `P${i}`);
    const marked = (share: number) =>
      ids.filter(
        (id) => pieceMarks({ name: 'corpus-7', signalMarks: { kind: 'pneumatic', share } }, { id, style: 'dashed' }) !== undefined,
      );
    expect(marked(0)).toEqual([]);
    expect(marked(1)).toHaveLength(400);
    expect(marked(0.5).length).toBeGreaterThan(150);
    expect(marked(0.5).length).toBeLessThan(250);
    expect(marked(0.5)).toEqual(marked(0.5));
    expect(pieceMarks({ name: 'corpus-7' }, { id: 'P1', style: 'dashed' }) !== undefined).toBe(false);
  });
});
