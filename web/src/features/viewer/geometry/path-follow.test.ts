import type { PathSegment } from '@pid/contracts';
import { describe, expect, it } from '@jest/globals';
import { resizeBox } from './drag';
import { followElement, normalisePath, pathPoints } from './path-follow';

const h = (x1: number, y: number, x2: number): PathSegment => ({ orientation: 'horizontal', start: [x1, y], end: [x2, y] });
const v = (x: number, y1: number, y2: number): PathSegment => ({ orientation: 'vertical', start: [x, y1], end: [x, y2] });
const orthogonal = (segments: PathSegment[]) =>
  segments.every((segment) =>
    segment.orientation === 'horizontal' ? segment.start[1] === segment.end[1] : segment.start[0] === segment.end[0],
  );

describe('connection paths that follow their elements', () => {
  const box = { x: 0, y: 0, width: 20, height: 20 };
  it('moves the source end of an L and keeps it orthogonal and joined', () => {
    const path = [h(10, 10, 100), v(100, 10, 200)];
    const moved = followElement(path, 'source', box, { ...box, x: 125, y: 30 });
    expect(moved[0].start).toEqual([135, 40]);
    expect(moved.at(-1)?.end).toEqual([100, 200]);
    expect(orthogonal(moved)).toBe(true);
    expect(pathPoints(moved)).not.toBeNull();
  });
  it('moves the target end, and bends a straight pipe into a Z', () => {
    const path = [h(10, 10, 300)];
    const target = { x: 290, y: 0, width: 20, height: 20 };
    const moved = followElement(path, 'target', target, { ...target, y: 50 });
    expect(moved[0].start).toEqual([10, 10]);
    expect(moved.at(-1)?.end).toEqual([300, 60]);
    expect(moved).toHaveLength(3);
    expect(orthogonal(moved)).toBe(true);
  });
  it('resizes from the bottom-right corner, never below 4 px', () => {
    expect(resizeBox(box, { x: 10.4, y: -30 })).toEqual({ x: 0, y: 0, width: 30, height: 4 });
  });
  it('scales the end with a resize', () => {
    const moved = followElement([h(20, 10, 100)], 'source', box, { x: 0, y: 0, width: 40, height: 20 });
    expect(moved[0].start).toEqual([40, 10]);
  });
  it('stores whole pixels without zero-length or collinear pieces', () => {
    expect(normalisePath([h(10.5, 10.5, 10.5), h(10.5, 10.5, 50.25), h(50.25, 10.5, 80), v(80, 10.5, 40.5)])).toEqual([
      h(11, 11, 80),
      v(80, 11, 41),
    ]);
  });
});
