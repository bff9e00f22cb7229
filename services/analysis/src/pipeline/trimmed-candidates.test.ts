import { describe, expect, it } from '@jest/globals';
import { inkWith as inkOf } from '../testing/ink';
import { cutInTwo, inkBox, inkIn, pieceBoxes, trimmedBoxes, unmarkedBoxes } from './trimmed-candidates';

const W = 100;
const H = 100;

const inkWith = (...boxes: Array<[number, number, number, number]>) => inkOf(W, H, ...boxes);

describe('trimmedBoxes', () => {
  it('gives the symbol nearly alone, shrunk to its ink, among the cuts of a candidate with a label stuck below', () => {
    // A symbol x 20..59, y 20..49, and a label x 25..54, y 50..61 touching it from below: one candidate.
    const ink = inkWith([20, 20, 59, 49], [25, 50, 54, 61]);
    const candidate = { x0: 20, y0: 20, x1: 59, y1: 61 };
    const cuts = trimmedBoxes(candidate, ink, 8);
    // A cut without the label, holding nine tenths of the symbol's rows at least.
    expect(cuts.some((c) => c.x0 === 20 && c.x1 === 59 && c.y0 === 20 && c.y1 <= 49 && c.y1 >= 46)).toBe(true);
    // Every cut is tight on its ink and lies inside the candidate; none twice.
    for (const cut of cuts) expect(inkBox(cut, ink)).toEqual(cut);
    expect(new Set(cuts.map((c) => JSON.stringify(c))).size).toBe(cuts.length);
  });

  it('leaves out cuts with no ink or smaller than the least symbol', () => {
    // Ink only in the candidate's top-left corner: cutting off the top or the left leaves nothing.
    const ink = inkWith([10, 10, 14, 14]);
    expect(trimmedBoxes({ x0: 10, y0: 10, x1: 59, y1: 59 }, ink, 8)).toEqual([]);
    expect(inkBox({ x0: 30, y0: 30, x1: 50, y1: 50 }, ink)).toBeUndefined();
  });
});

describe('inkIn', () => {
  it('counts the ink pixels inside a box, its edges included', () => {
    // Two blocks: 10 × 10 and 5 × 4 pixels.
    const ink = inkWith([10, 10, 19, 19], [40, 40, 44, 43]);
    expect(inkIn({ x0: 0, y0: 0, x1: 99, y1: 99 }, ink)).toBe(120);
    expect(inkIn({ x0: 10, y0: 10, x1: 19, y1: 14 }, ink)).toBe(50);
    expect(inkIn({ x0: 20, y0: 20, x1: 39, y1: 39 }, ink)).toBe(0);
  });
});

describe('pieceBoxes', () => {
  it('gives each piece of ink in a candidate alone: a valve beside a tall bar whose box overlaps its own', () => {
    // A bar x 20..23, y 5..60 and a valve x 26..70, y 40..60: their boxes overlap, one candidate x 20..70, y 5..60.
    const ink = inkWith([20, 5, 23, 60], [26, 40, 70, 60], [30, 70, 31, 71]);
    expect(pieceBoxes({ x0: 20, y0: 5, x1: 70, y1: 72 }, ink, 8)).toEqual([
      { x0: 20, y0: 5, x1: 23, y1: 60 },
      { x0: 26, y0: 40, x1: 70, y1: 60 },
    ]);
    // A candidate of one piece has no piece smaller than itself.
    expect(pieceBoxes({ x0: 26, y0: 40, x1: 70, y1: 60 }, ink, 8)).toEqual([]);
  });
});

describe('unmarkedBoxes', () => {
  // A valve x 40..69, y 20..79 (1800 px of ink) and a letter beside it x 26..35, y 40..59 (200 px): one candidate.
  const ink = inkWith([40, 20, 69, 79], [26, 40, 35, 59]);
  const candidate = { x0: 26, y0: 20, x1: 69, y1: 79 };
  const valve = { x0: 40, y0: 20, x1: 69, y1: 79 };

  it('gives the candidate without a loose mark no line reaches', () => {
    // The pipe runs down into the valve's top.
    const pipe = { x0: 54, y0: 0, x1: 55, y1: 19 };
    expect(unmarkedBoxes(candidate, ink, 8, [pipe], 2)).toEqual([valve]);
  });

  it('keeps what a line reaches: the mark is a junction dot the symbol hangs from', () => {
    // A header runs across through the "letter".
    const header = { x0: 0, y0: 49, x1: 30, y1: 50 };
    expect(unmarkedBoxes(candidate, ink, 8, [header], 2)).toEqual([]);
  });

  it('keeps an actuator on its stem: a line joins it to the body', () => {
    // A valve body x 40..69, y 40..79 and its actuator x 45..64, y 20..29 above, the stem between them a line.
    const valveWithActuator = inkWith([40, 40, 69, 79], [45, 20, 64, 29]);
    const stemLine = { x0: 54, y0: 30, x1: 55, y1: 39 };
    expect(unmarkedBoxes({ x0: 40, y0: 20, x1: 69, y1: 79 }, valveWithActuator, 8, [stemLine], 2)).toEqual([]);
  });

  it('leaves no piece where the ink is shared more evenly (two halves of one symbol)', () => {
    const halves = inkWith([20, 20, 49, 79], [56, 20, 85, 79]);
    expect(unmarkedBoxes({ x0: 20, y0: 20, x1: 85, y1: 79 }, halves, 8, [], 2)).toEqual([]);
  });
});

describe('cutInTwo', () => {
  it('cuts a candidate of two symbols side by side across its longer axis into the two, each shrunk to its ink', () => {
    // A valve x 10..49 and a blind flange x 56..65, y 20..49, one candidate x 10..65.
    const ink = inkWith([10, 20, 49, 49], [56, 20, 65, 49]);
    const pairs = cutInTwo({ x0: 10, y0: 20, x1: 65, y1: 49 }, ink, 8);
    expect(pairs).toContainEqual([
      { x0: 10, y0: 20, x1: 49, y1: 49 },
      { x0: 56, y0: 20, x1: 65, y1: 49 },
    ]);
    // Turned upright, it is cut across its height.
    const upright = inkWith([20, 10, 49, 49], [20, 56, 49, 65]);
    expect(cutInTwo({ x0: 20, y0: 10, x1: 49, y1: 65 }, upright, 8)).toContainEqual([
      { x0: 20, y0: 10, x1: 49, y1: 49 },
      { x0: 20, y0: 56, x1: 49, y1: 65 },
    ]);
  });

  it('gives no pair where a part would hold no ink', () => {
    // Ink only in the left quarter of the candidate.
    const ink = inkWith([10, 20, 25, 49]);
    expect(cutInTwo({ x0: 10, y0: 20, x1: 80, y1: 49 }, ink, 8)).toEqual([]);
  });
});
