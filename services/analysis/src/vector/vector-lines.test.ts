import type { PdfPath } from '@pid/platform/imaging';
import { describe, expect, it } from '@jest/globals';
import { vectorSegments } from './vector-lines';

type Point = [number, number];
const identity = (point: Point) => point;
const OPTIONS = { minLength: 50, maxThickness: 8, minDash: 4, maxGap: 8 };

const polyline = (points: Point[], closed = false): PdfPath => ({
  subpaths: [{ points, closed }],
  stroked: true,
  filled: false,
  lineWidth: 4,
  dashed: false,
});

describe('vectorSegments', () => {
  it('keeps every leg of a pipe drawn as one polyline, a bend down to its nozzle shorter than a line included', () => {
    const segments = vectorSegments(
      [
        polyline([
          [100, 100],
          [300, 100],
          [300, 130],
        ]),
      ],
      identity,
      1,
      OPTIONS,
    );
    expect(segments).toHaveLength(2);
    expect(segments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orientation: 'horizontal', start: 100, end: 300 }),
        expect.objectContaining({ orientation: 'vertical', start: 100, end: 130 }),
      ]),
    );
  });

  it('leaves short strokes of small outlines to the pixels', () => {
    const square: Point[] = [
      [100, 100],
      [130, 100],
      [130, 130],
      [100, 130],
    ];
    const openStrokes: Point[] = [
      [200, 100],
      [230, 100],
      [230, 120],
    ];
    expect(vectorSegments([polyline(square, true), polyline(openStrokes)], identity, 1, OPTIONS)).toEqual([]);
  });
});
