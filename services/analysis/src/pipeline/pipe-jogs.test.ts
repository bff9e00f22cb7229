import { describe, expect, it } from '@jest/globals';
import type { Box, InkImage } from './components';
import type { Segment } from './lines';
import { inkWith } from '../testing/ink';
import { strokeSegment } from '../testing/segments';
import { pipeJogs } from './pipe-jogs';
import { traceConnections } from './connections';

/** A 300 x 120 page of paper with the given ink rectangles (inclusive). */
const page = (...rects: Box[]): InkImage =>
  inkWith(300, 120, ...rects.map(({ x0, y0, x1, y1 }): [number, number, number, number] => [x0, y0, x1, y1]));

const run = (start: number, end: number, lo: number): Segment => strokeSegment('horizontal', start, end, lo, lo + 2);
const inkOf = (segment: Segment): Box => ({ x0: segment.start, y0: segment.lo, x1: segment.end, y1: segment.hi });

/** A pipe from x 10 to 150 at y 40, jogging down 36 px at x 148-150 and going on at y 76 to x 290. */
const upper = run(10, 150, 40);
const lower = run(148, 290, 76);
const leg: Box = { x0: 148, y0: 40, x1: 150, y1: 78 };
const valve: Box = { x0: 0, y0: 30, x1: 9, y1: 52 };
const pump: Box = { x0: 291, y0: 66, x1: 299, y1: 88 };
const UNIT = 2;
const SHORTEST_LINE = 60;

describe("a pipe's short jog aside", () => {
  it('is a leg between the two runs, and the tracer follows the pipe through it', () => {
    const ink = page(inkOf(upper), inkOf(lower), leg);
    const legs = pipeJogs([upper, lower], ink, UNIT, SHORTEST_LINE, [valve, pump], []);
    expect(legs).toEqual([{ orientation: 'vertical', start: 41, end: 77, lo: 148, hi: 150, dashed: false }]);
    const traced = traceConnections([upper, lower, ...legs], [valve, pump], [], UNIT);
    expect(traced.map(({ source, target }) => [source, target])).toEqual([[0, 1]]);
    // Without it, the two runs stop in the open.
    expect(traceConnections([upper, lower], [valve, pump], [], UNIT)).toEqual([]);
  });

  it('is no leg where the stroke is missing, broken like dashes, beside other ink, or on text or a symbol', () => {
    expect(pipeJogs([upper, lower], page(inkOf(upper), inkOf(lower)), UNIT, SHORTEST_LINE, [], [])).toEqual([]);
    const dashes = page(inkOf(upper), inkOf(lower), { ...leg, y1: 50 }, { ...leg, y0: 60, y1: 66 });
    expect(pipeJogs([upper, lower], dashes, UNIT, SHORTEST_LINE, [], [])).toEqual([]);
    const blot = page(inkOf(upper), inkOf(lower), leg, { x0: 140, y0: 50, x1: 145, y1: 66 });
    expect(pipeJogs([upper, lower], blot, UNIT, SHORTEST_LINE, [], [])).toEqual([]);
    const ink = page(inkOf(upper), inkOf(lower), leg);
    expect(pipeJogs([upper, lower], ink, UNIT, SHORTEST_LINE, [], [{ x0: 140, y0: 50, x1: 170, y1: 60 }])).toEqual([]);
    expect(pipeJogs([upper, lower], ink, UNIT, SHORTEST_LINE, [{ x0: 145, y0: 45, x1: 155, y1: 70 }], [])).toEqual([]);
  });

  it("is a branch's last leg onto a pipe running on past it both ways: the tracer joins the branch there", () => {
    // The pipe along y 76 runs from a drain at x 40 to the pump; the branch along y 40 ends above it at x 150.
    const main = run(50, 290, 76);
    const drain: Box = { x0: 40, y0: 70, x1: 49, y1: 84 };
    const ink = page(inkOf(upper), inkOf(main), leg);
    const legs = pipeJogs([upper, main], ink, UNIT, SHORTEST_LINE, [valve, pump, drain], []);
    expect(legs).toEqual([{ orientation: 'vertical', start: 41, end: 77, lo: 148, hi: 150, dashed: false }]);
    const pairs = (segments: Segment[]) =>
      traceConnections(segments, [valve, pump, drain], [], UNIT)
        .map(({ source, target }) => [source, target].sort().join('-'))
        .sort();
    expect(pairs([upper, main, ...legs])).toEqual(['0-1', '0-2', '1-2']);
    expect(pairs([upper, main])).toEqual(['1-2']);
    // A line found down the leg's column that goes on across the pipe crosses it there: no tee.
    const down = strokeSegment('vertical', 40, 110, 148, 150);
    const crossed = page(inkOf(upper), inkOf(main), { x0: 148, y0: 40, x1: 150, y1: 110 });
    expect(pipeJogs([upper, main, down], crossed, UNIT, SHORTEST_LINE, [], [])).toEqual([]);
    // So does a signal line's dash chain found down it: a long dash across the pipe is no branch's leg.
    expect(pipeJogs([upper, main, { ...down, dashed: true }], crossed, UNIT, SHORTEST_LINE, [], [])).toEqual([]);
  });

  it("is the leg where the line found down it is the leg's own stroke, taken for a lone dash", () => {
    const main = run(50, 290, 76);
    const ink = page(inkOf(upper), inkOf(main), leg);
    const ownDash = { ...strokeSegment('vertical', 40, 78, 148, 150), dashed: true };
    expect(pipeJogs([upper, main, ownDash], ink, UNIT, SHORTEST_LINE, [], [])).toEqual([
      { orientation: 'vertical', start: 41, end: 77, lo: 148, hi: 150, dashed: false },
    ]);
  });

  it('is no jog where both runs end on one side (an outline), or where a run is shorter than a line', () => {
    const back = run(60, 150, 76);
    expect(pipeJogs([upper, back], page(inkOf(upper), inkOf(back), leg), UNIT, SHORTEST_LINE, [], [])).toEqual([]);
    const stub = run(148, 190, 76);
    expect(pipeJogs([upper, stub], page(inkOf(upper), inkOf(stub), leg), UNIT, SHORTEST_LINE, [], [])).toEqual([]);
  });
});
