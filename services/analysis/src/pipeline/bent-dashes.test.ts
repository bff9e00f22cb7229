import { describe, expect, it } from '@jest/globals';
import { connectedComponents, type InkImage } from './components';
import { findDashChains } from './dash-chains';
import { inkWith } from '../testing/ink';
import type { Segment } from './lines';

const W = 300;
const H = 300;

/** Draws a dashed polyline, 3 px thick, the dash pattern running on round its corners as a plotter draws it. */
function dashedPath(ink: InkImage, points: Array<[number, number]>, dash = 14, gap = 9): void {
  let phase = 0;
  for (let i = 1; i < points.length; i++) {
    const [[x0, y0], [x1, y1]] = [points[i - 1], points[i]];
    const steps = Math.abs(x1 - x0) + Math.abs(y1 - y0);
    for (let s = 0; s < steps; s++, phase = (phase + 1) % (dash + gap)) {
      if (phase >= dash) continue;
      const [x, y] = [x0 + Math.sign(x1 - x0) * s, y0 + Math.sign(y1 - y0) * s];
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) ink.mask[(y + dy) * W + x + dx] = 1;
    }
  }
}

describe('dashed lines round corners', () => {
  it.each([
    ['in gaps', 96, 140],
    ['inside dashes (L-shaped dashes)', 80, 145],
  ])('finds a signal line whose legs are too short for a straight run, its corners %s', (_, cornerX, lastY) => {
    const ink = inkWith(W, H);
    // Right, down 40-45 px, right 46: no leg holds three dashes.
    const path: Array<[number, number]> = [
      [50, 100],
      [cornerX, 100],
      [cornerX, lastY],
      [cornerX + 46, lastY],
    ];
    dashedPath(ink, path);
    const components = connectedComponents(ink.mask, W, H);
    const { segments, dashes } = findDashChains(components, 2, ink);
    const [first, last] = segments.filter((s) => s.orientation === 'horizontal').sort((a, b) => a.lo - b.lo);
    const down = segments.find((s) => s.orientation === 'vertical')!;
    expect(segments).toHaveLength(3);
    expect(Math.abs((first.lo + first.hi) / 2 - 100)).toBeLessThanOrEqual(1);
    expect(Math.abs((down.lo + down.hi) / 2 - cornerX)).toBeLessThanOrEqual(1);
    expect(Math.abs((last.lo + last.hi) / 2 - lastY)).toBeLessThanOrEqual(1);
    // The legs meet at the corners and reach the line's ends (a gap further).
    expect(Math.abs(first.end - cornerX)).toBeLessThanOrEqual(2);
    expect(Math.abs(down.start - 100)).toBeLessThanOrEqual(2);
    expect(Math.abs(down.end - lastY)).toBeLessThanOrEqual(2);
    expect(Math.abs(last.start - cornerX)).toBeLessThanOrEqual(2);
    expect(first.start).toBeLessThanOrEqual(50);
    expect(last.end).toBeGreaterThanOrEqual(cornerX + 46);
    expect(dashes.size).toBe(components.length);
  });

  it('finds a line of two free dashes between end dashes stuck to what they meet (cut as stubs)', () => {
    const ink = inkWith(W, H);
    // Tank side at x 40, bubble at x 124: the end dashes touch them and were cut off as stubs.
    dashedPath(ink, [
      [64, 100],
      [101, 100],
    ]);
    const stub = (start: number, end: number): Segment => ({
      orientation: 'horizontal',
      start,
      end,
      lo: 99,
      hi: 101,
      dashed: false,
      stub: true,
    });
    const stubs = [stub(41, 55), stub(109, 123)];
    const { segments, stubs: endDashes } = findDashChains(connectedComponents(ink.mask, W, H), 2, ink, stubs);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ orientation: 'horizontal', dashed: true });
    expect(segments[0].start).toBeLessThanOrEqual(41);
    expect(segments[0].end).toBeGreaterThanOrEqual(123);
    expect([...endDashes]).toEqual(stubs);
    // Without them, two dashes are no line.
    expect(findDashChains(connectedComponents(ink.mask, W, H), 2, ink).segments).toEqual([]);
  });

  it("takes a pipe's short jog between two solid ends (cut as stubs) for solid legs, not a signal line", () => {
    const ink = inkWith(W, H);
    // A pipe down x 120 to y 140, a 20 px jog left at y 141-144, down x 100 to a nozzle at y 175: the jog is the
    // only component; the pipe's end and the last leg (35 px each) were cut as stubs.
    for (let y = 141; y <= 144; y++) for (let x = 98; x <= 122; x++) ink.mask[y * W + x] = 1;
    const stub = (lo: number, start: number, end: number): Segment => ({
      orientation: 'vertical',
      start,
      end,
      lo,
      hi: lo + 3,
      dashed: false,
      stub: true,
    });
    const stubs = [stub(119, 105, 140), stub(98, 145, 175)];
    const { segments, dashes, stubs: taken } = findDashChains(connectedComponents(ink.mask, W, H), 2, ink, stubs);
    expect(segments.map((s) => [s.orientation, s.dashed])).toEqual([
      ['vertical', false],
      ['horizontal', false],
      ['vertical', false],
    ]);
    expect(dashes.size).toBe(1);
    expect([...taken]).toEqual(stubs);
  });

  it('takes no letters for a bent line (an F, an L and a 1 side by side)', () => {
    // F: stem, top bar, middle bar; L: stem and foot; 1: a stem. 15 px tall, 3 px apart.
    const ink = inkWith(
      W,
      H,
      [100, 100, 102, 114],
      [100, 100, 110, 102],
      [100, 106, 108, 108],
      [114, 100, 116, 114],
      [114, 112, 124, 114],
      [128, 100, 130, 114],
    );
    expect(findDashChains(connectedComponents(ink.mask, W, H), 2, ink).segments).toEqual([]);
  });
});
