import { describe, expect, it } from '@jest/globals';
import { connectedComponents } from './components';
import type { Segment } from './lines';
import { findSymbols } from './symbols';
import { lineSegment, strokeSegment } from '../testing/segments';

const W = 200;
const H = 300;

describe('findSymbols', () => {
  it('finds two bubbles drawn against each other, one with a leader stuck to it, as two bubbles', () => {
    // Rings of radius 30 (3 px strokes) centred at (100, 150) and (158, 150): their strokes meet, one blob 118 px
    // wide; two letters in each; a leader from the left ring down to the left. (A page wide enough that the blob
    // with both leaders is under half of it.)
    const [w, h] = [400, 400];
    const ink = new Uint8Array(w * h);
    const rings: Array<[number, number]> = [
      [100, 150],
      [158, 150],
    ];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) if (rings.some(([cx, cy]) => Math.abs(Math.hypot(x - cx, y - cy) - 28.5) <= 1.5)) ink[y * w + x] = 1;
    for (const [cx, cy] of rings)
      for (const dx of [-9, 3]) for (let y = cy - 6; y <= cy + 6; y++) for (let x = cx + dx; x <= cx + dx + 5; x++) ink[y * w + x] = 1;
    for (let k = 0; k < 40; k++) for (let t = 0; t < 2; t++) ink[(170 + k) * w + 78 - k + t] = 1;
    const bubblesIn = (page: Uint8Array) =>
      findSymbols(connectedComponents(page, w, h), [], w, h, 2, page).symbols.filter((s) => s.elementType === 'instrument');
    const found = (bubbles: ReturnType<typeof bubblesIn>) =>
      rings.every(([cx, cy]) =>
        bubbles.some((b) => Math.abs((b.x0 + b.x1) / 2 - cx) <= 2 && Math.abs((b.y0 + b.y1) / 2 - cy) <= 2 && b.x1 - b.x0 <= 64),
      );
    expect(bubblesIn(ink)).toHaveLength(2);
    expect(found(bubblesIn(ink))).toBe(true);
    // A second leader, from the right ring up to the right: still two bubbles, not joined through the leaders.
    for (let k = 0; k < 40; k++) for (let t = 0; t < 2; t++) ink[(128 - k) * w + 178 + k + t] = 1;
    expect(bubblesIn(ink)).toHaveLength(2);
    expect(found(bubblesIn(ink))).toBe(true);
  });

  it('keeps a bubble drawn as two rings one inside the other one bubble', () => {
    const [w, h] = [200, 200];
    const ink = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) if ([28.5, 22.5].some((r) => Math.abs(Math.hypot(x - 100, y - 100) - r) <= 1.5)) ink[y * w + x] = 1;
    for (const dx of [-9, 3]) for (let y = 94; y <= 106; y++) for (let x = 100 + dx; x <= 105 + dx; x++) ink[y * w + x] = 1;
    const { symbols } = findSymbols(connectedComponents(ink, w, h), [], w, h, 2, ink);
    expect(symbols.filter((s) => s.elementType === 'instrument')).toHaveLength(1);
  });

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
    const vertical = (start: number, end: number, lo: number, hi: number) => strokeSegment('vertical', start, end, lo, hi);
    const segments = [vertical(10, 128, 97, 97), vertical(10, 128, 102, 102), vertical(131, 290, 97, 102)];
    const { symbols } = findSymbols(connectedComponents(ink, W, H), segments, W, H, 3, ink);
    expect(symbols.map((s) => [s.y0, s.y1])).toEqual([[108, 151]]);
  });

  it('keeps a valve atop its drain leg (one tall blob, its pipe off the middle) a symbol, not a column of text', () => {
    // A three-way valve x 80..119, y 60..84 (two cones), its leg down x 98..100 from its centre to a ball valve y 160..181,
    // all one component 40 × 122; a blind flange's bar 2 px below. The pipe enters the blob at y 72.
    const ink = new Uint8Array(W * H);
    const fill = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y <= y1; y++) ink.fill(1, y * W + x0, y * W + x1 + 1);
    };
    for (let col = 0; col < 20; col++) {
      const half = Math.round(12 * (1 - col / 20));
      fill(80 + col, 72 - half, 80 + col, 72 + half);
      fill(119 - col, 72 - half, 119 - col, 72 + half);
    }
    fill(98, 72, 100, 159);
    for (let row = 0; row < 11; row++) {
      const half = Math.round(14 * (1 - row / 11));
      fill(99 - half, 160 + row, 99 + half, 160 + row);
      fill(99 - half, 181 - row, 99 + half, 181 - row);
    }
    // The flange drawn as a thin box.
    fill(85, 184, 114, 185);
    fill(85, 191, 114, 192);
    fill(85, 184, 86, 192);
    fill(113, 184, 114, 192);
    const segments = [lineSegment('horizontal', 72, 0, 79), lineSegment('horizontal', 72, 120, 199)];
    const { symbols, textLines } = findSymbols(connectedComponents(ink, W, H), segments, W, H, 4, ink);
    expect(textLines).toEqual([]);
    expect(symbols.some((s) => s.x0 <= 80 && s.y0 <= 60 && s.y1 >= 181)).toBe(true);
  });

  it('takes a filled disc on a line for a junction dot, but not a flow arrow head as full of its box', () => {
    const ink = new Uint8Array(W * H);
    // A disc of radius 6 at (60, 100) and an arrow head pointing down from the line at x 134..145, y 98..108: five full
    // rows, then tapering to its tip (77 % of its box inked).
    for (let y = 94; y <= 106; y++) for (let x = 54; x <= 66; x++) if ((x - 60) ** 2 + (y - 100) ** 2 <= 42) ink[y * W + x] = 1;
    const widths = [12, 12, 12, 12, 12, 12, 10, 8, 6, 4, 2];
    widths.forEach((w, row) => ink.fill(1, (98 + row) * W + 140 - w / 2, (98 + row) * W + 140 + w / 2));
    const segments = [lineSegment('horizontal', 100, 0, 199)];
    const { dots } = findSymbols(connectedComponents(ink, W, H), segments, W, H, 3, ink);
    expect(dots.map((d) => [d.x0, d.x1])).toEqual([[54, 66]]);
  });

  it('takes no flow arrow head drawn down from a pipe it crosses for a junction dot, though its ink is balanced', () => {
    const ink = new Uint8Array(W * H);
    // The crossing pipe's band (y 99..101) kept where the head meets it, then the head below it: 11 rows, x 95..105
    // tapering to 6 wide (as a synthetic sheet draws one on a vertical pipe broken for the crossing).
    const widths = [10, 10, 10, 10, 10, 10, 9, 8, 7, 6, 6];
    widths.forEach((w, row) => ink.fill(1, (99 + row) * W + 100 - Math.floor(w / 2), (99 + row) * W + 100 + Math.ceil(w / 2) + 1));
    // A true junction dot on the same pipe, centred on it.
    for (let y = 94; y <= 106; y++) for (let x = 54; x <= 66; x++) if ((x - 60) ** 2 + (y - 100) ** 2 <= 42) ink[y * W + x] = 1;
    const segments = [lineSegment('horizontal', 100, 0, 199), lineSegment('vertical', 100, 20, 96), lineSegment('vertical', 100, 112, 190)];
    const { dots } = findSymbols(connectedComponents(ink, W, H), segments, W, H, 3, ink);
    expect(dots.map((d) => [d.x0, d.x1])).toEqual([[54, 66]]);
  });

  it('takes no crossing of heavy lines with ink bled into its corners for a junction dot, but a dot drawn there', () => {
    // Two 9-px pipes crossing at (60, 100) and at (140, 100). A scan's bleed rounds the first crossing's corners: the
    // ink left off the lines is a blob 17 px across, 4 px out of each side of either line (under half its width).
    // The second crossing carries a junction dot of radius 13 (9 px out of each side, as drawn: one line width).
    const ink = new Uint8Array(W * H);
    const disc = (cx: number, cy: number, r2: number) => {
      for (let y = cy - 14; y <= cy + 14; y++)
        for (let x = cx - 14; x <= cx + 14; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r2) ink[y * W + x] = 1;
    };
    disc(60, 100, 8.5 ** 2);
    disc(140, 100, 13.5 ** 2);
    const segments = [
      strokeSegment('horizontal', 0, 199, 96, 104),
      strokeSegment('vertical', 20, 190, 56, 64),
      strokeSegment('vertical', 20, 190, 136, 144),
    ];
    const { dots } = findSymbols(connectedComponents(ink, W, H), segments, W, H, 5, ink);
    expect(dots.map((d) => [d.x0, d.x1])).toEqual([[127, 153]]);
  });

  describe('boxes drawn with lines', () => {
    const boxes = (segments: Segment[]) =>
      findSymbols([], segments, W, H, 2, new Uint8Array(W * H)).symbols.filter((s) => s.description === 'equipment (box)');

    it('finds a box whose short sides were found in pieces, cut where pipes enter them', () => {
      // Box x 40..120, y 100..140; pipes enter both sides at y 120, so each side is two stubs.
      const segments = [
        lineSegment('horizontal', 100, 40, 120),
        lineSegment('horizontal', 140, 40, 120),
        lineSegment('vertical', 40, 100, 117),
        lineSegment('vertical', 40, 123, 140),
        lineSegment('vertical', 120, 100, 117),
        lineSegment('vertical', 120, 123, 140),
        lineSegment('horizontal', 120, 0, 40),
        lineSegment('horizontal', 120, 120, 199),
      ];
      expect(boxes(segments).map((b) => [b.x0, b.y0, b.x1, b.y1])).toEqual([[39, 99, 121, 141]]);
      // With a side's piece missing the box is open: no box.
      expect(boxes(segments.filter((_, i) => i !== 3))).toEqual([]);
    });

    it('finds a shared display that a line meets at one corner (its top running on), but no such square without a circle', () => {
      // A square x 50..110, y 100..160 with a ring inside; its top edge runs on to the right past the corner.
      const ink = new Uint8Array(W * H);
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (Math.abs(Math.hypot(x - 80, y - 130) - 27) <= 1) ink[y * W + x] = 1;
      const square = [
        lineSegment('horizontal', 100, 50, 190),
        lineSegment('horizontal', 160, 50, 110),
        lineSegment('vertical', 50, 100, 160),
        lineSegment('vertical', 110, 100, 160),
      ];
      const displays = (segments: Segment[], mask: Uint8Array) =>
        findSymbols(connectedComponents(mask, W, H), segments, W, H, 3, mask).symbols.filter(
          (s) => s.description === 'instrument (shared display)' || s.description === 'equipment (box)',
        );
      expect(displays(square, ink).map((s) => [s.description, s.x0, s.y0, s.x1, s.y1])).toEqual([
        ['instrument (shared display)', 49, 99, 111, 161],
      ]);
      // No circle inside: a loop of lines, no box. Lines on past two corners: no box either.
      expect(displays(square, new Uint8Array(W * H))).toEqual([]);
      expect(displays([...square.slice(0, 1), lineSegment('horizontal', 160, 0, 110), ...square.slice(2)], ink)).toEqual([]);
    });

    it("takes a plate exchanger's overhanging head bar with its frame, but no edge that merely runs on", () => {
      // Frame x 60..100, y 120..250; the head bar is a thin box x 50..110, y 110..120 on the frame's top.
      const frame = [
        lineSegment('horizontal', 250, 60, 100),
        lineSegment('vertical', 60, 120, 250),
        lineSegment('vertical', 100, 120, 250),
      ];
      const headBar = [lineSegment('horizontal', 110, 50, 110), lineSegment('horizontal', 120, 50, 110)];
      expect(boxes([...frame, ...headBar]).map((b) => [b.x0, b.y0, b.x1, b.y1])).toEqual([[50, 109, 110, 251]]);
      // The top edge runs on past the corners with no bar outside it: a pipe along the box, not a drawn box.
      expect(boxes([...frame, headBar[1]])).toEqual([]);
    });
  });
});
