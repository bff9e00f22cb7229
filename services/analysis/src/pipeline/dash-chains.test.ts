import { describe, expect, it } from '@jest/globals';
import type { Component } from './components';
import { findDashChains } from './dash-chains';
import type { Segment } from './lines';

const bar = (x0: number, y0: number, x1: number, y1: number): Component => ({
  x0,
  y0,
  x1,
  y1,
  area: (x1 - x0 + 1) * (y1 - y0 + 1),
  meanRadius: 0,
  radiusDeviation: 0,
});

const blank = { mask: new Uint8Array(300 * 100), width: 300, height: 100 };

describe('findDashChains', () => {
  it('finds a dashed line whose pattern is broken where it meets a symbol (the pieces past it are not dashes)', () => {
    // Four dashes 14 px long with gaps of 9, then an actuator's strokes, close together, right after the last.
    const dashes = [100, 123, 146, 169].map((x) => bar(x, 50, x + 13, 51));
    const actuator = [bar(196, 49, 202, 52), bar(205, 49, 209, 52), bar(211, 49, 211, 52)];
    const { segments, dashes: found } = findDashChains([...dashes, ...actuator], 2, blank);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ orientation: 'horizontal', dashed: true });
    expect(segments[0].start).toBe(90);
    expect(dashes.every((d) => found.has(d))).toBe(true);
    // The line may reach the actuator's first stroke, not the strokes beyond it.
    expect(segments[0].end).toBeLessThanOrEqual(212);
    expect(found.has(actuator[1]) || found.has(actuator[2])).toBe(false);
  });

  /** Bars of the given lengths in a row on y 50–51, 6 px apart. */
  const row = (lengths: number[]) => {
    let x = 20;
    return lengths.map((length) => {
      const piece = bar(x, 50, x + length - 1, 51);
      x += length + 6;
      return piece;
    });
  };

  it('finds a dash-dot line and a dash-dot-dot line, whose dashes and dots differ in length', () => {
    for (const pattern of [
      [20, 2, 20],
      [20, 2, 20, 2, 20, 2, 20],
      [20, 2, 2, 20, 2, 2, 20],
    ]) {
      const pieces = row(pattern);
      const { segments, dashes } = findDashChains(pieces, 2, blank);
      expect(segments).toHaveLength(1);
      expect(segments[0]).toMatchObject({ orientation: 'horizontal', dashed: true });
      expect(pieces.every((piece) => dashes.has(piece))).toBe(true);
    }
  });

  it('takes no dash-dot line of unlike dashes (two bars with a speck between), and one whose first dash was cut short', () => {
    expect(findDashChains(row([40, 2, 14]), 2, blank).segments).toEqual([]);
    // A dash-dot-dot line whose first dash was cut short where it met a symbol.
    expect(findDashChains(row([3, 2, 2, 20, 2, 2, 20, 2, 2, 20]), 2, blank).segments).toHaveLength(1);
  });

  it("takes a line's end dashes cut as stubs where it touches what it meets, never a stub inside a chain", () => {
    // A dash-dot-dot line from a vessel's wall to a bubble: its end dashes touch both and were cut as stubs.
    const first: Segment = { orientation: 'horizontal', start: 82, end: 89, lo: 50, hi: 51, dashed: false };
    const last: Segment = { orientation: 'horizontal', start: 113, end: 129, lo: 50, hi: 51, dashed: false };
    const dots = [bar(95, 50, 97, 51), bar(104, 50, 106, 51)];
    const found = findDashChains(dots, 2, blank, [first, last]);
    expect(found.segments).toHaveLength(1);
    expect(found.segments[0]).toMatchObject({ orientation: 'horizontal', dashed: true });
    expect(found.segments[0].start).toBeLessThanOrEqual(82);
    expect(found.segments[0].end).toBeGreaterThanOrEqual(129);
    expect([...found.stubs]).toEqual(expect.arrayContaining([first, last]));
    // Pipe pieces between symbols, with thin strokes between: a stub inside is a pipe's, no dashed line.
    const middle: Segment = { orientation: 'horizontal', start: 100, end: 113, lo: 50, hi: 51, dashed: false };
    const apart = findDashChains([bar(80, 50, 93, 51), bar(120, 50, 133, 51)], 2, blank, [middle]);
    expect(apart.segments).toEqual([]);
    expect(apart.stubs.has(middle)).toBe(false);
  });

  it('finds no line in fewer than three dashes', () => {
    expect(findDashChains([bar(100, 50, 113, 51), bar(123, 50, 136, 51)], 2, blank).segments).toEqual([]);
  });

  /** A page 300 × 100 with the given boxes inked. */
  const pageWith = (...boxes: Component[]) => {
    const page = { mask: new Uint8Array(300 * 100), width: 300, height: 100 };
    for (const b of boxes) for (let y = b.y0; y <= b.y1; y++) page.mask.fill(1, y * 300 + b.x0, y * 300 + b.x1 + 1);
    return page;
  };
  // Two dashes 16 px long, 12 apart, on y 50–51.
  const pair = [bar(100, 50, 115, 51), bar(128, 50, 143, 51)];

  it('takes two dashes for a line where it runs between two things a gap off each end (an actuator and a bubble)', () => {
    const actuator = bar(60, 40, 88, 60);
    const bubble = bar(156, 30, 200, 70);
    const { segments } = findDashChains(pair, 2, blank, [], pageWith(actuator, bubble, ...pair));
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ orientation: 'horizontal', dashed: true });
    expect(segments[0].start).toBeLessThanOrEqual(89);
    expect(segments[0].end).toBeGreaterThanOrEqual(155);
  });

  it('takes no two dashes for a line with nothing beyond one end, or with ink between them', () => {
    const actuator = bar(60, 40, 88, 60);
    expect(findDashChains(pair, 2, blank, [], pageWith(actuator, ...pair)).segments).toEqual([]);
    // A bar cut in two by the pipe crossing it: its halves' gap is inked on the page.
    const pipe = bar(120, 0, 123, 99);
    const halves = [bar(100, 50, 115, 51), bar(128, 50, 143, 51)];
    expect(findDashChains(halves, 2, blank, [], pageWith(bar(60, 40, 88, 60), bar(156, 30, 200, 70), pipe, ...halves)).segments).toEqual(
      [],
    );
  });
});
