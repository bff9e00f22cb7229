import { describe, expect, it } from '@jest/globals';
import { lineSegment } from '../testing/segments';
import { touchingPairs } from './touching-symbols';

const UNIT = 3;
// A pipe along y 100 from x 0 to the first valve (x 100..130), a second valve against it (x 131..160), and the
// pipe on from x 161.
const first = { x0: 100, y0: 88, x1: 130, y1: 112 };
const second = { x0: 131, y0: 90, x1: 160, y1: 110 };
const pipeIn = lineSegment('horizontal', 100, 0, 99);
const pipeOut = lineSegment('horizontal', 100, 161, 300);

describe('touchingPairs', () => {
  it('connects two valves drawn port on port on a pipe, with the step between their facing sides', () => {
    expect(touchingPairs([first, second], [pipeIn, pipeOut], UNIT)).toEqual([
      { a: 0, b: 1, link: { orientation: 'horizontal', start: [130, 100], end: [131, 100] } },
    ]);
  });

  it('connects them when the pipe is found running through both, and when the boxes overlap a little', () => {
    const overlapping = { ...second, x0: 124 };
    expect(touchingPairs([first, overlapping], [lineSegment('horizontal', 100, 0, 300)], UNIT).map(({ a, b }) => [a, b])).toEqual([[0, 1]]);
  });

  it('connects symbols stacked on a heavy drawing, whose found boxes take in more than half of each other', () => {
    const stacked = { ...second, x0: 112 }; // 18 px over the first box, more than half of its 31
    expect(touchingPairs([first, stacked], [pipeIn, pipeOut], UNIT).map(({ a, b }) => [a, b])).toEqual([[0, 1]]);
  });

  it('connects nothing without a pipe along their axis, or with a gap wider than a stroke reach', () => {
    expect(touchingPairs([first, second], [lineSegment('vertical', 50, 0, 300)], UNIT)).toEqual([]);
    const apart = { ...second, x0: 145, x1: 175 };
    expect(touchingPairs([first, apart], [pipeIn], UNIT)).toEqual([]);
  });

  it('connects nothing beside a valve that the pipe axis does not run through (a bubble above the pipe)', () => {
    const bubble = { x0: 131, y0: 40, x1: 160, y1: 95 };
    expect(touchingPairs([first, bubble], [pipeIn, pipeOut], UNIT)).toEqual([]);
  });

  it('connects nothing where one box lies mostly over the other (two readings of one symbol)', () => {
    const twin = { ...second, x0: 105, x1: 135 };
    expect(touchingPairs([first, twin], [pipeIn, pipeOut], UNIT)).toEqual([]);
  });
});
