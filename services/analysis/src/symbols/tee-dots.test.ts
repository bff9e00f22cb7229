import { describe, expect, it } from '@jest/globals';
import type { InkImage } from '../pipeline/components';
import type { Segment } from '../pipeline/lines';
import type { DetectedSymbol } from '../pipeline/symbols';
import { withoutTeeDots } from './tee-dots';

/** A 100 x 200 page with a vertical pipe at x 49-51 from y 20 to 180, and what `draw` adds. */
function page(draw: (x: number, y: number) => boolean): InkImage {
  const [width, height] = [100, 200];
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if ((x >= 49 && x <= 51 && y >= 20 && y <= 180) || draw(x, y)) mask[y * width + x] = 1;
  return { mask, width, height };
}
const pipe: Segment = { orientation: 'vertical', start: 20, end: 180, lo: 49, hi: 51, dashed: false };
const fitting = (x0: number, y0: number, x1: number, y1: number, symbolClass = 'orifice_plate'): DetectedSymbol => ({
  x0,
  y0,
  x1,
  y1,
  elementType: 'fitting',
  description: symbolClass.replace(/_/g, ' '),
  symbolClass,
  confidence: 0.8,
});
// A junction dot of radius 5 at (50, 100), its branch leaving to the right.
const disc = (x: number, y: number) => (x - 50) ** 2 + (y - 100) ** 2 <= 25.5 || (y >= 99 && y <= 101 && x >= 50 && x <= 90);
const onDisc = fitting(45, 95, 58, 105);

describe('fittings detected on a junction dot', () => {
  it('drops a fitting boxing a filled disc on a pipe that runs on past it', () => {
    expect(withoutTeeDots([onDisc], page(disc), [pipe], 3)).toEqual([]);
  });

  it('keeps a filled disc on a straight pipe that no line leaves: a symbol drawn as a dot, not a junction', () => {
    const bare = (x: number, y: number) => (x - 50) ** 2 + (y - 100) ** 2 <= 25.5;
    expect(withoutTeeDots([onDisc], page(bare), [pipe], 3)).toEqual([onDisc]);
    // Its branch a stroke longer than the disc's radius makes it a junction again.
    const shortBranch = (x: number, y: number) => bare(x, y) || (y >= 99 && y <= 101 && x >= 50 && x <= 61);
    expect(withoutTeeDots([onDisc], page(shortBranch), [pipe], 3)).toEqual([]);
    // A blot that runs along the pipe little more than half as far as across (a scan's blurred slash mark) is no disc.
    const blot = (x: number, y: number) => x >= 44 && x <= 56 && y >= 97 && y <= 103;
    expect(withoutTeeDots([fitting(44, 97, 56, 103)], page(blot), [pipe], 3)).toEqual([]);
  });

  it('keeps a bar across the pipe (an orifice plate), a dot at a pipe end, a valve, and a fitting on a dashed line', () => {
    const bar = (x: number, y: number) => x >= 42 && x <= 58 && y >= 99 && y <= 101;
    expect(withoutTeeDots([fitting(42, 99, 58, 101)], page(bar), [pipe], 3)).toHaveLength(1);
    const ending: Segment = { ...pipe, end: 100 };
    expect(withoutTeeDots([onDisc], page(disc), [ending], 3)).toHaveLength(1);
    expect(withoutTeeDots([{ ...onDisc, elementType: 'valve' }], page(disc), [pipe], 3)).toHaveLength(1);
    expect(withoutTeeDots([onDisc], page(disc), [{ ...pipe, dashed: true }], 3)).toHaveLength(1);
  });
});

describe('a tee dot with a valve leaving it', () => {
  // The branch's valve: a filled body from x 56 to 70 right at the dot, reaching into the fitting's box as the
  // detector boxes it.
  const withValve = (x: number, y: number) => disc(x, y) || (x >= 56 && x <= 70 && y >= 94 && y <= 106);
  const valve: DetectedSymbol = { ...fitting(56, 92, 70, 108, 'gate_valve'), elementType: 'valve' };
  const overDot = fitting(45, 95, 60, 105);

  it("drops the fitting on the dot: the valve's ink in its box is the valve's", () => {
    expect(withoutTeeDots([overDot, valve], page(withValve), [pipe], 3)).toEqual([valve]);
  });

  it('drops a round disc with a valve detected right beside it, though the scan left paper between them', () => {
    const bare = (x: number, y: number) => (x - 50) ** 2 + (y - 100) ** 2 <= 25.5;
    const apart = (x: number, y: number) => bare(x, y) || (x >= 58 && x <= 70 && y >= 94 && y <= 106);
    const beside: DetectedSymbol = { ...fitting(57, 92, 70, 108, 'gate_valve'), elementType: 'valve' };
    expect(withoutTeeDots([onDisc, beside], page(apart), [pipe], 3)).toEqual([beside]);
  });

  it('keeps it where no detection holds that ink', () => {
    expect(withoutTeeDots([overDot], page(withValve), [pipe], 3)).toEqual([overDot]);
  });
});

describe('a spectacle blind drawn as a disc on the pipe and a ring beside it', () => {
  it('is kept', () => {
    const spectacle = (x: number, y: number) => {
      const ring = (x - 64) ** 2 + (y - 100) ** 2;
      return (x - 50) ** 2 + (y - 100) ** 2 <= 25.5 || (ring <= 30 && ring >= 9) || (y >= 99 && y <= 101 && x >= 50 && x <= 60);
    };
    expect(withoutTeeDots([fitting(45, 95, 70, 105, 'spectacle_blind')], page(spectacle), [pipe], 4)).toHaveLength(1);
  });
});
