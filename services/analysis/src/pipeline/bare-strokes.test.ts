import { describe, expect, it } from '@jest/globals';
import { splitAtBareStrokes } from './bare-strokes';
import type { InkImage } from './components';

const W = 200;
const H = 80;
const UNIT = 3;

function ink(draw: (fill: (x0: number, y0: number, x1: number, y1: number) => void) => void): InkImage {
  const mask = new Uint8Array(W * H);
  draw((x0, y0, x1, y1) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask[y * W + x] = 1;
  });
  return { mask, width: W, height: H };
}

/** A valve-sized body: a 20 × 20 outline three pixels thick. */
const body = (fill: (x0: number, y0: number, x1: number, y1: number) => void, x: number) => {
  fill(x, 30, x + 19, 32);
  fill(x, 47, x + 19, 49);
  fill(x, 30, x + 2, 49);
  fill(x + 17, 30, x + 19, 49);
};

const WHOLE = { x0: 0, y0: 0, x1: W - 1, y1: H - 1 };

describe('splitAtBareStrokes', () => {
  it('takes two bodies apart at the pipe piece between them and returns the piece', () => {
    const image = ink((fill) => {
      body(fill, 20);
      fill(40, 39, 69, 41); // a 30 px leg, three wide, nothing beside it
      body(fill, 70);
    });
    const split = splitAtBareStrokes(WHOLE, image, UNIT);
    expect(split?.parts).toEqual([
      { x0: 20, y0: 30, x1: 39, y1: 49 },
      { x0: 70, y0: 30, x1: 89, y1: 49 },
    ]);
    expect(split?.strokes.map((s) => [s.orientation, s.start, s.end, s.lo, s.hi])).toEqual([['horizontal', 40, 69, 39, 41]]);
    // Looked at through a candidate's box away from the page's corner: the same, in page coordinates.
    const offset = splitAtBareStrokes({ x0: 10, y0: 20, x1: 150, y1: 70 }, image, UNIT);
    expect(offset?.parts).toEqual(split?.parts);
    expect(offset?.strokes).toEqual(split?.strokes);
  });

  it('leaves a body whole when the stroke from it ends in the open (a pipe end, a stem without actuator)', () => {
    // The stroke stops two pixels short of a second body: touching that closely, all of it is one part, and
    // would be two were the stroke cut.
    const image = ink((fill) => {
      body(fill, 20);
      fill(40, 39, 69, 41);
      body(fill, 72);
    });
    expect(splitAtBareStrokes(WHOLE, image, UNIT)).toBeUndefined();
  });

  it('does not cut a short neck, a wide bar or a stroke with ink beside it', () => {
    const neck = ink((fill) => {
      body(fill, 20);
      fill(40, 39, 45, 41); // shorter than three stroke widths: a valve's own neck
      body(fill, 46);
    });
    expect(splitAtBareStrokes(WHOLE, neck, UNIT)).toBeUndefined();
    const wide = ink((fill) => {
      body(fill, 20);
      fill(40, 35, 69, 44); // ten wide: a filled shape, not a pipe
      body(fill, 70);
    });
    expect(splitAtBareStrokes(WHOLE, wide, UNIT)).toBeUndefined();
    const flanked = ink((fill) => {
      body(fill, 20);
      fill(40, 39, 69, 41);
      fill(45, 44, 64, 45); // a second stroke just below: a double line, part of a shape
      body(fill, 70);
    });
    expect(splitAtBareStrokes(WHOLE, flanked, UNIT)).toBeUndefined();
  });

  it('takes two bodies apart at an L-shaped leg between them, and returns both its pieces', async () => {
    const image = ink((fill) => {
      body(fill, 20); // y 30..49
      fill(40, 39, 99, 41); // along, then up at x 100..102 to the second body's base
      fill(100, 10, 102, 41);
      fill(92, 0, 111, 9); // a flat body sitting on the leg's top end
    });
    const split = splitAtBareStrokes(WHOLE, image, UNIT);
    expect(split?.parts).toEqual([
      { x0: 92, y0: 0, x1: 111, y1: 9 },
      { x0: 20, y0: 30, x1: 39, y1: 49 },
    ]);
    expect(split?.strokes.map((s) => s.orientation).sort()).toEqual(['horizontal', 'vertical']);
  });

  it('does not take a drawn box for pipe pieces: its edges turn into each other all round', () => {
    const image = ink((fill) => {
      fill(100, 20, 139, 22);
      fill(100, 57, 139, 59);
      fill(100, 20, 102, 59);
      fill(137, 20, 139, 59);
      body(fill, 20);
      fill(40, 39, 99, 41); // a leg from a body to the box's side: the box stays whole
    });
    const split = splitAtBareStrokes(WHOLE, image, UNIT);
    expect(split?.parts).toEqual([
      { x0: 100, y0: 20, x1: 139, y1: 59 },
      { x0: 20, y0: 30, x1: 39, y1: 49 },
    ]);
  });

  it('takes a leg for a pipe piece where it ends at a pipe found before (a stub already cut at its corner)', () => {
    // A body, a leg to x 99, then (cut from the ink) a stub down x 100..102 to a second body at y 61.
    const image = ink((fill) => {
      body(fill, 20);
      fill(40, 39, 99, 41);
      fill(92, 61, 111, 70);
    });
    expect(splitAtBareStrokes(WHOLE, image, UNIT)).toBeUndefined();
    const stub = { orientation: 'vertical' as const, start: 42, end: 60, lo: 100, hi: 102, dashed: false, stub: true };
    const split = splitAtBareStrokes(WHOLE, image, UNIT, [stub]);
    expect(split?.strokes.map((s) => [s.orientation, s.start, s.end])).toEqual([['horizontal', 40, 99]]);
    expect(split?.parts).toEqual([
      { x0: 20, y0: 30, x1: 39, y1: 49 },
      { x0: 92, y0: 61, x1: 111, y1: 70 },
    ]);
  });

  it('takes a leg for a pipe piece where the pipe found before turns at its end square (the leg ran on over the corner)', () => {
    // As above, but the leg's ink runs over the corner to x 103, a pixel past the pipe down (x 100..102, from y 39).
    const image = ink((fill) => {
      body(fill, 20);
      fill(40, 39, 103, 41);
      fill(92, 61, 111, 70);
    });
    const pipe = { orientation: 'vertical' as const, start: 39, end: 60, lo: 100, hi: 102, dashed: false };
    const split = splitAtBareStrokes(WHOLE, image, UNIT, [pipe]);
    expect(split?.strokes.map((s) => [s.orientation, s.start, s.end])).toEqual([['horizontal', 40, 103]]);
    expect(split?.parts).toEqual([
      { x0: 20, y0: 30, x1: 39, y1: 49 },
      { x0: 92, y0: 61, x1: 111, y1: 70 },
    ]);
  });
});
