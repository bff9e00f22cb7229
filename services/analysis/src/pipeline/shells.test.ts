import { describe, expect, it } from '@jest/globals';
import { lineSegment } from '../testing/segments';
import { findShells } from './shells';

const vertical = (x: number, start: number, end: number) => lineSegment('vertical', x, start, end);
const horizontal = (y: number, start: number, end: number, stub = false) => lineSegment('horizontal', y, start, end, stub);

describe('findShells', () => {
  // A vertical vessel: sides x 100 and x 160, a dished head on top; the bottom head's flattest row was found as a
  // line (y 257), which left its two halves apart.
  const top = { x0: 100, y0: 40, x1: 160, y1: 60 };
  const [left, right] = [
    { x0: 100, y0: 240, x1: 128, y1: 258 },
    { x0: 132, y0: 240, x1: 160, y1: 258 },
  ];
  const sides = [vertical(100, 60, 240), vertical(160, 60, 240)];

  it('finds a vessel whose head fell in two halves apart where its flat part was found as a line', () => {
    const flat = horizontal(257, 120, 140);
    const shells = findShells([top, left, right], [...sides, flat], 2);
    expect(shells.map((shell) => shell.box)).toEqual([{ x0: 99, y0: 40, x1: 161, y1: 258 }]);
    expect(shells[0].heads.sort()).toEqual([0, 1, 2]);
    expect(shells[0].outline).toContain(flat);
  });

  it('joins the halves through a flat part found in pieces end to end', () => {
    // Halves further apart: no one piece reaches both.
    const [leftHalf, rightHalf] = [
      { x0: 100, y0: 240, x1: 118, y1: 258 },
      { x0: 142, y0: 240, x1: 160, y1: 258 },
    ];
    const pieces = [horizontal(257, 119, 125), horizontal(257, 126, 134), horizontal(257, 135, 141)];
    const shells = findShells([top, leftHalf, rightHalf], [...sides, ...pieces], 2);
    expect(shells.map((shell) => shell.box)).toEqual([{ x0: 99, y0: 40, x1: 161, y1: 258 }]);
    for (const piece of pieces) expect(shells[0].outline).toContain(piece);
  });

  it('closes a tank at its flat bottom, not at the tag written just under it', () => {
    // A dome roof over sides x 100 and x 160, a flat bottom (y 240) running on past both sides, and the tag's
    // words under it, each within reach of one side's end.
    const words = [
      { x0: 90, y0: 244, x1: 130, y1: 252 },
      { x0: 150, y0: 244, x1: 162, y1: 252 },
    ];
    const bottom = horizontal(240, 92, 168);
    const shells = findShells([top, ...words], [...sides, bottom], 2);
    expect(shells.map((shell) => shell.box)).toEqual([{ x0: 99, y0: 40, x1: 161, y1: 241 }]);
    expect(shells[0].outline).toContain(bottom);
    // A stub cut between a side's top and the roof is no flat end: the roof is still the head.
    const stubs = [horizontal(61, 84, 102, true), horizontal(61, 158, 176, true)];
    expect(findShells([top, ...words], [...sides, bottom, ...stubs], 2).map((shell) => shell.heads)).toEqual([[0]]);
  });

  it("takes no group far wider than the shell for its head: symbols glued to a box's end (a valve and a hose's label)", () => {
    // A horizontal box (y 100 to y 140) with a valve touching each end; the left one glued to a label above it.
    const box = [horizontal(100, 140, 260), horizontal(140, 140, 260)];
    const valve = { x0: 258, y0: 100, x1: 300, y1: 140 };
    const labelled = { x0: 80, y0: 20, x1: 141, y1: 140 };
    expect(findShells([labelled, valve], box, 2)).toEqual([]);
    // Unglued, the two read as heads (what the span may be): a nozzle on a head keeps it within twice the shell.
    const nozzled = { ...labelled, y0: 70 };
    expect(findShells([nozzled, valve], box, 2).map((shell) => shell.box)).toEqual([{ x0: 80, y0: 70, x1: 300, y1: 141 }]);
  });

  it('takes a flat back and a point for an arrow (a connector) where it is longer than wide, not a squat tank', () => {
    const bottom = horizontal(240, 92, 168);
    expect(findShells([top], [...sides, bottom], 2).map((shell) => shell.connector)).toEqual([true]);
    const squat = [vertical(100, 60, 110), vertical(160, 60, 110)];
    expect(findShells([top], [...squat, horizontal(110, 92, 168)], 2).map((shell) => shell.connector)).toEqual([false]);
  });

  it('takes a block arrow (a flat back, a short body, a head wider than the body on both sides) for a connector', () => {
    // Body edges y 100 and 124 from x 100 to 148, the back a bar at x 98..102, the head x 148..172 across y 90..134.
    const edges = [horizontal(100, 100, 148), horizontal(124, 100, 148)];
    const back = { x0: 98, y0: 100, x1: 102, y1: 124 };
    const head = { x0: 148, y0: 90, x1: 172, y1: 134 };
    expect(findShells([back, head], edges, 2).map((shell) => shell.connector)).toEqual([true]);
    // A head off to one side (a valve ending two pipes) is no arrow's.
    const aside = { x0: 148, y0: 80, x1: 172, y1: 124 };
    expect(findShells([back, aside], edges, 2).some((shell) => shell.connector)).toBe(false);
  });

  it('keeps a head beyond a pipe entering a side near its end (the pipe does not reach across the head)', () => {
    const bottom = { x0: 100, y0: 240, x1: 160, y1: 260 };
    const pipe = horizontal(65, 20, 99);
    expect(findShells([top, bottom], [...sides, pipe], 2).map((shell) => shell.box)).toEqual([{ x0: 99, y0: 40, x1: 161, y1: 260 }]);
  });

  it('does not join two groups through a pipe cut between them, nor through one longer than they are wide', () => {
    expect(findShells([top, left, right], [...sides, horizontal(257, 120, 140, true)], 2)).toEqual([]);
    const [wideTop, far] = [
      { x0: 100, y0: 40, x1: 208, y1: 60 },
      { x0: 180, y0: 240, x1: 208, y1: 258 },
    ];
    const apart = findShells([wideTop, left, far], [vertical(100, 60, 240), vertical(208, 60, 240), horizontal(257, 120, 190)], 2);
    expect(apart).toEqual([]);
  });
});
