import { describe, expect, it } from 'vitest';
import { traceConnections } from './connections';
import type { Segment } from './lines';

const horizontal = (start: number, end: number, y: number): Segment => ({
  orientation: 'horizontal',
  start,
  end,
  lo: y - 1,
  hi: y + 1,
  dashed: false,
});

describe('traceConnections', () => {
  it('connects a valve to its blind flange across a stub shorter than the reach, one symbol at each end', () => {
    // A pipe into the valve, then 7 px of pipe to the flange: both ends of the stub are within reach of both.
    const valve = { x0: 100, y0: 90, x1: 130, y1: 110 };
    const flange = { x0: 138, y0: 85, x1: 141, y1: 115 };
    const connections = traceConnections([horizontal(20, 99, 100), horizontal(131, 137, 100)], [valve, flange], [], 3);
    expect(connections.map((c) => [c.source, c.target].sort())).toEqual([[0, 1]]);
  });
});
