import { describe, expect, it } from '@jest/globals';
import { bestOverlap, intersectionOverUnion } from './box-overlap';

const box = (x: number, y: number, width = 10, height = 10) => ({ x, y, width, height });

describe('intersectionOverUnion', () => {
  it('is 1 for the same box, 0 for boxes that only touch or are apart', () => {
    expect(intersectionOverUnion(box(0, 0), box(0, 0))).toBe(1);
    expect(intersectionOverUnion(box(0, 0), box(10, 0))).toBe(0);
    expect(intersectionOverUnion(box(0, 0), box(50, 50))).toBe(0);
  });

  it('divides the shared area by the joint area', () => {
    // 5x10 shared, 100 + 100 - 50 joint.
    expect(intersectionOverUnion(box(0, 0), box(5, 0))).toBeCloseTo(50 / 150);
    // A box inside a four times larger one.
    expect(intersectionOverUnion(box(0, 0, 20, 20), box(5, 5))).toBeCloseTo(100 / 400);
  });
});

describe('bestOverlap', () => {
  it('picks the candidate that overlaps most, from an IoU of 0.5 up', () => {
    const candidates = [
      { id: 'far', box: box(100, 0) },
      { id: 'near', box: box(1, 0) },
      { id: 'nearer', box: box(0, 1, 10, 9) },
    ];
    expect(bestOverlap(box(0, 0), candidates)?.id).toBe('nearer');
    // IoU of box(0,0) and box(3,0): 70 / 130 ≈ 0.54; with box(4,0): 60 / 140 ≈ 0.43.
    expect(bestOverlap(box(0, 0), [{ id: 'x', box: box(3, 0) }])?.id).toBe('x');
    expect(bestOverlap(box(0, 0), [{ id: 'x', box: box(4, 0) }])).toBeUndefined();
    expect(bestOverlap(box(0, 0), [])).toBeUndefined();
  });
});
