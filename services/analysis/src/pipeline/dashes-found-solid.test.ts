import { describe, expect, it } from '@jest/globals';
import { traceConnections } from './connections';
import { lineSegment } from '../testing/segments';
import { pairs } from '../testing/connection-pairs';

// A process pipe along y 140 between two pumps; a signal line down x 150 from a controller (above) to a transmitter
// (below) crosses it. Its last dash, from the pipe to the transmitter, is found also as a solid stroke.
const [left, right] = [
  { x0: 0, y0: 120, x1: 19, y1: 160 },
  { x0: 301, y0: 120, x1: 320, y1: 160 },
];
const [controller, transmitter] = [
  { x0: 135, y0: 0, x1: 165, y1: 30 },
  { x0: 135, y0: 180, x1: 165, y1: 210 },
];
const pipe = lineSegment('horizontal', 140, 20, 300);
const signal = { ...lineSegment('vertical', 150, 31, 179), dashed: true };
const lastDash = lineSegment('vertical', 150, 141, 179);

describe('markDashesFoundSolid (in traceConnections)', () => {
  it('takes a solid stroke along a signal line, ending at its bubble, for a dash of it: the bubble is not joined to the pipe', () => {
    const symbols = [left, right, controller, transmitter];
    expect(pairs(traceConnections([pipe, signal, lastDash], symbols, [], 3))).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('keeps the stroke solid where the dashed piece ends in the open (perhaps a pipe misread as dashed)', () => {
    // No controller drawn at the dashed piece's top: it ends in the open.
    expect(pairs(traceConnections([pipe, signal, lastDash], [left, right, transmitter], [], 3))).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('keeps a stroke longer than a dash solid', () => {
    // Stroke unit 2: a dash is at most 30 px; the solid stroke here runs 38 px, from the pipe to the transmitter.
    const symbols = [left, right, controller, transmitter];
    expect(pairs(traceConnections([pipe, signal, lastDash], symbols, [], 2))).toEqual([
      [0, 1],
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
  });
});
