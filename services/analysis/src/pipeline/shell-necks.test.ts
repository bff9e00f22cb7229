import { describe, expect, it } from '@jest/globals';
import { inkWith as inkOf } from '../testing/ink';
import { cutAtNecks } from './shell-necks';
import type { Shell } from './shells';

const W = 260;
const H = 360;

const inkWith = (...boxes: Array<[number, number, number, number]>) => inkOf(W, H, ...boxes);

// A vertical vessel, sides x 100 and 160 from y 60 to 240 (found as lines, gone from the ink), heads above and
// below; under the bottom head a stub x 129..131 down to a reducer x 115..145, y 301..330, all one blob of ink.
const heads: Array<[number, number, number, number]> = [
  [100, 40, 160, 59],
  [100, 241, 160, 258],
];
const shellOver = (y1: number): Shell => ({
  box: { x0: 99, y0: 40, x1: 161, y1 },
  connector: false,
  heads: [0, 1],
  outline: [],
  sides: { orientation: 'vertical', start: 60, end: 240 },
});

describe('cutAtNecks', () => {
  it('ends the shell at the stub below its head and gives what hangs on the stub as a candidate', () => {
    const ink = inkWith(...heads, [129, 259, 131, 300], [115, 301, 145, 330]);
    expect(cutAtNecks(shellOver(330), ink, 2)).toEqual({
      box: { x0: 99, y0: 40, x1: 161, y1: 258 },
      beyond: [{ x0: 115, y0: 301, x1: 145, y1: 330 }],
    });
  });

  it('does not take the two walls of a hollow head, close to its apex, for the stub', () => {
    // A conical bottom head, its walls 2 px thick meeting at (130, 271), then the stub and the reducer.
    const walls: Array<[number, number, number, number]> = [];
    for (let y = 241; y <= 271; y++) walls.push([100 + (y - 241), y, 101 + (y - 241), y], [159 - (y - 241), y, 160 - (y - 241), y]);
    const ink = inkWith(heads[0], ...walls, [129, 272, 131, 300], [115, 301, 145, 330]);
    const { box, beyond } = cutAtNecks(shellOver(330), ink, 2);
    expect(beyond).toEqual([{ x0: 115, y0: 301, x1: 145, y1: 330 }]);
    expect(box.y1).toBeGreaterThanOrEqual(265);
    expect(box.y1).toBeLessThanOrEqual(272);
  });

  it('leaves a shell whose heads are no deeper than it is wide, or whose head only narrows, as it is', () => {
    // A stub and a small mark close under the head: within the shell's width of its side.
    const near = inkWith(...heads, [129, 259, 131, 270], [120, 271, 140, 290]);
    expect(cutAtNecks(shellOver(290), near, 2)).toEqual({ box: shellOver(290).box, beyond: [] });
    // A long outlet pipe with nothing at its end.
    const outlet = inkWith(...heads, [129, 259, 131, 330]);
    expect(cutAtNecks(shellOver(330), outlet, 2)).toEqual({ box: shellOver(330).box, beyond: [] });
  });
});
