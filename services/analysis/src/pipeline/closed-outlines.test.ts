import { describe, expect, it } from '@jest/globals';
import { inkWith } from '../testing/ink';
import { closedOutline } from './closed-outlines';

const W = 200;
const H = 200;

/** The four sides, 2 px thick, of the rectangle x0..x1, y0..y1. */
const frame = (x0: number, y0: number, x1: number, y1: number): Array<[number, number, number, number]> => [
  [x0, y0, x1, y0 + 1],
  [x0, y1 - 1, x1, y1],
  [x0, y0, x0 + 1, y1],
  [x1 - 1, y0, x1, y1],
];

describe('closedOutline', () => {
  it('gives the box of a stepped casing closed by its outline, from a candidate that holds only part of it', () => {
    // A casing x 40..159, y 60..139 with a step cut out of its top-left corner, drawn as 2 px lines.
    const ink = inkWith(
      W,
      H,
      [80, 60, 159, 61], // top of the tall part
      [40, 100, 81, 101], // top of the step
      [80, 60, 81, 101], // riser of the step
      [40, 100, 41, 139], // left side
      [158, 60, 159, 139], // right side
      [40, 138, 159, 139], // bottom
    );
    const candidate = { x0: 40, y0: 60, x1: 140, y1: 139 };
    expect(closedOutline(candidate, ink, 2, 0.3)).toEqual({ x0: 40, y0: 60, x1: 159, y1: 139 });
  });

  it('gives nothing for an open shape: a bracket the fill escapes through', () => {
    const [top, bottom, left] = frame(40, 60, 159, 139);
    expect(closedOutline({ x0: 40, y0: 60, x1: 159, y1: 139 }, inkWith(W, H, top, bottom, left), 2, 0.3)).toBeUndefined();
  });

  it("gives nothing where the closed paper is a small part of the candidate (a letter's bowl, a valve's triangle)", () => {
    // A small closed square in the middle of a big candidate.
    const ink = inkWith(W, H, ...frame(90, 90, 109, 109));
    expect(closedOutline({ x0: 20, y0: 20, x1: 179, y1: 179 }, ink, 2, 0.3)).toBeUndefined();
  });
});
