import { describe, expect, it } from 'vitest';
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
  });

  it('leaves a body whole when the stroke from it ends in the open (a pipe end, a stem without actuator)', () => {
    const image = ink((fill) => {
      body(fill, 20);
      fill(40, 39, 69, 41);
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
});
