import { describe, expect, it } from '@jest/globals';
import { bridgeDropouts } from './dropouts';
import { lineSegment } from '../testing/segments';
import { inkWith } from '../testing/ink';

const UNIT = 3;
const W = 600;
const H = 400;
const MAX_GAP = 120;
const horizontals = (segments: ReturnType<typeof bridgeDropouts>) =>
  segments.filter((s) => s.orientation === 'horizontal').map((s) => [s.start, s.end]);

// A pipe at y 200, three pixels thick (199..201), found in two pieces: 100..249 and 330..500.
const left = lineSegment('horizontal', 200, 100, 249);
const right = lineSegment('horizontal', 200, 330, 500);

describe('bridgeDropouts', () => {
  it('joins a speckled line across bare specks and a piece too short to be found between them', () => {
    // Between the pieces: a 5-px speck, a 68-px piece of the line, another 7-px speck.
    const ink = inkWith(W, H, [100, 199, 249, 201], [255, 199, 322, 201], [330, 199, 500, 201]);
    expect(horizontals(bridgeDropouts([left, right], ink, UNIT, MAX_GAP))).toEqual([[100, 500]]);
  });

  it('leaves the pieces apart where a valve stands between them, or where a bare stretch is longer than a speck', () => {
    const valve = inkWith(W, H, [100, 199, 249, 201], [250, 188, 329, 212], [330, 199, 500, 201]);
    const gap = inkWith(W, H, [100, 199, 249, 201], [280, 199, 329, 201], [330, 199, 500, 201]);
    for (const ink of [valve, gap]) expect(horizontals(bridgeDropouts([left, right], ink, UNIT, MAX_GAP))).toHaveLength(2);
  });

  it('leaves the pieces apart where they ran into a filled valve and only its tips lie between them', () => {
    // A bowtie's filled triangles (265..279, 290..304): the pieces were found into them, up to the waist between.
    const valve = inkWith(
      W,
      H,
      [100, 199, 264, 201],
      [265, 185, 279, 215],
      [280, 199, 289, 201],
      [290, 185, 304, 215],
      [305, 199, 500, 201],
    );
    const pieces = [lineSegment('horizontal', 200, 100, 279), lineSegment('horizontal', 200, 290, 500)];
    expect(horizontals(bridgeDropouts(pieces, valve, UNIT, MAX_GAP))).toHaveLength(2);
  });

  it('joins the pieces under a label drawn touching the line on one side, not beside a branch’s leg', () => {
    // The line is broken by specks under the label (258..320 over it, its letters' feet on the line's top edge).
    const label = inkWith(W, H, [100, 199, 249, 201], [253, 199, 325, 201], [330, 199, 500, 201], [258, 180, 320, 198]);
    expect(horizontals(bridgeDropouts([left, right], label, UNIT, MAX_GAP))).toEqual([[100, 500]]);
    // A valve hung from the pipe on a stroke-wide leg stands on one side too: the pieces end at its leg.
    const leg = inkWith(W, H, [100, 199, 249, 201], [253, 199, 325, 201], [330, 199, 500, 201], [288, 170, 290, 198]);
    expect(horizontals(bridgeDropouts([left, right], leg, UNIT, MAX_GAP))).toHaveLength(2);
  });

  it('leaves the pieces apart where a pipe crosses the gap, and the frame along the sheet’s edge whole or not', () => {
    const crossing = inkWith(W, H, [100, 199, 249, 201], [250, 199, 329, 201], [289, 0, 291, 399], [330, 199, 500, 201]);
    expect(horizontals(bridgeDropouts([left, right], crossing, UNIT, MAX_GAP))).toHaveLength(2);
    const frame = [lineSegment('horizontal', 10, 100, 249), lineSegment('horizontal', 10, 255, 500)];
    const edge = inkWith(W, H, [100, 9, 500, 11]);
    expect(horizontals(bridgeDropouts(frame, edge, UNIT, MAX_GAP))).toHaveLength(2);
  });
});
