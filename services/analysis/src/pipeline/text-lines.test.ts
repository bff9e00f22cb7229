import { describe, expect, it } from '@jest/globals';
import type { Component } from './components';
import { findTextLines } from './text-lines';

/** A character-sized component: `w` wide, `h` high, half its box inked. */
const character = (x: number, y: number, w = 8, h = 12): Component => ({
  x0: x,
  y0: y,
  x1: x + w - 1,
  y1: y + h - 1,
  area: (w * h) / 2,
  meanRadius: 5,
  radiusDeviation: 2,
});

/** Characters in a row from `x`, 10 px apart. */
const word = (x: number, y: number, count: number) => Array.from({ length: count }, (_, i) => character(x + 10 * i, y));

describe('findTextLines', () => {
  it("reads a label's two letters written above a valve as a line, not as a column with the valve", () => {
    // "NC" 17 × 17 letters, 8 px above a valve body 38 × 26 (a character by its size, but twice as wide).
    const [n, c] = [character(820, 379, 17, 17), character(838, 379, 15, 17)];
    const valve: Component = { ...character(818, 403, 38, 26), area: 373 };
    const lines = findTextLines([n, c, valve], 3, 36).lines;
    expect(lines.map((l) => [l.orientation, l.members.length])).toEqual([['horizontal', 2]]);
    expect(lines[0].members).not.toContain(valve);
  });

  it('takes into a line the capitals at its ends too wide for a character, and the hyphen between (`C-052-36A`)', () => {
    // Strokes 2 px on the sheet, so characters up to 24 px across their line: this tag's letters are 37 px tall,
    // its digits 19 px wide (characters by their fill), its C and A 27 px.
    const tall = (x: number, w: number) => ({ ...character(x, 100, w, 37), area: Math.round(0.35 * w * 37) });
    const [c, a] = [tall(60, 27), tall(283, 27)];
    const hyphen = { ...character(99, 128, 14, 5), area: 70 };
    const digits = [117, 147, 176, 225, 254].map((x) => tall(x, 19));
    const lines = findTextLines([c, hyphen, ...digits, a], 2, 24).lines;
    expect(lines).toHaveLength(1);
    expect(lines[0].members).toEqual(expect.arrayContaining([c, hyphen, a]));
    expect([lines[0].x0, lines[0].x1]).toEqual([60, 309]);
  });

  it('leaves beside a line what is taller or wider than its letters (a valve by a turned tag)', () => {
    const tall = (x: number, w: number, h = 37) => ({ ...character(x, 100, w, h), area: Math.round(0.35 * w * h) });
    const digits = [117, 147, 176].map((x) => tall(x, 19));
    const [valve, wide] = [tall(80, 27, 60), tall(205, 45)];
    const lines = findTextLines([valve, ...digits, wide], 2, 24).lines;
    expect(lines).toHaveLength(1);
    expect(lines[0].members).not.toContain(valve);
    expect(lines[0].members).not.toContain(wide);
    // A capital beyond a symbol's part (a valve's half between a tag and a letter beside it) stays out too.
    const capital = tall(60, 27);
    const half = tall(95, 17, 37);
    const blocked = findTextLines([capital, { ...half, area: Math.round(0.9 * 17 * 37) }, ...digits], 2, 24).lines;
    expect(blocked.flatMap((line) => line.members)).not.toContain(capital);
  });

  it('joins the pieces of one text split where a hyphen was lost (gap a little over a character height)', () => {
    // "003" and "LS" 16 px apart: more than a letter space (the chain's limit), less than 1.5 text heights.
    const lines = findTextLines([...word(100, 50, 3), ...word(144, 50, 2)], 2, 24).lines;
    expect(lines.map((l) => [l.x0, l.x1, l.members.length])).toEqual([[100, 161, 5]]);
  });

  it('keeps texts apart that are further apart, or a row below', () => {
    const lines = findTextLines([...word(100, 50, 3), ...word(166, 50, 3), ...word(100, 66, 3)], 2, 24).lines;
    expect(lines.map((l) => [l.x0, l.y0, l.members.length]).sort((a, b) => a[1] - b[1] || a[0] - b[0])).toEqual([
      [100, 50, 3],
      [166, 50, 3],
      [100, 66, 3],
    ]);
  });

  it("joins a piece whose letters a scan broke into bits (its letters' median height small) to the rest", () => {
    // "003" whole, then 16 px further on a letter, two letters left as bits 5 px high, and a letter.
    const broken = [character(144, 50), character(154, 50, 8, 5), character(154, 57, 8, 5), character(164, 50, 8, 5), character(174, 50)];
    const lines = findTextLines([...word(100, 50, 3), ...broken], 2, 24).lines;
    expect(lines.map((l) => [l.x0, l.x1, l.members.length])).toEqual([[100, 181, 8]]);
  });

  it('joins pieces further apart when bits of characters bridge the gap, and only then', () => {
    // "006" and "6CD" 40 px apart (over three text heights): with a faint inch mark's and a hyphen's bits between
    // them one text, without them two.
    const bits = [character(138, 50, 2, 4), character(142, 50, 2, 4), character(154, 56, 6, 2)];
    const bridged = findTextLines([...word(100, 50, 3), ...bits, ...word(168, 50, 3)], 2, 24).lines;
    expect(bridged.map((l) => [l.x0, l.x1, l.members.length])).toEqual([[100, 195, 9]]);
    const apart = findTextLines([...word(100, 50, 3), ...word(168, 50, 3)], 2, 24).lines;
    expect(apart).toHaveLength(2);
  });

  it('leaves out a "letter" more than twice as tall as the rest, and what it alone held together falls apart', () => {
    // A tag, a valve's outline 30 px high right after it, then two more characters (its actuator, a dash).
    const valve = character(130, 41, 16, 30);
    const lines = findTextLines([...word(100, 50, 3), valve, ...word(149, 50, 2)], 2, 24).lines;
    expect(lines.map((l) => [l.x0, l.x1]).sort((a, b) => a[0] - b[0])).toEqual([
      [100, 127],
      [149, 166],
    ]);
  });
  it("reads a bubble's letters drawn touching (one character) between its area and loop number as a line of their own", () => {
    // `052` over `FV` (its two letters one component, 20 × 12) over `004`, 4 px between the rows.
    const stack = [...word(100, 50, 3), character(105, 66, 20, 12), ...word(100, 82, 3)];
    const lines = findTextLines(stack, 2, 24).lines;
    expect(lines.map((l) => [l.y0, l.members.length]).sort((a, b) => a[0] - b[0])).toEqual([
      [50, 3],
      [66, 1],
      [82, 3],
    ]);
  });

  it('leaves a lone character with text on one side only, or off the middle, to the symbols', () => {
    const under = [...word(100, 50, 3), character(105, 66, 20, 12)];
    const aside = [...word(100, 50, 3), character(140, 66, 20, 12), ...word(100, 82, 3)];
    expect(findTextLines(under, 2, 24).lines.map((l) => l.members.length)).toEqual([3]);
    expect(findTextLines(aside, 2, 24).lines.map((l) => l.members.length)).toEqual([3, 3]);
  });
});
