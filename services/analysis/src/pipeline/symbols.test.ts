import { describe, expect, it } from 'vitest';
import { connectedComponents } from './components';
import type { Segment } from './lines';
import { findSymbols } from './symbols';

const W = 200;
const H = 300;

describe('findSymbols', () => {
  it("keeps a filled valve's two cones one symbol where its pipe was found in pieces through the waist", () => {
    // Cones 30 px wide, 18 tall, tips 8 px apart after the pipe's removal (y 108..125 and 134..151). The pipe
    // was found as its two edges above the waist and whole below it, the pieces two pixels apart.
    const ink = new Uint8Array(W * H);
    const cone = (top: number, pointingDown: boolean) => {
      for (let row = 0; row < 18; row++) {
        const half = Math.round(15 * (pointingDown ? 1 - row / 18 : (row + 1) / 18));
        for (let x = 100 - half; x <= 100 + half; x++) ink[(top + row) * W + x] = 1;
      }
    };
    cone(108, true);
    cone(134, false);
    const vertical = (start: number, end: number, lo: number, hi: number): Segment => ({
      orientation: 'vertical',
      start,
      end,
      lo,
      hi,
      dashed: false,
    });
    const segments = [vertical(10, 128, 97, 97), vertical(10, 128, 102, 102), vertical(131, 290, 97, 102)];
    const { symbols } = findSymbols(connectedComponents(ink, W, H), segments, W, H, 3, ink);
    expect(symbols.map((s) => [s.y0, s.y1])).toEqual([[108, 151]]);
  });
});
