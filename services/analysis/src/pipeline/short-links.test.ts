import { describe, expect, it } from '@jest/globals';
import type { Box, InkImage } from './components';
import type { Segment } from './lines';
import { legsToLines, shortLinks } from './short-links';
import { traceConnections } from './connections';

/** A 200 x 100 page of paper with the given ink rectangles (inclusive). */
function page(...rects: Box[]): InkImage {
  const [width, height] = [200, 100];
  const mask = new Uint8Array(width * height);
  for (const { x0, y0, x1, y1 } of rects) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask[y * width + x] = 1;
  return { mask, width, height };
}

/** An instrument at x 20-60 and a vessel at x 100-180, facing each other across a 39-px gap at y 30-70. */
const instrument: Box = { x0: 20, y0: 30, x1: 60, y1: 70 };
const vessel: Box = { x0: 100, y0: 10, x1: 180, y1: 90 };
const never = () => false;

describe('symbols joined by a stroke too short to be a line', () => {
  it('joins two boxes across a gap crossed by one dash, as a signal line', () => {
    const [link] = shortLinks([instrument, vessel], page({ x0: 70, y0: 49, x1: 85, y1: 50 }), 2, never);
    expect(link).toMatchObject({ a: 0, b: 1, dashed: true, link: { orientation: 'horizontal', start: [61, 49.5], end: [99, 49.5] } });
    // A stroke across the whole gap is a pipe.
    expect(shortLinks([instrument, vessel], page({ x0: 61, y0: 49, x1: 99, y1: 50 }), 2, never)[0].dashed).toBe(false);
  });

  it('leaves boxes apart where the gap holds text, a blot, nothing, or another symbol, or where they are joined already', () => {
    const dash = { x0: 70, y0: 49, x1: 85, y1: 50 };
    // Text: rows of ink above and below the stroke.
    expect(shortLinks([instrument, vessel], page(dash, { x0: 66, y0: 40, x1: 94, y1: 43 }), 2, never)).toEqual([]);
    // A blot: too thick to be a stroke.
    expect(shortLinks([instrument, vessel], page({ x0: 70, y0: 40, x1: 85, y1: 55 }), 2, never)).toEqual([]);
    expect(shortLinks([instrument, vessel], page(), 2, never)).toEqual([]);
    const between: Box = { x0: 72, y0: 45, x1: 82, y1: 55 };
    expect(shortLinks([instrument, vessel, between], page(dash), 2, never).filter(({ b }) => b === 1)).toEqual([]);
    expect(shortLinks([instrument, vessel], page(dash), 2, () => true)).toEqual([]);
  });

  it("joins them past a label beside the stroke (a valve's fail action), not through text on it", () => {
    const ink = page({ x0: 70, y0: 49, x1: 85, y1: 50 });
    const label: Box = { x0: 66, y0: 32, x1: 80, y1: 42 };
    expect(shortLinks([instrument, vessel], ink, 2, never, [label])).toMatchObject([{ a: 0, b: 1, dashed: true }]);
    const onIt: Box = { x0: 66, y0: 46, x1: 80, y1: 53 };
    expect(shortLinks([instrument, vessel], ink, 2, never, [onIt])).toEqual([]);
  });

  it("joins them past a label drawn right against the stroke, or a symbol's part outside its box at the gap's end", () => {
    // "FO" 2 px above the dashes: the ink beside the stroke is the label's, which the text finder boxed.
    const dash = { x0: 70, y0: 49, x1: 85, y1: 50 };
    const dashes = [
      { x0: 61, y0: 49, x1: 75, y1: 50 },
      { x0: 80, y0: 49, x1: 94, y1: 50 },
    ];
    const fo = [
      { x0: 72, y0: 43, x1: 78, y1: 46 },
      { x0: 81, y0: 43, x1: 88, y1: 46 },
    ];
    const label: Box = { x0: 71, y0: 42, x1: 89, y1: 46 };
    expect(shortLinks([instrument, vessel], page(...dashes, ...fo), 2, never, [label])).toMatchObject([{ a: 0, b: 1, dashed: true }]);
    expect(shortLinks([instrument, vessel], page(...dashes, ...fo), 2, never)).toEqual([]);
    // An actuator's back, a 3-px bar across the stroke just outside the vessel's box.
    const back = { x0: 94, y0: 42, x1: 96, y1: 57 };
    expect(shortLinks([instrument, vessel], page(dash, back), 2, never)).toMatchObject([{ a: 0, b: 1, dashed: true }]);
    // The same bar in the gap's middle is ink beside the stroke.
    expect(shortLinks([instrument, vessel], page(dash, { ...back, x0: 78, x1: 82 }), 2, never)).toEqual([]);
  });

  it('takes no line found already for a link: a pipe stopping in the gap is traced, not bridged', () => {
    const pipe: Segment = { orientation: 'horizontal', start: 0, end: 75, lo: 49, hi: 50, dashed: false };
    const ink = page({ x0: 61, y0: 49, x1: 75, y1: 50 });
    expect(shortLinks([instrument, vessel], ink, 2, never, [], [pipe])).toEqual([]);
    // A line elsewhere (across the gap, or another row) leaves the link.
    const crossing: Segment = { orientation: 'vertical', start: 0, end: 99, lo: 80, hi: 81, dashed: true };
    const below: Segment = { ...pipe, lo: 60, hi: 61 };
    const dash = page({ x0: 70, y0: 49, x1: 85, y1: 50 });
    expect(shortLinks([instrument, vessel], dash, 2, never, [], [crossing, below])).toMatchObject([{ a: 0, b: 1 }]);
  });

  it('takes a line found along the stroke, out of one box, for a piece of it where the stroke goes on into the other', () => {
    // A signal line's long dash found as a line with the line drawn through the vessel's middle (x 80-150), and a
    // 6-px dash beyond it, toward the instrument.
    const piece: Segment = { orientation: 'horizontal', start: 80, end: 150, lo: 49, hi: 50, dashed: false };
    const signal = page({ x0: 66, y0: 49, x1: 71, y1: 50 }, { x0: 80, y0: 49, x1: 99, y1: 50 });
    expect(shortLinks([instrument, vessel], signal, 2, never, [], [piece])).toMatchObject([{ a: 0, b: 1, dashed: true }]);
    // Paper beyond the line's end (it turned, or stopped): a pipe stopping in the gap.
    expect(shortLinks([instrument, vessel], page({ x0: 80, y0: 49, x1: 99, y1: 50 }), 2, never, [], [piece])).toEqual([]);
    // Pieces out of both boxes, a dash's gap between them (x 72-76): the two dashes of a signal line; paper longer
    // than a dash's gap between them is no stroke.
    const fromInstrument: Segment = { ...piece, start: 0, end: 71 };
    const twoDashes = page({ x0: 61, y0: 49, x1: 71, y1: 50 }, { x0: 77, y0: 49, x1: 99, y1: 50 });
    const nearer: Segment = { ...piece, start: 77 };
    expect(shortLinks([instrument, vessel], twoDashes, 2, never, [], [fromInstrument, nearer])).toMatchObject([{ a: 0, b: 1 }]);
    const apart = page({ x0: 61, y0: 49, x1: 71, y1: 50 }, { x0: 80, y0: 49, x1: 99, y1: 50 });
    expect(shortLinks([instrument, vessel], apart, 2, never, [], [fromInstrument, piece])).toEqual([]);
    // A line standing in the gap alone, from neither box.
    const alone: Segment = { ...piece, start: 70, end: 90 };
    expect(shortLinks([instrument, vessel], page({ x0: 66, y0: 49, x1: 99, y1: 50 }), 2, never, [], [alone])).toEqual([]);
  });

  it("takes no link where the stroke turns at a corner in the gap, or stops short: one symbol's leg, paper to the other", () => {
    // A signal line comes up x 80-81 and turns right at y 49-50 into the vessel: its leg (x 80-99) is a dash, the
    // 18 px from the instrument to the corner are paper.
    const up: Segment = { orientation: 'vertical', start: 49, end: 99, lo: 80, hi: 81, dashed: true };
    const leg = page({ x0: 80, y0: 49, x1: 99, y1: 50 }, { x0: 80, y0: 51, x1: 81, y1: 99 });
    expect(shortLinks([instrument, vessel], leg, 2, never, [], [up])).toEqual([]);
    // A line ending on a stroke that runs on to both boxes is a tee on it: the two are joined.
    const tee = page({ x0: 61, y0: 49, x1: 99, y1: 50 }, { x0: 80, y0: 51, x1: 81, y1: 99 });
    expect(shortLinks([instrument, vessel], tee, 2, never, [], [up])).toMatchObject([{ a: 0, b: 1 }]);
    // The corner's line not found: a stroke from the instrument stopping short, paper over half the gap (x 76-99)
    // to the vessel, is no link either.
    expect(shortLinks([instrument, vessel], page({ x0: 61, y0: 49, x1: 75, y1: 50 }), 2, never)).toEqual([]);
  });

  it('takes a stub cut at one box for a piece of the stroke where the stroke runs on, solid, into the other', () => {
    const stub: Segment = { orientation: 'horizontal', start: 61, end: 75, lo: 49, hi: 50, dashed: false, stub: true };
    const solid = page({ x0: 61, y0: 49, x1: 99, y1: 50 });
    expect(shortLinks([instrument, vessel], solid, 2, never, [], [stub])).toMatchObject([{ a: 0, b: 1, dashed: false }]);
    // The stub stopping in the gap stays a pipe that stops there.
    expect(shortLinks([instrument, vessel], page({ x0: 61, y0: 49, x1: 75, y1: 50 }), 2, never, [], [stub])).toEqual([]);
  });

  it('joins a drain valve and its cap a few pixels apart, where no pipe reaches either from outside', () => {
    // A valve at x 20-60 against a junction on the main pipe (no leg), its cap at x 66-74: a 5-px stub between.
    const cap: Box = { x0: 66, y0: 44, x1: 74, y1: 55 };
    const stub = page({ x0: 61, y0: 49, x1: 65, y1: 50 });
    expect(shortLinks([instrument, cap], stub, 2, never)).toMatchObject([
      { a: 0, b: 1, dashed: false, link: { orientation: 'horizontal', start: [61, 49.5], end: [65, 49.5] } },
    ]);
    expect(shortLinks([instrument, cap], page(), 2, never)).toEqual([]);
  });

  it('joins boxes up to twice the larger one apart (a gauge a bubble or two from its indicator, or from thin bars), and no further', () => {
    const dashes = [70, 95, 120, 145].map((x) => ({ x0: x, y0: 49, x1: x + 14, y1: 50 }));
    // An orifice plate's bars, 5 x 11 px, 78 px from the instrument: under twice the instrument's 41.
    const bars: Box = { x0: 139, y0: 45, x1: 143, y1: 55 };
    expect(shortLinks([instrument, bars], page(...dashes.slice(0, 3)), 2, never)).toMatchObject([{ a: 0, b: 1, dashed: true }]);
    // A gap of 90 px between two bubbles of 41.
    const far: Box = { x0: 151, y0: 30, x1: 191, y1: 70 };
    expect(shortLinks([instrument, far], page(...dashes), 2, never)).toEqual([]);
  });
});

describe("a symbol's leg to a pipe, too short to be a line", () => {
  // A pipe along y 80-81 (x 0-199); a valve above it at x 90-110, y 30-59, its leg a 20-px stroke at x 99-100.
  const pipe: Segment = { orientation: 'horizontal', start: 0, end: 199, lo: 80, hi: 81, dashed: false };
  const valve: Box = { x0: 90, y0: 30, x1: 110, y1: 59 };
  const pumps: Box[] = [
    { x0: 0, y0: 70, x1: 8, y1: 90 },
    { x0: 191, y0: 70, x1: 199, y1: 90 },
  ];
  const leg = { x0: 99, y0: 60, x1: 100, y1: 79 };

  it('finds the leg on a short branch, from the symbol into the pipe, and the branch is traced through it', () => {
    const ink = page({ x0: 0, y0: 80, x1: 199, y1: 81 }, leg);
    const legs = legsToLines([valve, ...pumps], [pipe], ink, 2);
    expect(legs).toEqual([{ orientation: 'vertical', start: 60, end: 81, lo: 99, hi: 100, dashed: false }]);
    const traced = (segments: Segment[]) =>
      traceConnections(segments, [valve, ...pumps], [], 2).map(({ source, target }) => [source, target]);
    expect(traced([pipe, ...legs])).toEqual(expect.arrayContaining([[0, 1]]));
    expect(traced([pipe])).toEqual([[1, 2]]);
  });

  it('finds no leg where one stroke crosses the pipe between two symbols, one either side of it', () => {
    const below: Box = { x0: 90, y0: 90, x1: 110, y1: 99 };
    const ink = page({ x0: 0, y0: 80, x1: 199, y1: 81 }, { ...leg, y1: 89 });
    expect(legsToLines([valve, below, ...pumps], [pipe], ink, 2)).toEqual([]);
    expect(shortLinks([valve, below], ink, 2, never, [], [pipe])).toMatchObject([{ a: 0, b: 1, dashed: false }]);
    // One symbol alone on that stroke keeps its leg.
    expect(legsToLines([valve, ...pumps], [pipe], ink, 2)).toHaveLength(1);
  });

  it('finds the few pixels of leg of a valve drawn against a pipe that runs past it (the tracer joins only ends)', () => {
    const against: Box = { x0: 90, y0: 50, x1: 110, y1: 76 };
    const legs = legsToLines([against], [pipe], page({ x0: 99, y0: 77, x1: 100, y1: 79 }), 2);
    expect(legs).toEqual([{ orientation: 'vertical', start: 77, end: 81, lo: 99, hi: 100, dashed: false }]);
  });

  it('finds the leg of a valve drawn against a junction dot, through the dot into the pipe', () => {
    // A pipe along x 40-43 (y 0-99); a dot of radius 7 on it at y 50; a valve from x 51 whose tip the dot touches.
    const vertical: Segment = { orientation: 'vertical', start: 0, end: 99, lo: 40, hi: 43, dashed: false };
    const dot = (cx: number, cy: number, r: number): Box[] =>
      Array.from({ length: 2 * r + 1 }, (_, i) => {
        const dy = i - r;
        const dx = Math.floor(Math.sqrt(r * r - dy * dy));
        return { x0: cx - dx, y0: cy + dy, x1: cx + dx, y1: cy + dy };
      });
    const valveAt: Box = { x0: 51, y0: 42, x1: 80, y1: 58 };
    const ink = page({ x0: 40, y0: 0, x1: 43, y1: 99 }, ...dot(42, 50, 8));
    const legs = legsToLines([valveAt], [vertical], ink, 1);
    expect(legs).toMatchObject([{ orientation: 'horizontal', end: 50 }]);
    expect(legs[0].start).toBeLessThanOrEqual(42);
    // A blot as thick beside the pipe that stops at it, no dot, is no leg.
    const blot = page({ x0: 40, y0: 0, x1: 43, y1: 99 }, { x0: 44, y0: 44, x1: 50, y1: 56 });
    expect(legsToLines([valveAt], [vertical], blot, 1)).toEqual([]);
  });

  it('finds none where the stroke is broken (a signal), has ink beside it, or the gap holds a solid line found already', () => {
    expect(legsToLines([valve], [pipe], page({ x0: 99, y0: 60, x1: 100, y1: 65 }, { x0: 99, y0: 72, x1: 100, y1: 79 }), 2)).toEqual([]);
    expect(legsToLines([valve], [pipe], page(leg, { x0: 103, y0: 62, x1: 109, y1: 77 }), 2)).toEqual([]);
    const found: Segment = { orientation: 'vertical', start: 60, end: 79, lo: 99, hi: 100, dashed: false };
    expect(legsToLines([valve], [pipe, found], page(leg), 2)).toEqual([]);
    // A dashed line the dash finder read along the leg does not stand in its way.
    expect(legsToLines([valve], [pipe, { ...found, dashed: true }], page(leg), 2)).toHaveLength(1);
  });
});
